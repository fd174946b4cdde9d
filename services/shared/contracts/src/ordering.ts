import { z } from 'zod';
import { actorSchema, defineEvent, defineRpc } from './envelope';
import { ORDER_STATUSES } from './enums';

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
  cook_id: z.string(),
  cook_name: z.string(),
  total_cents: z.number().int().nonnegative(),
  order_status: z.enum(ORDER_STATUSES),
  delivery_option: z.literal('pickup'),
  cancel_reason: z.string().nullable(),
  items: z.array(orderItemSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type OrderDto = z.infer<typeof orderSchema>;

const boughtLine = z.object({ meal_id: z.string(), quantity: z.number().int().positive(), price_cents: z.number().int().nonnegative() });

export const OrderingRpc = {
  consumerOrders: defineRpc('rpc.ordering.consumer-orders', z.object({ actor: actorSchema }), z.object({ items: z.array(orderSchema) })),
  checkoutOrders: defineRpc('rpc.ordering.checkout-orders', z.object({ actor: actorSchema, checkout_id: z.string().min(1) }), z.object({ items: z.array(orderSchema) })),
} as const;

export const OrderingEvents = {
  orderPlaced: defineEvent(
    'evt.ordering.order-placed.v1',
    z.object({ order_id: z.string(), checkout_id: z.string(), consumer_id: z.string(), cook_id: z.string(), total_cents: z.number().int(), items: z.array(boughtLine) }),
  ),
  orderCancelled: defineEvent(
    'evt.ordering.order-cancelled.v1',
    z.object({
      order_id: z.string(), checkout_id: z.string(), consumer_id: z.string(), cook_id: z.string(), total_cents: z.number().int(),
      reason: z.string(),
      /** Whether the stock of this order had been taken (so must be given back). */
      stock_committed: z.boolean(),
      items: z.array(boughtLine),
    }),
  ),
  orderStatusChanged: defineEvent(
    'evt.ordering.order-status-changed.v1',
    z.object({ order_id: z.string(), consumer_id: z.string(), cook_id: z.string(), from: z.enum(ORDER_STATUSES), to: z.enum(ORDER_STATUSES) }),
  ),
} as const;
