import { z } from 'zod';
import { actorSchema, defineEvent, defineRpc } from '../shared/envelope';
import { deliveryAddressSchema } from '../catalogue/pickup';
import { FULFILMENT_MODES, ORDER_STATUSES, TEXT_LIMITS } from '../shared/enums';

export const orderItemSchema = z.object({
  order_item_id: z.string(),
  meal_id: z.string(),
  name: z.string(),
  quantity: z.number().int().positive(),
  /** Unit price at order time. */
  price_cents: z.number().int().nonnegative(),
});
export const orderSchema = z.object({
  order_id: z.string(),
  checkout_id: z.string(),
  consumer_id: z.string(),
  /** The buyer's name (the cook sees it); empty on orders placed before it was kept. */
  consumer_name: z.string(),
  cook_id: z.string(),
  cook_name: z.string(),
  total_cents: z.number().int().nonnegative(),
  order_status: z.enum(ORDER_STATUSES),
  /** Picked up at the cook's or delivered by the cook (ADR 0044): the statuses' words depend on it. */
  delivery_option: z.enum(FULFILMENT_MODES),
  /** The delivery fee inside `total_cents` (0 for a pick-up). */
  delivery_fee_cents: z.number().int().nonnegative(),
  /**
   * The discount taken off this order's dishes (ADR 0045): `total_cents` is what the buyer paid,
   * after it. Its promotion's name, and who funded it (null without a discount).
   */
  discount_cents: z.number().int().nonnegative().default(0),
  discount_name: z.string().nullable().default(null),
  discount_funder: z.enum(['cook', 'platform']).nullable().default(null),
  /**
   * Where a delivery goes: shown to the buyer, and to the cook only while the order is confirmed and
   * not yet delivered (ordering decides, ADR 0044); null otherwise, and once dropped after the retention.
   */
  delivery_address: deliveryAddressSchema.nullable(),
  /** The slot chosen at checkout, pick-up or delivery (ISO instants); null on orders placed before slots existed. */
  pickup_start: z.string().nullable(),
  pickup_end: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  /** The consumer's rating once reviewed (delivered orders only). */
  review_rating: z.number().int().nullable(),
  items: z.array(orderItemSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type OrderDto = z.infer<typeof orderSchema>;

const boughtLine = z.object({
  meal_id: z.string(),
  /** The dish's name at order time (emails list it). Optional: events published before it was added stay valid. */
  name: z.string().optional(),
  quantity: z.number().int().positive(),
  price_cents: z.number().int().nonnegative(),
});

export const ORDER_MESSAGES = {
  notFound: 'Commande introuvable',
  notYours: "Vous n'êtes pas autorisé à modifier cette commande",
  illegal: (label: string) => `Impossible : la commande est « ${label} »`,
  consumerCancelPendingOnly: 'Vous ne pouvez annuler une commande que tant qu’elle est en attente de confirmation',
  reasonRequired: "Veuillez indiquer la raison de l'annulation",
  /** The reason shown to both sides when the portions were gone by the time the paid order was applied. */
  stockUnavailable: 'Plat épuisé au moment de valider la commande. Le paiement est remboursé.',
  slotUnavailable: "Le créneau de retrait choisi n'était plus disponible au moment de valider la commande. Le paiement est remboursé.",
  reviewDeliveredOnly: 'Vous pourrez noter cette commande une fois récupérée',
  reviewOnce: 'Vous avez déjà noté cette commande',
  ratingRange: 'La note doit être comprise entre 1 et 5',
  reasonMax: `Le motif ne doit pas dépasser ${TEXT_LIMITS.cancelReason} caractères`,
  commentMax: `Le commentaire ne doit pas dépasser ${TEXT_LIMITS.reviewComment} caractères`,
  ownReview: 'Vous ne pouvez pas noter vos propres plats',
  /** The reason of an order its cook never confirmed, cancelled a week after its slot (UNATTENDED_AFTER_MS). */
  neverConfirmed: "Le cuisinier n'a jamais confirmé cette commande : elle est annulée et remboursée.",
} as const;

/**
 * An order still open this long after the end of its pick-up slot is closed by the platform
 * (payments' reconciliation asks, ordering decides; docs/checkout.md): one its cook never confirmed is
 * cancelled and refunded; one the cook confirmed, prepared or made ready is closed as picked up (the
 * food was made; the cook is paid, as when nobody came to fetch it).
 */
export const UNATTENDED_AFTER_MS = 7 * 24 * 3_600_000;

/** The cook's next step for each status (the consumer may only cancel while pending). */
export const NEXT_STATUS: Partial<Record<(typeof ORDER_STATUSES)[number], (typeof ORDER_STATUSES)[number]>> = {
  pending: 'confirmed',
  confirmed: 'preparing',
  preparing: 'ready',
  ready: 'delivered',
};

export const reviewSchema = z.object({
  review_id: z.string(),
  order_id: z.string(),
  consumer_id: z.string(),
  consumer_name: z.string(),
  cook_id: z.string(),
  meal_ids: z.array(z.string()),
  meal_names: z.array(z.string()),
  rating: z.number().int().min(1).max(5),
  comment: z.string(),
  created_at: z.string(),
});
export type ReviewDto = z.infer<typeof reviewSchema>;

export const cookStatsSchema = z.object({
  monthly_earnings_cents: z.number().int(),
  pending_orders: z.number().int(),
  total_customers: z.number().int(),
  average_rating: z.number(),
  total_reviews: z.number().int(),
  earnings_by_day: z.array(z.object({ day: z.string(), cents: z.number().int() })),
  best_sellers: z.array(z.object({ meal_id: z.string(), name: z.string(), quantity: z.number().int(), revenue_cents: z.number().int() })),
});
export type CookStatsDto = z.infer<typeof cookStatsSchema>;

export const OrderingRpc = {
  cookOrders: defineRpc('rpc.ordering.cook-orders', z.object({ actor: actorSchema }), z.object({ items: z.array(orderSchema) }), {
    callers: ['bff'],
  }),
  cookStats: defineRpc('rpc.ordering.cook-stats', z.object({ actor: actorSchema }), cookStatsSchema, { callers: ['bff'] }),
  cookReviews: defineRpc(
    'rpc.ordering.cook-reviews',
    z.object({ cook_id: z.string().min(1) }),
    z.object({ items: z.array(reviewSchema) }),
    { callers: ['bff'] },
  ),
  changeStatus: defineRpc(
    'rpc.ordering.change-status',
    z.object({ actor: actorSchema, order_id: z.string().min(1), to: z.enum(ORDER_STATUSES) }),
    z.object({ order: orderSchema }),
    { callers: ['bff'] },
  ),
  /** The order's cook moves its pick-up slot; the buyer is told. */
  movePickupSlot: defineRpc(
    'rpc.ordering.move-pickup-slot',
    z.object({ actor: actorSchema, order_id: z.string().min(1), start: z.string().min(1) }),
    z.object({ order: orderSchema }),
    { callers: ['bff'] },
  ),
  cancelOrder: defineRpc(
    'rpc.ordering.cancel-order',
    z.object({
      actor: actorSchema,
      order_id: z.string().min(1),
      reason: z.string().trim().max(TEXT_LIMITS.cancelReason, ORDER_MESSAGES.reasonMax).default(''),
    }),
    z.object({ order: orderSchema }),
    { callers: ['bff'] },
  ),
  submitReview: defineRpc(
    'rpc.ordering.submit-review',
    z.object({
      actor: actorSchema,
      consumer_name: z.string().default(''),
      order_id: z.string().min(1),
      rating: z
        .number({ message: ORDER_MESSAGES.ratingRange })
        .int(ORDER_MESSAGES.ratingRange)
        .min(1, ORDER_MESSAGES.ratingRange)
        .max(5, ORDER_MESSAGES.ratingRange),
      comment: z.string().trim().max(TEXT_LIMITS.reviewComment, ORDER_MESSAGES.commentMax).default(''),
    }),
    z.object({ review: reviewSchema }),
    { callers: ['bff'] },
  ),
  consumerOrders: defineRpc('rpc.ordering.consumer-orders', z.object({ actor: actorSchema }), z.object({ items: z.array(orderSchema) }), {
    callers: ['bff'],
  }),
  checkoutOrders: defineRpc(
    'rpc.ordering.checkout-orders',
    z.object({ actor: actorSchema, checkout_id: z.string().min(1) }),
    z.object({ items: z.array(orderSchema) }),
    { callers: ['bff'] },
  ),
  /**
   * Internal (payments' reconciliation, not the BFF): the state of orders by id. Order ids derive
   * from (checkout, cook), so payments knows which orders a paid checkout must have become.
   */
  ordersById: defineRpc(
    'rpc.ordering.orders-by-id',
    z.object({ order_ids: z.array(z.string().min(1)).max(100) }),
    z.object({
      items: z.array(
        z.object({
          order_id: z.string(),
          checkout_id: z.string(),
          cook_id: z.string(),
          order_status: z.enum(ORDER_STATUSES),
          stock_status: z.enum(['pending', 'rejected']),
          total_cents: z.number().int(),
          /** The order's pick-up slot as it stands (the cook may have moved it); null before slots. */
          pickup_start: z.string().nullish(),
          pickup_end: z.string().nullish(),
        }),
      ),
    }),
    // Notifications: the slot of an order that is ready, in the buyer's push.
    { callers: ['payments', 'notifications'] },
  ),
  /**
   * Internal (payments' reconciliation): closes the orders given that are still open
   * UNATTENDED_AFTER_MS after their slot ended (the others are left as they are). Answers how each
   * closed: cancelled (never confirmed, refunded) or delivered.
   */
  closeUnattended: defineRpc(
    'rpc.ordering.close-unattended',
    z.object({ order_ids: z.array(z.string().min(1).max(200)).max(100) }),
    z.object({ closed: z.array(z.object({ order_id: z.string(), to: z.enum(['cancelled', 'delivered']) })) }),
    { callers: ['payments'] },
  ),
} as const;

export const OrderingEvents = {
  orderPlaced: defineEvent(
    'evt.ordering.order-placed.v1',
    z.object({
      order_id: z.string(),
      checkout_id: z.string(),
      consumer_id: z.string(),
      cook_id: z.string(),
      total_cents: z.number().int(),
      items: z.array(boughtLine),
      /** The pick-up slot (absent on events published before slots existed). */
      pickup_start: z.string().nullish(),
      pickup_end: z.string().nullish(),
      /** The cook's name as the order shows it (absent on events published before it travelled). */
      cook_name: z.string().nullish(),
      /** Picked up or delivered by the cook (ADR 0044), and the delivery fee inside `total_cents` (no commission on it). */
      delivery_option: z.enum(FULFILMENT_MODES).default('pickup'),
      delivery_fee_cents: z.number().int().nonnegative().default(0),
    }),
    // Stock is applied per cook, in order (ADR 0004): placed and cancelled share the cook's partition.
    {
      partitionBy: (d) => d.cook_id,
      consumers: ['cart-OrderPlaced', 'notifications-OrderPlaced', 'catalogue-stock-p*', 'payments-sales-p*'],
    },
  ),
  orderCancelled: defineEvent(
    'evt.ordering.order-cancelled.v1',
    z.object({
      order_id: z.string(),
      checkout_id: z.string(),
      consumer_id: z.string(),
      cook_id: z.string(),
      total_cents: z.number().int(),
      reason: z.string(),
      /**
       * No longer sent (checkout v3): the catalogue gives back what its own record of the order says
       * it took. Kept optional so events stored before still parse.
       */
      stock_committed: z.boolean().optional(),
      items: z.array(boughtLine),
    }),
    { partitionBy: (d) => d.cook_id, consumers: ['catalogue-stock-p*', 'payments-OrderCancelled'] },
  ),
  reviewSubmitted: defineEvent(
    'evt.ordering.review-submitted.v1',
    z.object({
      review_id: z.string(),
      order_id: z.string(),
      consumer_id: z.string(),
      cook_id: z.string(),
      meal_ids: z.array(z.string()),
      rating: z.number().int().min(1).max(5),
    }),
    // Meal ratings are applied by the catalogue's per-cook worker, in order, once (ADR 0004).
    { partitionBy: (d) => d.cook_id, consumers: ['identity-ReviewSubmitted', 'catalogue-stock-p*'] },
  ),
  /**
   * A review taken down by a moderation decision (ADR 0042): it leaves the averages it counted in, once
   * (the catalogue's per-cook worker, in order after its submission; identity's cook rating by review id).
   * A reversed decision gives it back with a new review-submitted.
   */
  reviewRemoved: defineEvent(
    'evt.ordering.review-removed.v1',
    z.object({
      review_id: z.string(),
      cook_id: z.string(),
      meal_ids: z.array(z.string()),
      rating: z.number().int().min(1).max(5),
    }),
    { partitionBy: (d) => d.cook_id, consumers: ['identity-ReviewRemoved', 'catalogue-stock-p*'] },
  ),
  /** The cook moved an order's pick-up slot: the buyer is told. */
  pickupSlotMoved: defineEvent(
    'evt.ordering.pickup-slot-moved.v1',
    z.object({
      order_id: z.string(),
      consumer_id: z.string(),
      cook_id: z.string(),
      cook_name: z.string(),
      pickup_start: z.string(),
      pickup_end: z.string(),
      /** A delivery's slot (ADR 0044): the email says so; absent on older events. */
      delivery_option: z.enum(FULFILMENT_MODES).default('pickup'),
    }),
    { consumers: ['notifications-PickupSlotMoved'] },
  ),
  /** One hour before an order's pick-up slot: the buyer is reminded, once. */
  pickupReminderDue: defineEvent(
    'evt.ordering.pickup-reminder-due.v1',
    z.object({
      order_id: z.string(),
      consumer_id: z.string(),
      cook_id: z.string(),
      cook_name: z.string(),
      pickup_start: z.string(),
      pickup_end: z.string(),
      /** A delivery's slot (ADR 0044): the email says so; absent on older events. */
      delivery_option: z.enum(FULFILMENT_MODES).default('pickup'),
    }),
    { consumers: ['notifications-PickupReminder'] },
  ),
  orderStatusChanged: defineEvent(
    'evt.ordering.order-status-changed.v1',
    z.object({
      order_id: z.string(),
      consumer_id: z.string(),
      cook_id: z.string(),
      from: z.enum(ORDER_STATUSES),
      to: z.enum(ORDER_STATUSES),
      /** The emails and pushes are worded for a delivery (ADR 0044); absent on older events: a pick-up. */
      delivery_option: z.enum(FULFILMENT_MODES).default('pickup'),
    }),
    { consumers: ['notifications-OrderStatusChanged', 'notifications-OrderStatusPush', 'payments-OrderPickedUp'] },
  ),
} as const;
