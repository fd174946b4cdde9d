import { Injectable } from '@nestjs/common';
import { SUPPORT_ORDERS_MAX, type RpcRequest, type StoryEntry, type SupportOrderDto, type SupportRpc } from '@popote/contracts';
import type { Order, Review } from '../orders/order.schema';
import { OrderingStore } from '../store';
import { newestFirst, orderingStory, searchOf, toSupportOrder } from './story';

/**
 * Orders one search reads at most (a buyer's or a cook's, or those of one number): FerretDB never
 * sorts in the store (ADR 0011), so the newest are picked here from a bounded read, as ADR 0030
 * bounds "nearest first". A buyer or cook with more orders is answered `truncated`: the newest may
 * be among those not read, and the operator searches by number.
 */
export const SUPPORT_ORDERS_READ = 500;

/** What a list shows of an order: not its outbox, nor its steps (the story reads those). */
const LISTED = { _outbox: 0, history: 0 } as const;

/**
 * The operator console's reads of orders: by id, by number, by buyer or by cook, each an
 * equality on an indexed field (`_id`, `number`, `consumer_id` — served by the prefix of
 * `{consumer_id, created_at}` on MongoDB and by its own GIN twin on FerretDB —, `cook_id`); and one
 * order's story from two point reads (the order, its review).
 */
@Injectable()
export class SupportService {
  constructor(private readonly store: OrderingStore) {}

  async find(req: RpcRequest<typeof SupportRpc.findOrders>): Promise<{ items: SupportOrderDto[]; truncated: boolean }> {
    const search = searchOf(req);
    if (search.by === 'id') {
      const order = await this.store.orders.findById(search.value, LISTED).lean<Order>();
      return { items: order ? [toSupportOrder(order)] : [], truncated: false };
    }
    const filter =
      search.by === 'number'
        ? { number: search.value }
        : search.by === 'consumer'
          ? { consumer_id: search.value }
          : { cook_id: search.value };
    const docs = await this.store.orders.find(filter, LISTED).limit(SUPPORT_ORDERS_READ).lean<Order[]>();
    return { items: newestFirst(docs, SUPPORT_ORDERS_MAX).map(toSupportOrder), truncated: docs.length >= SUPPORT_ORDERS_READ };
  }

  async story(orderId: string): Promise<{ order: SupportOrderDto | null; entries: StoryEntry[] }> {
    const [order, review] = await Promise.all([
      this.store.orders.findById(orderId, { _outbox: 0 }).lean<Order>(),
      this.store.reviews.findById(orderId, { rating: 1, comment: 1, created_at: 1, removed_at: 1 }).lean<Review>(),
    ]);
    if (!order) return { order: null, entries: [] };
    return { order: toSupportOrder(order), entries: orderingStory(order, review) };
  }
}
