import { z } from 'zod';
import { orderSchema } from '../ordering/ordering';
import { defineRpc } from '../shared/envelope';
import { USER_TYPES } from '../shared/enums';
import { idSchema } from '../shared/ids';

/**
 * Support tools (the operator's console): an order found by number, buyer or cook, and its whole
 * story told by each service that had a part in it (checkout and payment, stock and slot, order,
 * emails). Each service answers its own part; the BFF merges them by time. Only the BFF calls these
 * (for an operator whose session it verified).
 */

/** One step of an order's story, as a service recorded it. */
export const storyEntrySchema = z.object({
  at: z.iso.datetime(),
  service: z.enum(['ordering', 'payments', 'catalogue', 'notifications']),
  /** Machine name: `order.placed`, `payment.succeeded`, `stock.committed`, `email.sent`… */
  kind: z.string(),
  /** What happened, in French, as the console shows it. */
  label: z.string(),
  /** An amount, an address, an error…; null when the label says it all. */
  detail: z.string().nullable(),
  /** An email that may be sent again (notifications' entries only). */
  email_id: z.string().nullable(),
});
export type StoryEntry = z.infer<typeof storyEntrySchema>;

/**
 * The story-entry builder of one service: `storyOf('payments')(at, kind, label, detail?, emailId?)`.
 * Times are stored instants (Date or ISO), sent as ISO.
 */
export const storyOf =
  (service: StoryEntry['service']) =>
  (at: Date | string, kind: string, label: string, detail: string | null = null, emailId: string | null = null): StoryEntry => ({
    at: new Date(at).toISOString(),
    service,
    kind,
    label,
    detail,
    email_id: emailId,
  });

/** The support tools' French texts (the console shows them as they are). */
export const SUPPORT_MESSAGES = {
  oneCriterion: 'Indiquez un seul critère : un numéro de commande, un acheteur ou un cuisinier',
  orderNumberInvalid: 'Numéro de commande invalide : ses 8 derniers caractères, ou le numéro complet',
  emailInvalid: 'Adresse email invalide',
  /** A search or a story that names no order (the console says it). */
  orderNotFound: 'Commande introuvable',
  emailNotFound: 'Email introuvable',
  emailPending: 'Cet email est encore en cours d’envoi : il n’y a rien à renvoyer pour le moment',
  emailNoRecipient: 'Cet email n’a plus de destinataire : il ne peut pas être renvoyé',
} as const;

/** An order number as the buyer reads it (`Commande n° ${order_id.slice(-8)}`): that many characters. */
export const ORDER_NUMBER_LENGTH = 8;
/** Orders a search answers at most, newest first. */
export const SUPPORT_ORDERS_MAX = 50;

/**
 * What the operator types to find an order: its number (the last 8 characters of its id) or its whole
 * id, as pasted ("Commande n° 1a2b3c4d", "#1a2b3c4d", any case). Order ids are 24 hexadecimal digits
 * (`orderIdOf`): anything else names no order and is refused here.
 */
export const orderNumberField = z
  .string()
  .trim()
  // Defensive like siretField: the transform alone may be handed anything (the French-messages check walks every part).
  .transform((v) => (typeof v === 'string' ? v.replace(/^(commande\s*)?(n°|no\.?|#)?\s*/i, '').toLowerCase() : ''))
  .pipe(z.string().regex(new RegExp(`^([0-9a-f]{${ORDER_NUMBER_LENGTH}}|[0-9a-f]{24})$`), SUPPORT_MESSAGES.orderNumberInvalid));

/** An id of the product's shape (`Identifiant invalide` otherwise). */
const id = idSchema;

/** A user as the console shows a match: who they are on the site, and their role (buyer or cook). */
export const supportUserSchema = z.object({
  user_id: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.enum(USER_TYPES),
});
export type SupportUserDto = z.infer<typeof supportUserSchema>;

/** An order as the console lists it: the buyer's and cook's order, and the trace of its creation in Jaeger. */
export const supportOrderSchema = orderSchema.extend({
  /**
   * The OpenTelemetry trace the order was created in (the payment's, which the checkout's HTTP request
   * started), Jaeger's page `/trace/<trace_id>`. Null on orders placed before it was kept. With a
   * sampling ratio below 1 only sampled traces and the spans that failed are in Jaeger.
   */
  trace_id: z.string().nullable(),
});
export type SupportOrderDto = z.infer<typeof supportOrderSchema>;

const orderStory = z.object({ entries: z.array(storyEntrySchema) });

/**
 * The support calls the services answer (payments' are `PaymentsSupportRpc`). Reads by equality
 * only, bounded: a user by their stored (lower-case) address, orders by id, number, buyer or cook
 * (at most SUPPORT_ORDERS_MAX), an order's story by its id. Only the BFF calls them, for an
 * operator whose session it verified (`operator_id` where something is done in their name).
 */
export const SupportRpc = {
  /** The account with this address (lower-cased, as sign-up stores it), or null; erased accounts are nobody. */
  findUser: defineRpc(
    'rpc.identity.support-find-user',
    z.object({ email: z.string().trim().toLowerCase().max(254).pipe(z.email(SUPPORT_MESSAGES.emailInvalid)) }),
    z.object({ user: supportUserSchema.nullable() }),
    { callers: ['bff'] },
  ),
  /**
   * Orders by exactly one criterion: `order_number` (8 characters, or the whole id), the buyer
   * (`consumer_id`) or the cook (`cook_id`), the others absent or null (refused otherwise: the French
   * text in the error's `fields._`); newest first, at most SUPPORT_ORDERS_MAX. `truncated`:
   * the buyer or cook has more orders than one search reads (ordering's bound): the newest may be
   * missing — search by number then.
   */
  findOrders: defineRpc(
    'rpc.ordering.support-find-orders',
    z
      .object({ order_number: orderNumberField.nullish(), consumer_id: id.nullish(), cook_id: id.nullish() })
      .refine((r) => [r.order_number, r.consumer_id, r.cook_id].filter((v) => v != null).length === 1, {
        message: SUPPORT_MESSAGES.oneCriterion,
      }),
    z.object({ items: z.array(supportOrderSchema), truncated: z.boolean() }),
    { callers: ['bff'] },
  ),
  /** What ordering knows of an order: placed, each status with its time, its slot and its moves, the reminder, the review. */
  orderingStory: defineRpc(
    'rpc.ordering.support-order-story',
    z.object({ order_id: id }),
    z.object({ order: supportOrderSchema.nullable(), entries: z.array(storyEntrySchema) }),
    { callers: ['bff'] },
  ),
  /** The catalogue's part: the checkout's reservation of portions and slot for this order's cook, its commit or refusal, the portions given back. */
  catalogueStory: defineRpc('rpc.catalogue.support-order-story', z.object({ order_id: id, checkout_id: id }), orderStory, {
    callers: ['bff'],
  }),
  /** The emails about the order (sent, waiting, given up; `email_id` to send one again) and the pushes. */
  notificationsStory: defineRpc('rpc.notifications.support-order-story', z.object({ order_id: id }), orderStory, {
    callers: ['bff'],
  }),
  /**
   * Sends a copy of an email to its recipient (the address it went to; one never sent that was
   * addressed to an account: the account's address when the copy is sent), through the mail queue,
   * as a new email (its id answered; `resent_from` and `resent_by` recorded on it). `request_id`: the
   * console's request, so a retried call queues one copy. Refused while the email is still being sent
   * (its own sending goes on).
   */
  resendEmail: defineRpc(
    'rpc.notifications.support-resend-email',
    z.object({ email_id: z.string().trim().min(1).max(300), operator_id: id, request_id: z.string().min(8).max(64) }),
    z.object({ email_id: z.string() }),
    { callers: ['bff'] },
  ),
} as const;
