import { Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { DELIVERY_ADDRESS_RETENTION_DAYS } from '@popote/contracts';
import { OutboxRelay, PeriodicJob } from '@popote/platform';
import type { Model } from 'mongoose';
import { Order } from './order.schema';

const DAY_MS = 24 * 3_600_000;
/** How often the purge looks, and how many days back it looks (a service stopped for days still purges). */
const PURGE_EVERY_MS = 60 * 60_000;
const DAYS_BACK = 14;

/** The Paris day (YYYY-MM-DD) of an instant. */
export const parisDayOf = (d: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);

/** The day a delivery's address is dropped: DELIVERY_ADDRESS_RETENTION_DAYS after its slot ends (the privacy page says so). */
export const purgeDayOf = (slotEnd: Date) => parisDayOf(new Date(slotEnd.getTime() + DELIVERY_ADDRESS_RETENTION_DAYS * DAY_MS));

/**
 * Delivery addresses are kept for the delivery and its after-sales, then dropped from the orders
 * (ADR 0044): each order carries the day, and the purge reads the days due by indexed equalities
 * (no range: FerretDB would read every order). Safe on every replica at once (the write is
 * conditional on the address still being there, under the order's lease).
 */
@Injectable()
export class AddressRetention {
  private readonly log = new Logger('AddressRetention');

  constructor(
    @InjectModel(Order.name) private readonly orders: Model<Order>,
    private readonly relay: OutboxRelay,
  ) {}

  /** Drops the addresses due by `now`'s Paris day; returns how many. */
  @PeriodicJob({ name: 'delivery-address-purge', everyMs: PURGE_EVERY_MS })
  async purge(now = new Date()): Promise<number> {
    let dropped = 0;
    for (let back = 0; back <= DAYS_BACK; back++) {
      const day = parisDayOf(new Date(now.getTime() - back * DAY_MS));
      const due = await this.orders.find({ address_purge_day: day }, { _id: 1 }).limit(1000).lean<Pick<Order, '_id'>[]>();
      for (const { _id } of due) {
        await this.relay.change(this.orders, _id, () =>
          this.orders.updateOne({ _id, address_purge_day: day }, { $set: { delivery_address: null, address_purge_day: null } }),
        );
        dropped++;
      }
    }
    if (dropped) this.log.log(`dropped ${dropped} delivery address(es) past their retention`);
    return dropped;
  }
}
