import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { OrderingEvents, type OrderStatus } from '@popote/contracts';
import { OutboxRelay, recordEvent } from '@popote/platform';
import type { Model } from 'mongoose';
import { Order } from './order.schema';

/** How long before the slot the buyer is reminded, and how often the sweep looks. */
export const REMINDER_BEFORE_MS = 60 * 60_000;
const SWEEP_EVERY_MS = 60_000;
const OPEN_STATUSES: OrderStatus[] = ['pending', 'confirmed', 'preparing', 'ready'];

/**
 * The buyer's reminder an hour before their pick-up slot (issue 17): a sweep finds open orders whose
 * slot starts within the hour and announces pickup-reminder-due once per order (the flag is written
 * with the event, under the order's lease, so replicas sweeping at once announce it once).
 */
@Injectable()
export class RemindersService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('Reminders');
  private timer?: NodeJS.Timeout;

  constructor(
    @InjectModel(Order.name) private readonly orders: Model<Order>,
    private readonly relay: OutboxRelay,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep().catch((err: Error) => this.log.warn(`sweep: ${err.message}`)), SWEEP_EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** Announces the reminders due at `now`; returns how many were announced. */
  async sweep(now = new Date()): Promise<number> {
    const due = await this.orders
      .find(
        {
          pickup_start: { $gt: now, $lte: new Date(now.getTime() + REMINDER_BEFORE_MS) },
          reminder_sent_at: null,
          order_status: { $in: OPEN_STATUSES },
        },
        { _id: 1 },
      )
      .limit(200)
      .lean<{ _id: string }[]>();
    let sent = 0;
    for (const { _id } of due) {
      const announced = await this.relay.locked(this.orders, _id, async () => {
        const order = await this.orders.findById(_id);
        if (!order || order.reminder_sent_at || !order.pickup_start || !order.pickup_end || !OPEN_STATUSES.includes(order.order_status))
          return false;
        order.reminder_sent_at = now;
        recordEvent(order, OrderingEvents.pickupReminderDue, {
          order_id: order._id,
          consumer_id: order.consumer_id,
          cook_id: order.cook_id,
          cook_name: order.cook_name,
          pickup_start: order.pickup_start.toISOString(),
          pickup_end: order.pickup_end.toISOString(),
        });
        await order.save();
        return true;
      });
      if (announced) {
        await this.relay.flush(this.orders, _id);
        sent++;
      }
    }
    return sent;
  }
}
