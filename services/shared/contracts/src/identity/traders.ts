import {
  makeTraderDetailsInput,
  TRADER_DECISIONS,
  TRADER_DOCUMENT_KEY,
  TRADER_LIMITS,
  TRADER_MESSAGES,
  TRADER_STATUSES,
} from '@popote/rules';
import { z } from 'zod';
import { actorSchema, defineRpc } from '../shared/envelope';

export {
  formatPhone,
  formatSiret,
  normalizePhone,
  TRADER_DECISIONS,
  TRADER_DOCUMENT_KEY,
  TRADER_DOCUMENT_KINDS,
  TRADER_DOCUMENT_TYPES,
  TRADER_LIMITS,
  TRADER_MESSAGES,
  TRADER_STATUS_LABELS,
  TRADER_STATUSES,
  type TraderDecision,
  type TraderDocumentKind,
  type TraderStatus,
} from '@popote/rules';

/**
 * A cook's trader details (EU Digital Services Act, traceability of traders): a cook gives them
 * before their first dish goes on sale, an operator verifies them or asks for more, and the cook's
 * public page shows a verified seller's name, address, phone, email and SIRET.
 */

/** What a cook sends (French refusals per field; the SIRET and phone kept as digits). */
export const traderDetailsInput = makeTraderDetailsInput();
export type TraderDetailsInputDto = z.input<typeof traderDetailsInput>;

const address = z.object({ street: z.string(), postcode: z.string(), city: z.string() });

/** The details as stored. Documents are null only on the demo cooks' seeded details. */
export const traderDetailsSchema = z.object({
  legal_name: z.string(),
  siret: z.string(),
  address,
  phone: z.string(),
  email: z.string(),
  ddpp_receipt_key: z.string().nullable(),
  hygiene_certificate_key: z.string().nullable(),
  self_certified: z.boolean(),
});
export type TraderDetailsDto = z.infer<typeof traderDetailsSchema>;

/** A cook's file as the cook and the operators read it. */
export const traderFileSchema = z.object({
  cook_id: z.string(),
  status: z.enum(TRADER_STATUSES),
  /** Grows with each submission: an operator decides on the revision they read, no other. */
  revision: z.number().int().min(0),
  details: traderDetailsSchema.nullable(),
  submitted_at: z.iso.datetime().nullable(),
  decided_at: z.iso.datetime().nullable(),
  verified_at: z.iso.datetime().nullable(),
  /** The operator's last request for more (what the cook must complete while `more_info_requested`). */
  message: z.string().nullable(),
});
export type TraderFileDto = z.infer<typeof traderFileSchema>;

/** What a cook's public page shows of a verified seller: name, address, phone, email and registration number (no documents). */
export const publicSellerSchema = z.object({
  legal_name: z.string(),
  siret: z.string(),
  address,
  phone: z.string(),
  email: z.string(),
});
export type PublicSellerDto = z.infer<typeof publicSellerSchema>;

/** A file waiting in the operators' queue, with who the cook is. */
export const traderQueueItemSchema = traderFileSchema.extend({ cook_name: z.string(), cook_username: z.string() });

/** The operators' queue: waiting for a decision (`submitted`, oldest first) or for the cook (`more_info_requested`). */
export const TRADER_QUEUE_STATUSES = ['submitted', 'more_info_requested'] as const;

const operatorId = z.string().min(1).max(100);
const cookId = z.string().min(1).max(100);

export const TraderRpc = {
  /** The cook saves their details: submitted for verification (unchanged details keep their status). */
  save: defineRpc(
    'rpc.identity.save-trader-details',
    z.object({ actor: actorSchema, details: traderDetailsInput }),
    z.object({ file: traderFileSchema }),
    { callers: ['bff'] },
  ),
  /** A cook's file: the cook's own (`actor`), or any cook's for an operator (`operator_id`). */
  get: defineRpc(
    'rpc.identity.get-trader-details',
    z
      .object({ cook_id: cookId, actor: actorSchema.optional(), operator_id: operatorId.optional() })
      .refine((r) => !!r.actor !== !!r.operator_id, 'Une lecture est faite par le cuisinier ou par un opérateur'),
    z.object({ file: traderFileSchema }),
    { callers: ['bff'] },
  ),
  /** The operators' queue, oldest submission first, a page at a time (`after`: the previous page's `next_cursor`). */
  queue: defineRpc(
    'rpc.identity.list-trader-verifications',
    z.object({
      operator_id: operatorId,
      status: z.enum(TRADER_QUEUE_STATUSES).default('submitted'),
      after: z.string().max(200).nullish(),
      limit: z.number().int().min(1).max(100).default(20),
    }),
    z.object({ items: z.array(traderQueueItemSchema), next_cursor: z.string().nullable() }),
    { callers: ['bff'] },
  ),
  /**
   * An operator verifies the submission they read (`revision`) or asks for more with a message (French,
   * required then). Written once: the same decision again on the same revision changes nothing
   * (`applied: false`); any other decision on a file that is no longer that submission is refused.
   */
  decide: defineRpc(
    'rpc.identity.decide-trader-verification',
    z
      .object({
        operator_id: operatorId,
        cook_id: cookId,
        revision: z.number().int().min(1),
        decision: z.enum(TRADER_DECISIONS),
        message: z.string().trim().max(TRADER_LIMITS.message, TRADER_MESSAGES.messageMax).nullish(),
      })
      .refine((r) => r.decision !== 'ask_more' || !!r.message, { message: TRADER_MESSAGES.messageRequired, path: ['message'] }),
    z.object({ file: traderFileSchema, applied: z.boolean() }),
    { callers: ['bff'] },
  ),
  /** The gate on a new dish: is this cook a verified seller now, and not suspended by a moderation decision (ADR 0042). */
  verifiedSeller: defineRpc(
    'rpc.identity.check-verified-seller',
    z.object({ cook_id: cookId }),
    z.object({ verified: z.boolean(), suspended: z.boolean().default(false) }),
    { callers: ['bff'] },
  ),
  /**
   * The document keys still kept for these cooks (their current details, and those of a trading
   * relationship ended less than six months ago): the BFF's sweep deletes the other stored documents.
   */
  documentsKept: defineRpc(
    'rpc.identity.trader-documents-kept',
    z.object({ cook_ids: z.array(cookId).max(100) }),
    z.object({ keys: z.array(z.string().regex(TRADER_DOCUMENT_KEY)) }),
    { callers: ['bff'] },
  ),
} as const;
