import { ModelStore } from '@popote/platform';
import { CheckoutOrders, CheckoutOrdersSchema, Order, OrderSchema, Review, ReviewSchema } from './orders/order.schema';

/** Ordering's collections (registered by OrdersModule), injected as one store where several are used. */
export class OrderingStore extends ModelStore({
  orders: [Order, OrderSchema],
  checkoutOrders: [CheckoutOrders, CheckoutOrdersSchema],
  reviews: [Review, ReviewSchema],
}) {}
