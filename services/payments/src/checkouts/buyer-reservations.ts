import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { DomainError, PAYMENT_MESSAGES } from '@popote/contracts';
import { DistributedLocks } from '@popote/platform';
import type { Model } from 'mongoose';
import { PAYMENTS_CONFIG, type PaymentsConfig } from '../config';
import { OpenCheckout } from './checkout.schema';
import { recentReservations, reservationAllowed } from './reservation-quota';

const parisTime = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  weekday: 'long',
  hour: '2-digit',
  minute: '2-digit',
});

/** What a reservation step sees of the buyer: their open checkout, and the way to record a new reservation. */
export interface BuyerState {
  /** The checkout that holds the buyer's food now (if it still does: the caller checks). */
  openCheckoutId: string | null;
  /** Refuses (RATE_LIMITED, French) when the buyer is at their cap; call it before reserving. */
  checkCap(): void;
  /** Records a reservation made for `checkoutId`, which becomes the buyer's open checkout. */
  recorded(checkoutId: string): Promise<void>;
}

/**
 * One writer per buyer for everything that reserves food for them (docs/checkout.md): a new payment
 * intent, the renewal of an expired reservation, the renewal before a card is charged. Under the
 * buyer's lock (a lease across replicas) the step gives the older open checkout back, checks the cap
 * (CHECKOUT_RESERVATIONS_PER_DAY in any 24 h) and records the reservation: two requests of one buyer
 * at once cannot leave two checkouts holding food, nor pass the cap together.
 */
@Injectable()
export class BuyerReservations {
  constructor(
    @InjectModel(OpenCheckout.name) private readonly open: Model<OpenCheckout>,
    private readonly locks: DistributedLocks,
    @Inject(PAYMENTS_CONFIG) private readonly config: PaymentsConfig,
  ) {}

  run<T>(buyerId: string, step: (buyer: BuyerState) => Promise<T>): Promise<T> {
    return this.locks.run(`buyer:${buyerId}`, async () => {
      const doc = await this.open.findById(buyerId).lean<OpenCheckout>();
      const times = recentReservations(doc?.reserved_at ?? [], Date.now());
      return step({
        openCheckoutId: doc?.checkout_id ?? null,
        checkCap: () => {
          const allowed = reservationAllowed(times, Date.now(), this.config.CHECKOUT_RESERVATIONS_PER_DAY);
          if (!allowed.ok)
            throw new DomainError('RATE_LIMITED', `${PAYMENT_MESSAGES.tooManyReservations} ${parisTime.format(allowed.retryAt)}.`);
        },
        recorded: async (checkoutId) => {
          await this.open.updateOne(
            { _id: buyerId },
            { $set: { checkout_id: checkoutId, reserved_at: [...times, new Date()] } },
            { upsert: true },
          );
        },
      });
    });
  }
}
