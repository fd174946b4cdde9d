import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { ACCOUNT_MESSAGES, ERASED_NAME, exportPage, newestFirstAfter, newestFirstKey, type PersonalDataExport } from '@popote/contracts';
import { OutboxRelay, type PersonalDataProvider } from '@popote/platform';
import type { Model } from 'mongoose';
import { Order, Review } from '../orders/order.schema';
import { toOrderDto } from '../orders/orders.service';
import { ErasedAccounts, IN_PROGRESS } from './erased-accounts';

const NO_OUTBOX = { _outbox: 0, _outbox_pending: 0 };

/**
 * Ordering's part of the account lifecycle. Orders are accounting records (kept 10 years,
 * French commercial code art. L123-22): on erasure they stay, under the user's id — which identity
 * keeps only as an anonymous tombstone — without any name; reviews written lose their author's
 * name and comment, the rating stays (it is part of the cook's average). An order that lands on the
 * account after identity checked the blockers is cancelled and refunded (ErasedAccounts).
 */
@Injectable()
export class OrderingPersonalData implements PersonalDataProvider {
  constructor(
    @InjectModel(Order.name) private readonly orders: Model<Order>,
    @InjectModel(Review.name) private readonly reviews: Model<Review>,
    private readonly relay: OutboxRelay,
    private readonly erasedAccounts: ErasedAccounts,
  ) {}

  /** Why the account cannot be erased now (French): an order in progress, placed or received. */
  async blockers(userId: string): Promise<string[]> {
    const [asConsumer, asCook] = await Promise.all([
      this.orders.exists({ consumer_id: userId, order_status: { $in: IN_PROGRESS } }),
      this.orders.exists({ cook_id: userId, order_status: { $in: IN_PROGRESS } }),
    ]);
    return [...(asConsumer ? [ACCOUNT_MESSAGES.erasureBlockedOrder] : []), ...(asCook ? [ACCOUNT_MESSAGES.erasureBlockedCookOrder] : [])];
  }

  /** One page of the person's orders and reviews, newest first (a cook's thousands of orders do not fit one NATS message). */
  export(userId: string, cursor: string | null): Promise<PersonalDataExport> {
    const orders = (field: 'consumer_id' | 'cook_id') => async (after: string | null, limit: number) => {
      const docs = await this.orders
        .find({ [field]: userId, ...newestFirstAfter('created_at', after) }, NO_OUTBOX)
        .sort({ created_at: -1, _id: 1 })
        .limit(limit)
        .lean<Order[]>();
      const items = docs.map((o) => ({ key: newestFirstKey(o.created_at, o._id), value: toOrderDto(o) }));
      return { items, next: docs.length < limit ? null : items.at(-1)!.key };
    };
    const reviews = (field: 'consumer_id' | 'cook_id') => async (after: string | null, limit: number) => {
      const docs = await this.reviews
        .find({ [field]: userId, ...newestFirstAfter('created_at', after) }, NO_OUTBOX)
        .sort({ created_at: -1, _id: 1 })
        .limit(limit)
        .lean<Review[]>();
      const items = docs.map((r) => ({ key: newestFirstKey(r.created_at, r._id), value: r as unknown }));
      return { items, next: docs.length < limit ? null : items.at(-1)!.key };
    };
    return exportPage(
      [
        { name: 'orders-placed', list: orders('consumer_id') },
        { name: 'orders-received', list: orders('cook_id') },
        { name: 'reviews-written', list: reviews('consumer_id') },
        { name: 'reviews-received', list: reviews('cook_id') },
      ],
      cursor,
    );
  }

  /** Idempotent: only what still carries identity is rewritten; an order still open (it raced the erasure) is cancelled first. */
  async erase(userId: string): Promise<void> {
    await this.erasedAccounts.erased(userId);
    const asCook = await this.orders.find({ cook_id: userId, cook_name: { $ne: ERASED_NAME } }, { _id: 1 }).lean<{ _id: string }[]>();
    for (const { _id } of asCook) {
      await this.relay.change(this.orders, _id, () => this.orders.updateOne({ _id }, { $set: { cook_name: ERASED_NAME } }));
    }
    // The buyer's name shown to cooks on their orders: the orders stay, the name goes.
    const asBuyer = await this.orders
      .find({ consumer_id: userId, consumer_name: { $nin: [ERASED_NAME, null, ''] } }, { _id: 1 })
      .lean<{ _id: string }[]>();
    for (const { _id } of asBuyer) {
      await this.relay.change(this.orders, _id, () => this.orders.updateOne({ _id }, { $set: { consumer_name: ERASED_NAME } }));
    }
    const written = await this.reviews.find({ consumer_id: userId }, { _id: 1 }).lean<{ _id: string }[]>();
    for (const { _id } of written) {
      await this.relay.change(this.reviews, _id, () =>
        this.reviews.updateOne({ _id }, { $set: { consumer_name: ERASED_NAME, comment: '' } }),
      );
    }
  }
}
