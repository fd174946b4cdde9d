import { DomainError, PICKUP_MESSAGES, SLOT_HORIZON_DAYS, type HeldSlot } from '@popote/contracts';
import { noSlotsOf, rulesOf, unknownSlotOf } from '../slots/modes';
import { findByIds, orderIdOf } from '@popote/platform';
import type { Meal } from '../meals/meal.schema';
import { findSlot, refusal, slotKey } from '../slots/slot-times';
import { loadIdOf, type PickupSettings, type SlotHold, type SlotLoad } from '../slots/slot.schema';
import type { CatalogueStore } from '../store';
import type { CookLock } from './cook-lock';
import type { ReservationWrites } from './reservation-writes';
import { heldSlotOf } from './reservation.mapper';
import { availableFrom, liveHolds, slotRefused, usedPlaces } from './rules';

/**
 * A place taken in another slot of the same cook, the old one given back, in one step under the
 * cook's lock: the buyer's change before paying (a reservation), the cook's move of a paid order.
 * Called by ReservationsService, which owns the reservations these places belong to.
 */
export class SlotChanges {
  constructor(
    private readonly store: Pick<CatalogueStore, 'slotHolds' | 'pickupSettings' | 'meals' | 'slotLoads'>,
    private readonly cookLock: CookLock,
    private readonly writes: ReservationWrites,
  ) {}

  /**
   * The buyer changes one cook's slot before paying: the new slot's place is taken and the old one
   * given back in one step under the cook's lock; the portions stay reserved, the expiry unchanged.
   */
  async change(checkoutId: string, cookId: string, startIso: string, now = new Date()): Promise<{ slot: HeldSlot; expires_at: string }> {
    const holdId = orderIdOf(checkoutId, cookId);
    return this.cookLock.run(cookId, async () => {
      const hold = await this.store.slotHolds.findById(holdId).lean<SlotHold>();
      if (!hold || hold.state === 'committed' || hold.state === 'freed')
        throw new DomainError('VALIDATION_FAILED', PICKUP_MESSAGES.changeNotAllowed);
      if (hold.state !== 'held' || new Date(hold.expires_at).getTime() <= now.getTime())
        throw new DomainError('CONFLICT', PICKUP_MESSAGES.reservationExpired);
      // Same mode: a delivery moves to another delivery slot (a change of mode is a new checkout).
      const mode = hold.mode ?? 'pickup';
      const rules = rulesOf(await this.store.pickupSettings.findById(cookId).lean<PickupSettings>(), mode);
      if (!rules) throw noSlotsOf(mode);
      const start = new Date(startIso);
      const slot = Number.isNaN(start.getTime()) ? null : findSlot(rules, start, now, SLOT_HORIZON_DAYS);
      if (!slot) throw unknownSlotOf(mode);
      if (slotKey(slot.start) === slotKey(new Date(hold.start))) throw new DomainError('VALIDATION_FAILED', PICKUP_MESSAGES.changeSame);
      const meals = await findByIds<Pick<Meal, '_id' | 'available_date'>>(
        this.store.meals,
        (hold.lines ?? []).map((l) => l.meal_id),
        { available_date: 1 },
      );
      const target = await this.store.slotLoads.findById(loadIdOf(cookId, slotKey(slot.start), mode)).lean<SlotLoad>();
      const why = refusal(
        rules,
        { ...slot, remaining: rules.capacity - usedPlaces(target, now, holdId) },
        { now, availableFrom: availableFrom(meals), amount: hold.amount },
      );
      if (why) throw slotRefused(why, mode);
      await this.writes.writeLoad(
        cookId,
        slot.start,
        target,
        {
          holds: [
            ...liveHolds(target?.holds, now, holdId),
            { hold_id: holdId, amount: hold.amount, expires_at: new Date(hold.expires_at) },
          ],
        },
        mode,
      );
      await this.writes.dropFromLoad(cookId, slotKey(new Date(hold.start)), holdId, mode);
      await this.store.slotHolds.updateOne({ _id: holdId, state: 'held' }, { $set: { start: slot.start, end: slot.end } });
      return {
        slot: heldSlotOf(cookId, slot, mode, hold.fee_cents ?? 0),
        expires_at: new Date(hold.expires_at).toISOString(),
      };
    });
  }

  /**
   * The cook moves a paid order to another of their slots (ordering asks): the new slot's place is
   * taken (if there is room) and the old one freed, in one step under the cook's lock.
   */
  async move(orderId: string, cookId: string, startIso: string, now = new Date()): Promise<HeldSlot> {
    return this.cookLock.run(cookId, async () => {
      const hold = await this.store.slotHolds.findById(orderId).lean<SlotHold>();
      if (!hold || hold.cook_id !== cookId || hold.state !== 'committed')
        throw new DomainError('VALIDATION_FAILED', PICKUP_MESSAGES.moveNotAllowed);
      const mode = hold.mode ?? 'pickup';
      const rules = rulesOf(await this.store.pickupSettings.findById(cookId).lean<PickupSettings>(), mode);
      const start = new Date(startIso);
      const slot = !rules || Number.isNaN(start.getTime()) ? null : findSlot(rules, start, now, SLOT_HORIZON_DAYS);
      if (!rules || !slot) throw unknownSlotOf(mode);
      if (slot.start.getTime() <= now.getTime()) throw slotRefused('slot_past', mode);
      if (slotKey(slot.start) === slotKey(new Date(hold.start))) throw new DomainError('VALIDATION_FAILED', PICKUP_MESSAGES.moveSame);
      const [target, source] = await Promise.all([
        this.store.slotLoads.findById(loadIdOf(cookId, slotKey(slot.start), mode)).lean<SlotLoad>(),
        this.store.slotLoads.findById(loadIdOf(cookId, slotKey(new Date(hold.start)), mode)).lean<SlotLoad>(),
      ]);
      if (usedPlaces(target, now) + hold.amount > rules.capacity) throw slotRefused('slot_full', mode);
      await this.writes.writeLoad(
        cookId,
        slot.start,
        target,
        { committed: (target?.committed ?? 0) + hold.amount, holds: liveHolds(target?.holds, now) },
        mode,
      );
      if (source)
        await this.writes.writeLoad(
          cookId,
          new Date(hold.start),
          source,
          { committed: Math.max(0, source.committed - hold.amount), holds: liveHolds(source.holds, now) },
          mode,
        );
      await this.store.slotHolds.updateOne({ _id: orderId, state: 'committed' }, { $set: { start: slot.start, end: slot.end } });
      return heldSlotOf(cookId, slot, mode, hold.fee_cents ?? 0);
    });
  }
}
