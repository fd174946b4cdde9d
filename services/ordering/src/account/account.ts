import { Controller, Injectable } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { InjectModel } from '@nestjs/mongoose';
import {
  ACCOUNT_MESSAGES,
  AccountEvents,
  ERASED_NAME,
  erasureBlockersRpc,
  exportPersonalDataRpc,
  type Envelope,
  type OrderStatus,
  type PersonalDataExport,
} from '@popote/contracts';
import { EventHandler, OutboxRelay, parseRequest, type IntegrationEventHandler } from '@popote/platform';
import type { Model } from 'mongoose';
import type { z } from 'zod';
import { Order, Review } from '../orders/order.schema';
import { toOrderDto } from '../orders/orders.service';

type ErasureRequested = z.infer<typeof AccountEvents.erasureRequested.schema>;

/** Orders that are paid and not yet picked up or cancelled: an erasure waits for them. */
export const IN_PROGRESS: OrderStatus[] = ['pending', 'confirmed', 'preparing', 'ready'];

/**
 * Ordering's part of the account lifecycle (issue 18). Orders are accounting records (kept 10 years,
 * French commercial code art. L123-22): on erasure they stay, under the user's id — which identity
 * keeps only as an anonymous tombstone — without any name; reviews written lose their author's
 * name and comment, the rating stays (it is part of the cook's average).
 */
@Injectable()
export class OrderingPersonalData {
  constructor(
    @InjectModel(Order.name) private readonly orders: Model<Order>,
    @InjectModel(Review.name) private readonly reviews: Model<Review>,
    private readonly relay: OutboxRelay,
  ) {}

  async blockers(userId: string): Promise<string[]> {
    const [asConsumer, asCook] = await Promise.all([
      this.orders.exists({ consumer_id: userId, order_status: { $in: IN_PROGRESS } }),
      this.orders.exists({ cook_id: userId, order_status: { $in: IN_PROGRESS } }),
    ]);
    return [...(asConsumer ? [ACCOUNT_MESSAGES.erasureBlockedOrder] : []), ...(asCook ? [ACCOUNT_MESSAGES.erasureBlockedCookOrder] : [])];
  }

  async export(userId: string): Promise<PersonalDataExport> {
    const noOutbox = { _outbox: 0, _outbox_pending: 0 };
    const [placed, received, written, about] = await Promise.all([
      this.orders.find({ consumer_id: userId }, noOutbox).sort({ created_at: -1 }).lean<Order[]>(),
      this.orders.find({ cook_id: userId }, noOutbox).sort({ created_at: -1 }).lean<Order[]>(),
      this.reviews.find({ consumer_id: userId }, noOutbox).lean(),
      this.reviews.find({ cook_id: userId }, noOutbox).lean(),
    ]);
    return {
      sections: {
        'orders-placed': placed.map(toOrderDto),
        'orders-received': received.map(toOrderDto),
        'reviews-written': written,
        'reviews-received': about,
      },
      media_keys: [],
    };
  }

  /** Idempotent: only what still carries identity is rewritten. */
  async erase(userId: string): Promise<void> {
    const asCook = await this.orders.find({ cook_id: userId, cook_name: { $ne: ERASED_NAME } }, { _id: 1 }).lean<{ _id: string }[]>();
    for (const { _id } of asCook) {
      await this.relay.locked(this.orders, _id, () => this.orders.updateOne({ _id }, { $set: { cook_name: ERASED_NAME } }));
    }
    // The buyer's name shown to cooks on their orders (issue 17): the orders stay, the name goes.
    const asBuyer = await this.orders
      .find({ consumer_id: userId, consumer_name: { $nin: [ERASED_NAME, null, ''] } }, { _id: 1 })
      .lean<{ _id: string }[]>();
    for (const { _id } of asBuyer) {
      await this.relay.locked(this.orders, _id, () => this.orders.updateOne({ _id }, { $set: { consumer_name: ERASED_NAME } }));
    }
    const written = await this.reviews.find({ consumer_id: userId }, { _id: 1 }).lean<{ _id: string }[]>();
    for (const { _id } of written) {
      await this.relay.locked(this.reviews, _id, () =>
        this.reviews.updateOne({ _id }, { $set: { consumer_name: ERASED_NAME, comment: '' } }),
      );
    }
  }
}

@Controller()
export class OrderingAccountRpcController {
  constructor(private readonly personalData: OrderingPersonalData) {}

  @MessagePattern(erasureBlockersRpc('ordering').subject)
  async erasureBlockers(@Payload() payload: unknown) {
    return { reasons: await this.personalData.blockers(parseRequest(erasureBlockersRpc('ordering'), payload).user_id) };
  }

  @MessagePattern(exportPersonalDataRpc('ordering').subject)
  exportPersonalData(@Payload() payload: unknown) {
    return this.personalData.export(parseRequest(exportPersonalDataRpc('ordering'), payload).actor.user_id);
  }
}

@Injectable()
@EventHandler(AccountEvents.erasureRequested)
export class AccountErasureHandler implements IntegrationEventHandler<ErasureRequested> {
  constructor(private readonly personalData: OrderingPersonalData) {}

  async handle(envelope: Envelope<ErasureRequested>): Promise<void> {
    await this.personalData.erase(envelope.data.user_id);
  }
}
