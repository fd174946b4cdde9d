import { TRADER_LIMITS } from '@popote/rules';
import { z } from 'zod';
import { defineRpc } from '../shared/envelope';

/**
 * The cook is told an operator's decision on their trader details: verified (they can put dishes on
 * sale), or more is asked (the operator's message, to complete in the dashboard's 'Vendeur' tab).
 * Addressed to the account when sent (its address and name as they are then); once per decision (`dedupe_key`).
 */
export const traderDecisionEmailInput = z.object({
  /** The cook's account (the person's export lists the emails recorded under their id). */
  user_id: z.string().min(1).max(200),
  decision: z.enum(['verified', 'more_info_requested']),
  message: z.string().max(TRADER_LIMITS.message).nullable(),
  dedupe_key: z.string().min(1).max(200),
});

export const TraderEmailsRpc = {
  sendDecision: defineRpc('rpc.notifications.send-trader-decision', traderDecisionEmailInput, z.object({ ok: z.boolean() }), {
    callers: ['identity'],
  }),
} as const;
