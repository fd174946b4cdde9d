import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { OrderingEvents, type OrderStatus } from '@popote/contracts';
import { OutboxRelay, PeriodicJob, recordEvent } from '@popote/platform';
import type { Model } from 'mongoose';
import { Order } from './order.schema';

/** How long before the slot the buyer is reminded, and how often the sweep looks. */
export const REMINDER_BEFORE_MS = 60 * 60_000;
const SWEEP_EVERY_MS = 60_000;
const OPEN_STATUSES: OrderStatus[] = ['pending', 'confirmed', 'preparing', 'ready'];

/**
 * The buyer's reminder an hour before their pick-up slot: a sweep finds open orders whose
 * slot starts within the hour and announces pickup-reminder-due once per order (the flag is written
 * with the event, under the order's lease, so replicas sweeping at once announce it once).
 */
@Injectable()
export class RemindersService {
  constructor(
    @InjectModel(Order.name) private readonly orders: Model<Order>,
    private readonly relay: OutboxRelay,
  ) {}

  /** Announces the reminders due at `now`; returns how many were announced. */
  @PeriodicJob({ name: 'pickup-reminders', everyMs: SWEEP_EVERY_MS })
  async sweep(now = new Date()): Promise<number> {
    const pending = await this.orders
      .find({ reminder_pending: true }, { _id: 1, pickup_start: 1, reminder_sent_at: 1, order_status: 1 })
      .limit(1000)
      .lean<Pick<Order, '_id' | 'pickup_start' | 'reminder_sent_at' | 'order_status'>[]>();
    const horizon = now.getTime() + REMINDER_BEFORE_MS;
    const due = pending.filter(
      (o) =>
        !!o.pickup_start &&
        new Date(o.pickup_start).getTime() > now.getTime() &&
        new Date(o.pickup_start).getTime() <= horizon &&
        !o.reminder_sent_at &&
        OPEN_STATUSES.includes(o.order_status),
    );
    // No reminder will ever be due for these (slot passed, order closed, sent): off the list.
    const done = pending.filter(
      (o) =>
        !o.pickup_start ||
        new Date(o.pickup_start).getTime() <= now.getTime() ||
        !!o.reminder_sent_at ||
        !OPEN_STATUSES.includes(o.order_status),
    );
    for (const { _id } of done)
      await this.relay.change(this.orders, _id, () => this.orders.updateOne({ _id }, { $set: { reminder_pending: false } }));
    let sent = 0;
    for (const { _id } of due) {
      const announced = await this.relay.change(this.orders, _id, async () => {
        const order = await this.orders.findById(_id);
        if (!order || order.reminder_sent_at || !order.pickup_start || !order.pickup_end || !OPEN_STATUSES.includes(order.order_status))
          return false;
        order.reminder_sent_at = now;
        order.reminder_pending = false;
        recordEvent(order, OrderingEvents.pickupReminderDue, {
          order_id: order._id,
          consumer_id: order.consumer_id,
          cook_id: order.cook_id,
          cook_name: order.cook_name,
          pickup_start: order.pickup_start.toISOString(),
          pickup_end: order.pickup_end.toISOString(),
          delivery_option: order.delivery_option === 'delivery' ? 'delivery' : 'pickup',
        });
        await order.save();
        return true;
      });
      if (announced) sent++;
    }
    return sent;
  }
}
