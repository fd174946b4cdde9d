import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { DomainError, PAYMENT_MESSAGES } from '@popote/contracts';
import { DistributedLocks, PLATFORM_CONFIG } from '@popote/platform';
import type { Model } from 'mongoose';
import type { PaymentsConfig } from '../config';
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
  /** The cooks of its reservation (empty on records stored before they were kept). */
  openCookIds: string[];
  /** Refuses (RATE_LIMITED, French) when the buyer is at their cap; call it before reserving. */
  checkCap(): void;
  /**
   * Reserves for `checkoutId` (`call`, the catalogue's reservation): the attempt is recorded first — it
   * counts towards the cap and `checkoutId` becomes the buyer's open checkout — so that a reservation
   * applied by a catalogue that did not answer in time is counted too. A refusal (the food or the place
   * went, a bad slot: nothing held) takes the record back.
   */
  reserve<T>(checkoutId: string, cookIds: string[], call: () => Promise<T>): Promise<T>;
}

/** Errors after which the catalogue may still have reserved (no answer, or not a refusal of its own). */
const OUTCOME_UNKNOWN = new Set(['UNAVAILABLE', 'INTERNAL']);

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
    @Inject(PLATFORM_CONFIG) private readonly config: PaymentsConfig,
  ) {}

  run<T>(buyerId: string, step: (buyer: BuyerState) => Promise<T>): Promise<T> {
    return this.locks.run(`buyer:${buyerId}`, async () => {
      const doc = await this.open.findById(buyerId).lean<OpenCheckout>();
      const times = recentReservations(doc?.reserved_at ?? [], Date.now());
      const write = (checkoutId: string | null, cookIds: string[], reservedAt: Date[]) =>
        this.open.updateOne(
          { _id: buyerId },
          { $set: { ...(checkoutId ? { checkout_id: checkoutId, cook_ids: cookIds } : {}), reserved_at: reservedAt } },
          { upsert: !!checkoutId },
        );
      return step({
        openCheckoutId: doc?.checkout_id ?? null,
        openCookIds: doc?.cook_ids ?? [],
        checkCap: () => {
          const allowed = reservationAllowed(times, Date.now(), this.config.CHECKOUT_RESERVATIONS_PER_DAY);
          if (!allowed.ok)
            throw new DomainError('RATE_LIMITED', `${PAYMENT_MESSAGES.tooManyReservations} ${parisTime.format(allowed.retryAt)}.`);
        },
        reserve: async (checkoutId, cookIds, call) => {
          await write(checkoutId, cookIds, [...times, new Date()]);
          try {
            return await call();
          } catch (err) {
            if (err instanceof DomainError && !OUTCOME_UNKNOWN.has(err.code))
              await write(doc?.checkout_id ?? null, doc?.cook_ids ?? [], times);
            throw err;
          }
        },
      });
    });
  }
}
