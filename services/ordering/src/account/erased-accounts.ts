import { Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { ACCOUNT_MESSAGES, DomainError, type OrderStatus } from '@popote/contracts';
import { isDuplicateKey, PeriodicJob } from '@popote/platform';
import type { Collection, Model } from 'mongoose';
import { LifecycleService } from '../orders/lifecycle.service';
import { Order } from '../orders/order.schema';

/** Orders that are paid and not yet picked up or cancelled: an erasure waits for them. */
export const IN_PROGRESS: OrderStatus[] = ['pending', 'confirmed', 'preparing', 'ready'];

/**
 * How long after an erasure ordering still looks for orders landing on the account: a payment
 * confirmed on a checkout made just before the erasure arrives within the reservation (20 min), a
 * provider's late notice or the reconciliation's re-announcement within hours; a week covers them.
 */
export const ERASED_WATCH_MS = 7 * 86_400_000;
/** How often every replica looks (an order that landed meanwhile is open at most this long). */
export const ERASED_SWEEP_MS = 15_000;

interface ErasedAccount {
  _id: string;
  erased_at: Date;
  watch_until: Date;
}

/**
 * No erased account keeps an open order. Identity asks the blockers right before erasing, but an
 * order can still land on the account after that check: a card confirmed on a checkout made in the
 * same instant, a buyer's payment to a cook whose dishes were still listed. Such an order is
 * cancelled as soon as it is seen, and so refunded (order-cancelled → payments) and its stock
 * given back (→ catalogue): when the erasure is handled here (the orders there by then), and by a
 * sweep over the accounts erased in the last ERASED_WATCH_MS (the orders that land later).
 *
 * Race-free without a lock between services: the erasure handler records the account before it
 * looks for orders, and an order is stored before the sweep that follows looks — so either the
 * handler's look finds the order, or a later sweep finds the record.
 */
@Injectable()
export class ErasedAccounts {
  private readonly log = new Logger('ErasedAccounts');

  constructor(
    @InjectModel(Order.name) private readonly orders: Model<Order>,
    private readonly lifecycle: LifecycleService,
  ) {}

  /** `erasedAccounts` in ordering's database: only the tombstone ids (nothing personal), for a week. */
  private get accounts(): Collection<ErasedAccount> {
    return this.orders.db.collection<ErasedAccount>('erasedAccounts');
  }

  /** The erasure of `userId` is being handled: remembered (idempotent), then its open orders cancelled. */
  async erased(userId: string, at = new Date()): Promise<number> {
    await this.accounts
      .updateOne(
        { _id: userId },
        { $setOnInsert: { erased_at: at, watch_until: new Date(at.getTime() + ERASED_WATCH_MS) } },
        { upsert: true },
      )
      // Two replicas (or a redelivery) upserting at once: the other insert won, the account is recorded.
      .catch((err: unknown) => {
        if (!isDuplicateKey(err)) throw err;
      });
    return this.cancelOpenOrdersOf(userId);
  }

  /** Every replica, every ERASED_SWEEP_MS (idempotent): the open orders of recently erased accounts are cancelled. Returns how many. */
  @PeriodicJob({ name: 'erased-accounts-sweep', everyMs: ERASED_SWEEP_MS })
  async sweep(now = new Date()): Promise<number> {
    // A handful of documents (erasures of the last week): read whole, no index needed.
    const watched = await this.accounts.find({}).toArray();
    let cancelled = 0;
    for (const account of watched) {
      if (account.watch_until <= now) await this.accounts.deleteOne({ _id: account._id, watch_until: account.watch_until });
      else cancelled += await this.cancelOpenOrdersOf(account._id);
    }
    return cancelled;
  }

  private async cancelOpenOrdersOf(userId: string): Promise<number> {
    // By indexed equality on each side (FerretDB evaluates an $or in Go over every order).
    const [asBuyer, asCook] = await Promise.all([
      this.orders.find({ consumer_id: userId, order_status: { $in: IN_PROGRESS } }, { _id: 1, cook_id: 1 }).lean<Order[]>(),
      this.orders.find({ cook_id: userId, order_status: { $in: IN_PROGRESS } }, { _id: 1, cook_id: 1 }).lean<Order[]>(),
    ]);
    let cancelled = 0;
    const seen = new Set<string>();
    for (const [orders, reason] of [
      [asCook, ACCOUNT_MESSAGES.orderCancelledCookErased],
      [asBuyer, ACCOUNT_MESSAGES.orderCancelledBuyerErased],
    ] as const) {
      for (const order of orders) {
        if (seen.has(order._id)) continue;
        seen.add(order._id);
        try {
          // As its cook (who may cancel an order before delivery): the one rule, its events, the refund that follows.
          await this.lifecycle.cancel({ user_id: order.cook_id, user_type: 'cook' }, order._id, reason);
          cancelled++;
          this.log.warn(`order ${order._id} landed on erased account ${userId}: cancelled (refund follows)`);
        } catch (err) {
          // Delivered or cancelled meanwhile: nothing left open.
          if (!(err instanceof DomainError && (err.code === 'CONFLICT' || err.code === 'NOT_FOUND'))) throw err;
        }
      }
    }
    return cancelled;
  }
}
