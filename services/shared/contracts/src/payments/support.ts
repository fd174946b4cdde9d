import { z } from 'zod';
import { defineRpc } from '../shared/envelope';
import { storyEntrySchema } from '../support/support';
import { payoutSchema } from './payments';

/** The support refund's French texts (the console shows them as they are). */
export const SUPPORT_REFUND_MESSAGES = {
  amountInvalid: 'Le montant doit être un nombre entier de centimes supérieur à zéro.',
  overTotal: (total: string) => `Le montant dépasse le total de la commande (${total}).`,
  reasonRequired: 'Le motif est obligatoire (il est écrit dans le journal et envoyé au client).',
  notFound: 'Commande introuvable.',
  pickedUpOnly: 'Seule une commande récupérée se rembourse ici : une commande en cours s’annule, ce qui la rembourse entièrement.',
  notPaid: "Cette commande n'a pas été payée : rien à rembourser.",
  alreadyRefunded: (amount: string) => `Cette commande a déjà été remboursée (${amount}) : un seul remboursement par commande.`,
} as const;

/** A refund of an order as support sees it: who asked it, how much, whether the provider made it. */
export const supportRefundSchema = z.object({
  order_id: z.string(),
  amount_cents: z.number().int(),
  /** `due`: recorded, the provider not answered yet (the retry or the reconciliation sweep completes it). */
  status: z.enum(['due', 'made']),
  /** `cancelled`: the order was cancelled; `cook`: the cook refunded it after pick-up; `support`: an operator. */
  origin: z.enum(['cancelled', 'cook', 'support']),
  operator_id: z.string().nullable(),
  reason: z.string().nullable(),
  refunded_at: z.string().nullable(),
});
export type SupportRefundDto = z.infer<typeof supportRefundSchema>;

/** A payout that failed: refused or reversed by the provider, or its bank payout failed afterwards. */
export const failedPayoutSchema = payoutSchema.extend({
  /** `refused`: the transfer was refused or reversed (the money is back on the cook's balance); `bank`: the money stayed on the cook's Stripe balance. */
  failure: z.enum(['refused', 'bank']),
  bank_failure_message: z.string().nullable(),
});
export type FailedPayoutDto = z.infer<typeof failedPayoutSchema>;

export const PaymentsSupportRpc = {
  /**
   * An operator refunds a picked-up order, whole or in part, once: the refund is keyed by the order
   * (one per order), the provider's by the order too; the cook's ledger gives back the refunded part
   * and the commission on it; the buyer is told (refund-issued). `request_id`: the console's request,
   * so a retried call is the same refund, not a refusal.
   */
  refund: defineRpc(
    'rpc.payments.support-refund',
    z.object({
      operator_id: z.string().min(1),
      request_id: z.string().min(8).max(64),
      order_id: z.string().min(1).max(64),
      amount_cents: z
        .number({ message: SUPPORT_REFUND_MESSAGES.amountInvalid })
        .int(SUPPORT_REFUND_MESSAGES.amountInvalid)
        .positive(SUPPORT_REFUND_MESSAGES.amountInvalid),
      reason: z.string().trim().min(3, SUPPORT_REFUND_MESSAGES.reasonRequired).max(500),
    }),
    z.object({ refund: supportRefundSchema }),
    { callers: ['bff'] },
  ),
  /** What payments knows of an order: its checkout (reserved, paid, declined…), receipt and refund. */
  orderStory: defineRpc(
    'rpc.payments.support-order-story',
    z.object({ order_id: z.string().min(1).max(64), checkout_id: z.string().min(1).max(64) }),
    z.object({ entries: z.array(storyEntrySchema), refund: supportRefundSchema.nullable(), receipt_number: z.string().nullable() }),
    { callers: ['bff'] },
  ),
  /** Payouts that failed, newest first (at most 100). */
  failedPayouts: defineRpc('rpc.payments.support-failed-payouts', z.object({}), z.object({ items: z.array(failedPayoutSchema) }), {
    callers: ['bff'],
  }),
} as const;
