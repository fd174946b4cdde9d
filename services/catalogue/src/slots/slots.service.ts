import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import {
  CatalogueEvents,
  DomainError,
  PICKUP_MESSAGES,
  SLOT_HORIZON_DAYS,
  type Actor,
  type CookLocation,
  type DeliveryOffer,
  type FulfilmentMode,
  type PickupAddress,
  type PickupSettingsDto,
  type PickupSettingsInput,
  type PickupSlotDto,
} from '@popote/contracts';
import { EventPublisher, findByIds, OutboxRelay, outboxUpdate } from '@popote/platform';
import { nearPoint, resolvePickupAddress } from '../geo/location';
import { rulesOf, withinRadius } from './modes';
import type { Model } from 'mongoose';
import { Meal } from '../meals/meal.schema';
import { parisDate, slotsOpened } from './opened';
import { openSlots, slotKey } from './slot-times';
import { liveHolds as live, placesFor as amountOf, usedPlaces } from '../reservations/rules';
import { loadIdOf, PickupSettings, SlotHold, SlotLoad, type SlotHoldEntry, type SlotHoldState } from './slot.schema';

const toSettingsDto = (s: Omit<PickupSettings, '_outbox' | '_outbox_pending'>): PickupSettingsDto => ({
  cook_id: s._id,
  windows: s.windows.map(({ weekday, start, end }) => ({ weekday, start, end })),
  days_off: [...s.days_off].sort(),
  address: s.address
    ? { street: s.address.street, postcode: s.address.postcode, city: s.address.city, commune_code: s.address.commune_code ?? null }
    : null,
  location: s.location ?? null,
  cutoff_minutes: s.cutoff_minutes,
  slot_minutes: s.slot_minutes,
  capacity: s.capacity,
  capacity_unit: s.capacity_unit,
  delivery: s.delivery
    ? {
        ...s.delivery,
        windows: s.delivery.windows.map(({ weekday, start, end }) => ({ weekday, start, end })),
      }
    : null,
});

/** Two public locations are the same place (field by field: the stored key order may differ). */
export const sameLocation = (a: CookLocation | null | undefined, b: CookLocation | null | undefined): boolean =>
  (a ?? null) === null || (b ?? null) === null
    ? (a ?? null) === (b ?? null)
    : a!.commune_code === b!.commune_code &&
      a!.commune === b!.commune &&
      a!.postcode === b!.postcode &&
      a!.lat === b!.lat &&
      a!.lon === b!.lon;

/** A card whose copy of its cook's location is missing or not `at`. */
const locatedElsewhere = (card: Pick<Meal, 'cook_location'>, at: CookLocation | null): boolean =>
  card.cook_location === undefined || !sameLocation(card.cook_location, at);

/**
 * Pick-up slots (ADR 0008): the cook's rules (read by anyone, written by the cook), the slots offered
 * to a buyer, and the order side of a slot's places, applied by the stock worker of the cook's
 * partition under the cook's lock (commit on order-placed, release on rejection or cancellation).
 * Reservations at checkout, a buyer's change of slot and a cook's move are in ReservationsService.
 */
/** The order's hold and its paid slot's load, as read under the cook's lock (null: nothing to commit). */
export type SlotSeen = { hold: SlotHold; load: SlotLoad | null } | null;

@Injectable()
export class SlotsService {
  constructor(
    @InjectModel(PickupSettings.name) private readonly settings: Model<PickupSettings>,
    @InjectModel(SlotLoad.name) private readonly loads: Model<SlotLoad>,
    @InjectModel(SlotHold.name) private readonly holds: Model<SlotHold>,
    @InjectModel(Meal.name) private readonly meals: Model<Meal>,
    private readonly relay: OutboxRelay,
    private readonly publisher: EventPublisher,
  ) {}

  // ── The cook's rules ───────────────────────────────────────────────────────────────────────────

  async settingsOf(actor: Actor): Promise<PickupSettingsDto | null> {
    if (actor.user_type !== 'cook') throw new DomainError('FORBIDDEN', PICKUP_MESSAGES.cooksOnly);
    const doc = await this.settings.findById(actor.user_id).lean<PickupSettings>();
    return doc ? toSettingsDto(doc) : null;
  }

  async update(actor: Actor, input: PickupSettingsInput): Promise<PickupSettingsDto> {
    if (actor.user_type !== 'cook') throw new DomainError('FORBIDDEN', PICKUP_MESSAGES.cooksOnly);
    // The commune is checked against the French communes before anything is written (ADR 0010).
    const place = input.address ? await resolvePickupAddress(input.address) : null;
    const doc = {
      ...input,
      days_off: [...new Set(input.days_off)].sort(),
      address: place?.address ?? null,
      location: place?.location ?? null,
      // Settings saved without it (an older form, a seed) turn delivery off (ADR 0044).
      delivery: input.delivery ?? null,
    };
    // Under the cook's settings lock (one save at a time): the settings before, and if the save opens
    // more pick-up than they did, the followers' event in the same write (outbox, docs/alerts.md).
    const before = await this.relay.change(this.settings, actor.user_id, async () => {
      const was = await this.settings
        .findById(actor.user_id, { location: 1, windows: 1, days_off: 1 })
        .lean<Pick<PickupSettings, 'location' | 'windows' | 'days_off'>>();
      const opened = slotsOpened(was, doc, parisDate(new Date()));
      const event = opened && outboxUpdate(CatalogueEvents.pickupSlotsOpened, { cook_id: actor.user_id, ...opened });
      const update = event ? { $set: { ...doc, ...event.set }, $push: event.push } : { $set: doc };
      await this.settings.updateOne({ _id: actor.user_id }, update, { upsert: true });
      return was;
    });
    // The cards carry the commune (read model, ADR 0016): copied onto every meal of the cook now, so
    // the lists read one collection; a card a crash left behind is repaired by the next save too.
    const copied = await this.copyLocation(actor.user_id);
    // The public lists show the cook's commune and distance: a cache hint when it moved (ADR 0006),
    // after the cards are written.
    if (copied || !sameLocation(before?.location ?? null, doc.location))
      await this.publisher.announce(CatalogueEvents.mealsChanged, { cook_id: actor.user_id, meal_ids: [], cause: 'cook_location' });
    return toSettingsDto({ _id: actor.user_id, ...doc });
  }

  /** The cook's public location as the pick-up settings have it now (`null`: none). */
  async locationOf(cookId: string): Promise<CookLocation | null> {
    return (await this.settings.findById(cookId, { location: 1 }).lean<Pick<PickupSettings, 'location'>>())?.location ?? null;
  }

  /**
   * Copies the cook's location onto those of their (not deleted) meals whose card shows another one;
   * returns how many. Each copy reads the settings inside the meal's lock (so the last copy to run
   * writes the settings as they then are, whatever the order of two saves) and `$set`s only
   * `cook_location` (FerretDB rewrites the whole document: every writer of a meal takes its lock).
   */
  async copyLocation(cookId: string): Promise<number> {
    const [cards, at] = await Promise.all([
      this.meals.find({ cook_id: cookId, deleted_at: null }, { cook_location: 1 }).lean<Pick<Meal, '_id' | 'cook_location'>[]>(),
      this.locationOf(cookId),
    ]);
    const stale = cards.filter((c) => locatedElsewhere(c, at)).map((c) => c._id);
    await this.locateMeals(cookId, stale);
    return stale.length;
  }

  async locateMeals(cookId: string, mealIds: string[]): Promise<void> {
    for (const _id of mealIds) {
      await this.relay.change(this.meals, _id, async () => {
        const at = await this.locationOf(cookId);
        await this.meals.updateOne({ _id }, { $set: { cook_location: at } }, { timestamps: false });
      });
    }
  }

  /** Every card whose location differs from its cook's settings (boot, and now and then): copied again. */
  async reconcileLocations(): Promise<number> {
    const [cards, located] = await Promise.all([
      this.meals.find({ deleted_at: null }, { cook_id: 1, cook_location: 1 }).lean<Pick<Meal, '_id' | 'cook_id' | 'cook_location'>[]>(),
      this.settings.find({}, { location: 1 }).lean<Pick<PickupSettings, '_id' | 'location'>[]>(),
    ]);
    const at = new Map(located.map((s) => [s._id, s.location ?? null]));
    const stale = new Map<string, string[]>();
    for (const c of cards)
      if (locatedElsewhere(c, at.get(c.cook_id) ?? null)) stale.set(c.cook_id, [...(stale.get(c.cook_id) ?? []), c._id]);
    for (const [cookId, ids] of stale) await this.locateMeals(cookId, ids);
    return [...stale.values()].reduce((n, ids) => n + ids.length, 0);
  }

  async addresses(cookIds: string[]): Promise<{ cook_id: string; address: PickupAddress | null }[]> {
    const docs = await findByIds<PickupSettings>(this.settings, cookIds, { address: 1 });
    const of = new Map(docs.map((d) => [d._id, d.address]));
    return [...new Set(cookIds)].map((cook_id) => ({ cook_id, address: of.get(cook_id) ?? null }));
  }

  // ── Slots offered to a buyer ───────────────────────────────────────────────────────────────────

  /**
   * The open slots of a mode (ADR 0044), and whether the cook delivers to the buyer's commune: a
   * delivery's slots are offered only within the radius (none when out of range or not known).
   */
  async slotsOf(
    cookId: string,
    mealIds: string[],
    portions: number,
    limit: number,
    mode: FulfilmentMode = 'pickup',
    communeCode: string | null = null,
    now = new Date(),
  ): Promise<{ has_windows: boolean; slots: PickupSlotDto[]; delivery: DeliveryOffer | null }> {
    const settings = await this.settings.findById(cookId).lean<PickupSettings>();
    const delivery = await this.offerOf(settings, communeCode);
    const rules = rulesOf(settings, mode);
    if (!rules) return { has_windows: false, slots: [], delivery };
    if (mode === 'delivery' && !delivery?.in_range) return { has_windows: true, slots: [], delivery };
    const [availableFrom, used] = await Promise.all([this.availableFrom(cookId, mealIds), this.usedOf(cookId, mode, now)]);
    const slots = openSlots(rules, { now, availableFrom, amount: amountOf(rules, portions), used, days: SLOT_HORIZON_DAYS });
    return {
      delivery,
      has_windows: true,
      slots: slots.slice(0, limit).map((s) => ({
        cook_id: cookId,
        start: slotKey(s.start),
        end: slotKey(s.end),
        remaining: s.remaining,
      })),
    };
  }

  /** Whether the cook delivers, for how much, and to the buyer's commune (null: not known yet). */
  private async offerOf(settings: PickupSettings | null, communeCode: string | null): Promise<DeliveryOffer | null> {
    const d = settings?.delivery;
    if (!settings || !d || !rulesOf(settings, 'delivery')) return null;
    return {
      fee_cents: d.fee_cents,
      free_above_cents: d.free_above_cents ?? null,
      radius_km: d.radius_km,
      in_range: communeCode ? withinRadius(settings, await nearPoint(communeCode)) : null,
    };
  }

  /** The latest available_date of the cook's dishes among `mealIds`. */
  private async availableFrom(cookId: string, mealIds: string[]): Promise<Date | null> {
    const meals = await findByIds<Pick<Meal, '_id' | 'cook_id' | 'available_date'>>(this.meals, mealIds, { cook_id: 1, available_date: 1 });
    const times = meals.filter((m) => m.cook_id === cookId).map((m) => new Date(m.available_date).getTime());
    return times.length ? new Date(Math.max(...times)) : null;
  }

  /** Places used (committed + live holds) per slot key, for the cook's coming slots of one mode. */
  private async usedOf(cookId: string, mode: FulfilmentMode, now: Date): Promise<Map<string, number>> {
    const loads = await this.loads.find({ cook_id: cookId, start: { $gte: now } }).lean<SlotLoad[]>();
    return new Map(loads.filter((l) => (l.mode ?? 'pickup') === mode).map((l) => [slotKey(new Date(l.start)), usedPlaces(l, now)]));
  }

  // ── The order side (the stock worker of the cook's partition, under the cook's lock) ────────

  /** The order was rejected (stock or slot): its reservation's place, if still held, is given back. */
  async releaseForOrder(orderId: string, seq: number): Promise<void> {
    const hold = await this.holds.findById(orderId).lean<SlotHold>();
    if (!hold) return;
    if (hold.state === 'held') await this.dropHold(hold, seq);
    await this.setState(hold._id, ['requested', 'held'], 'released');
  }

  /**
   * Whether the order's slot still has its place: its own live hold, or (hold expired or released
   * after a failed payment that was then retried) room left. 'none': an order without a slot.
   * `paid` is the slot the order carries: if the buyer's change of slot was applied after the
   * payment had started, the hold sits elsewhere and the slot paid for is the one checked.
   * `seen`: the hold and the slot's load as read, for `commitOrder` under the same cook lock.
   * 'full' also for a slot that has started.
   */
  async roomForOrder(orderId: string, seq: number, paid: PaidSlot = null): Promise<{ room: 'none' | 'ok' | 'full'; seen: SlotSeen }> {
    const hold = await this.holds.findById(orderId).lean<SlotHold>();
    if (!hold) return { room: 'none', seen: null };
    if (hold.state === 'committed' || hold.state === 'freed') return { room: 'ok', seen: null };
    const start = elsewhere(hold, paid) ? new Date(paid!.start) : new Date(hold.start);
    const load = await this.loads.findById(loadIdOf(hold.cook_id, slotKey(start), hold.mode)).lean<SlotLoad>();
    const seen = { hold, load };
    if (load?.seq === seq) return { room: 'ok', seen };
    const now = new Date();
    // A slot that has started is no longer for sale, whatever was held: a payment that lands then
    // (a late card, an order announced again hours later) is refused and refunded.
    if (start.getTime() <= now.getTime()) return { room: 'full', seen };
    if (load && live(load.holds, now).some((h) => h.hold_id === orderId)) return { room: 'ok', seen };
    const rules = await this.settings.findById(hold.cook_id, { capacity: 1, delivery: 1 }).lean<PickupSettings>();
    const capacity = hold.mode === 'delivery' ? rules?.delivery?.capacity : rules?.capacity;
    return { room: capacity !== undefined && usedPlaces(load, now, orderId) + hold.amount <= capacity ? 'ok' : 'full', seen };
  }

  /**
   * The order's stock was taken: its place becomes committed (once), in the slot it was paid for.
   * `seen`: what `roomForOrder` read under the same cook lock (nothing has written them since), so
   * they are not read again.
   */
  async commitOrder(orderId: string, seq: number, paid: PaidSlot = null, seen: SlotSeen = null): Promise<void> {
    const hold = seen?.hold ?? (await this.holds.findById(orderId).lean<SlotHold>());
    if (!hold || hold.state === 'committed' || hold.state === 'freed') return;
    const moved = elsewhere(hold, paid);
    // The hold was changed to another slot while the payment went through: that place goes back.
    if (moved && hold.state === 'held') await this.dropHold(hold, seq);
    const slot = moved
      ? { cook_id: hold.cook_id, start: new Date(paid!.start), end: new Date(paid!.end ?? paid!.start), mode: hold.mode }
      : hold;
    // The load read by roomForOrder is the paid slot's (moved or not); dropHold wrote another one.
    const load = seen
      ? seen.load
      : await this.loads.findById(loadIdOf(hold.cook_id, slotKey(new Date(slot.start)), hold.mode)).lean<SlotLoad>();
    if (load?.seq !== seq)
      await this.writeLoad(slot, load, seq, {
        committed: (load?.committed ?? 0) + hold.amount,
        holds: live(load?.holds ?? [], new Date(), orderId),
      });
    await this.holds.updateOne(
      { _id: orderId, state: { $in: ['requested', 'held', 'refused', 'released'] } },
      { $set: { state: 'committed', start: new Date(slot.start), end: new Date(slot.end) } },
    );
  }

  /** A cancelled order frees its place in the slot (once). */
  async freeOrder(orderId: string, seq: number): Promise<void> {
    const hold = await this.holds.findById(orderId).lean<SlotHold>();
    if (!hold) return;
    if (hold.state !== 'committed') {
      if (hold.state === 'held') await this.dropHold(hold, seq);
      await this.setState(orderId, ['requested', 'held'], 'released');
      return;
    }
    const load = await this.loads.findById(loadIdOf(hold.cook_id, slotKey(new Date(hold.start)), hold.mode)).lean<SlotLoad>();
    if (load && load.seq !== seq)
      await this.writeLoad(hold, load, seq, {
        committed: Math.max(0, load.committed - hold.amount),
        holds: live(load.holds, new Date()),
      });
    await this.setState(orderId, ['committed'], 'freed');
  }

  private async dropHold(hold: SlotHold, seq: number): Promise<void> {
    const load = await this.loads.findById(loadIdOf(hold.cook_id, slotKey(new Date(hold.start)), hold.mode)).lean<SlotLoad>();
    if (!load || load.seq === seq) return;
    await this.writeLoad(hold, load, seq, { committed: load.committed, holds: live(load.holds, new Date(), hold._id) });
  }

  /** The worker's write of a slot's places: conditional on `seq` and `v`, like the stock (exact on MongoDB). */
  private async writeLoad(
    slot: { cook_id: string; start: Date; mode?: FulfilmentMode },
    before: SlotLoad | null,
    seq: number,
    next: { committed: number; holds: SlotHoldEntry[] },
  ) {
    const _id = loadIdOf(slot.cook_id, slotKey(new Date(slot.start)), slot.mode);
    if (!before) {
      const created = { _id, cook_id: slot.cook_id, start: slot.start, ...next, seq, v: 1 };
      await this.loads.create(slot.mode === 'delivery' ? { ...created, mode: slot.mode } : created);
      return;
    }
    const res = await this.loads.updateOne(
      { _id, seq: { $lt: seq }, ...(before.v === undefined ? { v: { $exists: false } } : { v: before.v }) },
      { $set: { ...next, seq, v: (before.v ?? 0) + 1 } },
    );
    if (res.modifiedCount !== 1) throw new Error(`slot ${_id} changed under event ${seq}; retrying`);
  }

  private async setState(id: string, from: SlotHoldState[], to: SlotHoldState): Promise<void> {
    await this.holds.updateOne({ _id: id, state: { $in: from } }, { $set: { state: to } });
  }
}

/** The slot an order carries (order-placed's pickup_start/end), null on orders without one. */
export type PaidSlot = { start: string; end?: string | null } | null;

/** Whether the hold now sits in another slot than the one the order was paid with. */
const elsewhere = (hold: Pick<SlotHold, 'start'>, paid: PaidSlot) =>
  !!paid?.start && slotKey(new Date(paid.start)) !== slotKey(new Date(hold.start));
