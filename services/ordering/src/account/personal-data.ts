import { Injectable } from '@nestjs/common';
import { ACCOUNT_MESSAGES, ERASED_NAME, exportPage, type PersonalDataExport } from '@popote/contracts';
import { newestFirstSection, OutboxRelay, type PersonalDataProvider } from '@popote/platform';
import { toOrderDto } from '../orders/orders.service';
import { ErasedAccounts, IN_PROGRESS } from './erased-accounts';
import { OrderingStore } from '../store';

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
    private readonly store: OrderingStore,
    private readonly relay: OutboxRelay,
    private readonly erasedAccounts: ErasedAccounts,
  ) {}

  /** Why the account cannot be erased now (French): an order in progress, placed or received. */
  async blockers(userId: string): Promise<string[]> {
    const [asConsumer, asCook] = await Promise.all([
      this.store.orders.exists({ consumer_id: userId, order_status: { $in: IN_PROGRESS } }),
      this.store.orders.exists({ cook_id: userId, order_status: { $in: IN_PROGRESS } }),
    ]);
    return [...(asConsumer ? [ACCOUNT_MESSAGES.erasureBlockedOrder] : []), ...(asCook ? [ACCOUNT_MESSAGES.erasureBlockedCookOrder] : [])];
  }

  /** One page of the person's orders and reviews, newest first (a cook's thousands of orders do not fit one NATS message). */
  export(userId: string, cursor: string | null): Promise<PersonalDataExport> {
    type Party = 'consumer_id' | 'cook_id';
    // The buyer's own delivery addresses are theirs; a cook's export leaves the buyers' out (ADR 0044).
    const orders = (name: string, party: Party) =>
      newestFirstSection(
        this.store.orders,
        name,
        { [party]: userId },
        {
          projection: NO_OUTBOX,
          show: (docs) => docs.map((o) => toOrderDto(o, party === 'consumer_id' ? userId : null)),
        },
      );
    const reviews = (name: string, party: Party) =>
      newestFirstSection(this.store.reviews, name, { [party]: userId }, { projection: NO_OUTBOX });
    return exportPage(
      [
        orders('orders-placed', 'consumer_id'),
        orders('orders-received', 'cook_id'),
        reviews('reviews-written', 'consumer_id'),
        reviews('reviews-received', 'cook_id'),
      ],
      cursor,
    );
  }

  /** Idempotent: only what still carries identity is rewritten; an order still open (it raced the erasure) is cancelled first. */
  async erase(userId: string): Promise<void> {
    await this.erasedAccounts.erased(userId);
    const asCook = await this.store.orders.find({ cook_id: userId, cook_name: { $ne: ERASED_NAME } }, { _id: 1 }).lean<{ _id: string }[]>();
    for (const { _id } of asCook) {
      await this.relay.change(this.store.orders, _id, () => this.store.orders.updateOne({ _id }, { $set: { cook_name: ERASED_NAME } }));
    }
    // The buyer's name shown to cooks on their orders, and where deliveries went (ADR 0044): the orders stay, these go.
    const asBuyer = await this.store.orders
      .find({ consumer_id: userId }, { consumer_name: 1, delivery_address: 1 })
      .lean<{ _id: string; consumer_name?: string | null; delivery_address?: unknown }[]>();
    const named = asBuyer.filter((o) => ![ERASED_NAME, null, undefined, ''].includes(o.consumer_name) || o.delivery_address);
    for (const { _id } of named) {
      await this.relay.change(this.store.orders, _id, () =>
        this.store.orders.updateOne({ _id }, { $set: { consumer_name: ERASED_NAME, delivery_address: null } }),
      );
    }
    const written = await this.store.reviews.find({ consumer_id: userId }, { _id: 1 }).lean<{ _id: string }[]>();
    for (const { _id } of written) {
      await this.relay.change(this.store.reviews, _id, () =>
        this.store.reviews.updateOne({ _id }, { $set: { consumer_name: ERASED_NAME, comment: '' } }),
      );
    }
  }
}
