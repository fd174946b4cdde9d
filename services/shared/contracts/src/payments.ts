import { z } from 'zod';
import { actorSchema, defineEvent, defineRpc } from './envelope';
import { chosenSlotSchema, heldSlotSchema } from './pickup';

export const PAYMENT_MESSAGES = {
  invalidData: 'Données de paiement invalides',
  paymentError: 'Erreur lors du paiement',
  declined: 'Votre carte a été refusée.',
  insufficientFunds: 'Votre carte ne dispose pas de fonds suffisants.',
  invalidCard: 'Numéro de carte invalide.',
  invalidExpiry: "Date d'expiration invalide.",
  invalidCvc: 'Code de sécurité invalide.',
  alreadyPaid: 'Ce paiement a déjà été effectué.',
} as const;

export const checkoutLineSchema = z.object({
  meal_id: z.string(),
  cook_id: z.string(),
  cook_name: z.string(),
  name: z.string(),
  unit_price_cents: z.number().int().nonnegative(),
  quantity: z.number().int().positive(),
});
export type CheckoutLine = z.infer<typeof checkoutLineSchema>;

export const CHECKOUT_STATUSES = ['requires_payment_method', 'processing', 'succeeded'] as const;

export const checkoutSchema = z.object({
  checkout_id: z.string(),
  consumer_id: z.string(),
  status: z.enum(CHECKOUT_STATUSES),
  amount_cents: z.number().int().nonnegative(),
  currency: z.literal('eur'),
  lines: z.array(checkoutLineSchema),
  /** One pick-up slot per cook, held while paying (issue 17). */
  slots: z.array(heldSlotSchema),
  provider: z.enum(['sandbox', 'stripe']),
  last_error: z.string().nullable(),
  created_at: z.string(),
});
export type CheckoutDto = z.infer<typeof checkoutSchema>;

export const cardSchema = z.object({
  number: z.string().trim().max(30),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
  cvc: z.string().trim().max(4),
});

export const PaymentsRpc = {
  createPaymentIntent: defineRpc(
    'rpc.payments.create-payment-intent',
    z.object({
      actor: actorSchema,
      slots: z.array(chosenSlotSchema).max(50).default([]),
      /** The buyer's name as their account says it (the BFF reads it): shown to the cooks on their orders. */
      consumer_name: z.string().max(200).default(''),
    }),
    z.object({ checkout: checkoutSchema, client_secret: z.string(), publishable_key: z.string().nullable() }),
  ),
  confirmSandboxPayment: defineRpc(
    'rpc.payments.confirm-sandbox-payment',
    z.object({ actor: actorSchema, checkout_id: z.string().min(1), card: cardSchema }),
    z.object({ checkout: checkoutSchema }),
  ),
  getCheckout: defineRpc(
    'rpc.payments.get-checkout',
    z.object({ actor: actorSchema, checkout_id: z.string().min(1) }),
    z.object({ checkout: checkoutSchema.nullable() }),
  ),
} as const;

export const PaymentsEvents = {
  paymentSucceeded: defineEvent(
    'evt.payments.payment-succeeded.v1',
    z.object({
      checkout_id: z.string(),
      consumer_id: z.string(),
      amount_cents: z.number().int(),
      payment_intent_id: z.string(),
      lines: z.array(checkoutLineSchema),
      /** The slot of each cook (empty on events published before slots existed). */
      slots: z.array(heldSlotSchema).default([]),
      /** The buyer's name, for the cooks (empty on events published before it travelled). */
      consumer_name: z.string().default(''),
    }),
  ),
  paymentFailed: defineEvent(
    'evt.payments.payment-failed.v1',
    z.object({
      checkout_id: z.string(),
      consumer_id: z.string(),
      reason: z.string(),
      /** The cooks whose held slots are released (absent on events published before slots existed). */
      cook_ids: z.array(z.string()).default([]),
    }),
  ),
  refundIssued: defineEvent(
    'evt.payments.refund-issued.v1',
    z.object({ refund_id: z.string(), order_id: z.string(), checkout_id: z.string(), amount_cents: z.number().int() }),
  ),
} as const;
