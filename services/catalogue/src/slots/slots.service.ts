import { randomUUID } from 'node:crypto';
import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import {
  CatalogueEvents,
  DomainError,
  PICKUP_MESSAGES,
  PickupEvents,
  SLOT_HOLD_MINUTES,
  SLOT_HORIZON_DAYS,
  SLOT_WAIT_MAX_MS,
  SLOT_WAIT_STALL_MS,
  type Actor,
  type CookLocation,
  type HeldSlot,
  type PickupAddress,
  type PickupSettingsDto,
  type PickupSettingsInput,
  type PickupSlotDto,
} from '@popote/contracts';
import { EventPublisher, findByIds, orderIdOf, OutboxRelay, PartitionBacklog, recordEvent } from '@popote/platform';
import { resolvePickupAddress } from '../geo/location';
import type { Model } from 'mongoose';
import { Meal } from '../meals/meal.schema';
import { findSlot, openSlots, refusal, slotKey, type SlotRules } from './slot-times';
import { loadIdOf, PickupSettings, SlotHold, SlotLoad, type SlotHoldEntry, type SlotHoldState } from './slot.schema';

const toSettingsDto = (s: PickupSettings): PickupSettingsDto => ({
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

/** A card whose copy of its cook's location is missing (stored before the copy) or not `at`. */
const locatedElsewhere = (card: Pick<Meal, 'cook_location'>, at: CookLocation | null): boolean =>
  card.cook_location === undefined || !sameLocation(card.cook_location, at);

const sum = (holds: SlotHoldEntry[]) => holds.reduce((n, h) => n + h.amount, 0);
const live = (holds: SlotHoldEntry[], now: Date, except?: string) =>
  holds.filter((h) => new Date(h.expires_at).getTime() > now.getTime() && h.hold_id !== except);

/**
 * Pick-up slots (issue 17, ADR 0008). The cook's rules are read here by anyone; the places of a
 * slot (`slotLoads`) are written only by the worker of the cook's partition — the one that applies
 * the cook's stock — so a hold, an order's commit and a cancellation's release are applied one at a
 * time per cook, in stream order, across every replica: two buyers cannot take the last place.
 */
@Injectable()
export class SlotsService implements OnModuleInit {
  constructor(
    @InjectModel(PickupSettings.name) private readonly settings: Model<PickupSettings>,
    @InjectModel(SlotLoad.name) private readonly loads: Model<SlotLoad>,
    @InjectModel(SlotHold.name) private readonly holds: Model<SlotHold>,
    @InjectModel(Meal.name) private readonly meals: Model<Meal>,
    private readonly relay: OutboxRelay,
    private readonly publisher: EventPublisher,
    private readonly backlog: PartitionBacklog,
  ) {}

  private readonly log = new Logger('Slots');
  /** How long a request waits for the worker (see SLOT_WAIT_*); a test may shorten the stall window. */
  readonly waitLimits = { stallMs: SLOT_WAIT_STALL_MS, maxMs: SLOT_WAIT_MAX_MS };

  /**
   * Waits for the answer of the cook's partition worker (the stock worker, `stock`), for as long as
   * that worker keeps getting through its backlog (ADR 0008): under a burst on one cook a request
   * queued behind many others is answered, not given up on after a fixed time.
   */
  private async awaitWorker<T>(cookIds: string[], read: () => Promise<T | undefined>, what: string): Promise<T | undefined> {
    const { outcome, waitedMs, backlogSeen } = await this.backlog.waitFor('stock', cookIds, read, this.waitLimits);
    if (outcome === undefined) this.log.warn(`${what}: no answer from the cook's partition after ${waitedMs} ms (backlog ${backlogSeen})`);
    else if (waitedMs > 2000) this.log.log(`${what}: answered after ${waitedMs} ms behind a backlog of up to ${backlogSeen} events`);
    return outcome;
  }

  onModuleInit(): void {
    this.relay.register(this.holds);
  }

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
    const before = await this.settings.findById(actor.user_id, { location: 1 }).lean<Pick<PickupSettings, 'location'>>();
    const doc = {
      ...input,
      days_off: [...new Set(input.days_off)].sort(),
      address: place?.address ?? null,
      location: place?.location ?? null,
    };
    await this.settings.updateOne({ _id: actor.user_id }, { $set: doc }, { upsert: true });
    // The cards carry the commune (read model, ADR 0005): copied onto every meal of the cook now, so
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
      await this.relay.locked(this.meals, _id, async () => {
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

  async slotsOf(cookId: string, mealIds: string[], portions: number, limit: number, now = new Date()) {
    const rules = await this.settings.findById(cookId).lean<PickupSettings>();
    if (!rules?.windows.length) return { has_windows: false, slots: [] as PickupSlotDto[] };
    const [availableFrom, used] = await Promise.all([this.availableFrom(cookId, mealIds), this.usedOf(cookId, now)]);
    const slots = openSlots(rules, { now, availableFrom, amount: amountOf(rules, portions), used, days: SLOT_HORIZON_DAYS });
    return {
      has_windows: true,
      slots: slots.slice(0, limit).map((s) => ({
        cook_id: cookId,
        start: slotKey(s.start),
        end: slotKey(s.end),
        remaining: s.remaining,
      })),
    };
  }

  /** The latest available_date of the cook's dishes among `mealIds`. */
  private async availableFrom(cookId: string, mealIds: string[]): Promise<Date | null> {
    const meals = await findByIds<Pick<Meal, '_id' | 'cook_id' | 'available_date'>>(this.meals, mealIds, { cook_id: 1, available_date: 1 });
    const times = meals.filter((m) => m.cook_id === cookId).map((m) => new Date(m.available_date).getTime());
    return times.length ? new Date(Math.max(...times)) : null;
  }

  /** Places used (committed + live holds) per slot key, for the cook's coming slots. */
  private async usedOf(cookId: string, now: Date): Promise<Map<string, number>> {
    const loads = await this.loads.find({ cook_id: cookId, start: { $gte: now } }).lean<SlotLoad[]>();
    return new Map(loads.map((l) => [slotKey(new Date(l.start)), l.committed + sum(live(l.holds, now))]));
  }

  // ── Holds at checkout (payments asks) ──────────────────────────────────────────────────────────

  /**
   * Checks each chosen slot (French errors: past, cutoff, not the cook's, before the dish is
   * available, full), then asks the cook's partition worker to hold it and waits for the answer.
   * All or nothing: if one is refused, the others are released.
   */
  async hold(
    checkoutId: string,
    parts: { cook_id: string; start: string; meal_ids: string[]; portions: number }[],
    now = new Date(),
  ): Promise<{ slots: HeldSlot[]; expires_at: string }> {
    const expiresAt = new Date(now.getTime() + SLOT_HOLD_MINUTES * 60_000);
    const planned: SlotHold[] = [];
    for (const part of parts) {
      const rules = await this.settings.findById(part.cook_id).lean<PickupSettings>();
      if (!rules?.windows.length) throw new DomainError('VALIDATION_FAILED', PICKUP_MESSAGES.noWindows);
      const start = new Date(part.start);
      const slot = Number.isNaN(start.getTime()) ? null : findSlot(rules, start, now, SLOT_HORIZON_DAYS);
      if (!slot) throw new DomainError('VALIDATION_FAILED', PICKUP_MESSAGES.slotUnknown);
      const amount = amountOf(rules, part.portions);
      const [availableFrom, used] = await Promise.all([this.availableFrom(part.cook_id, part.meal_ids), this.usedOf(part.cook_id, now)]);
      const why = refusal(
        rules,
        { ...slot, remaining: rules.capacity - (used.get(slotKey(slot.start)) ?? 0) },
        { now, availableFrom, amount },
      );
      if (why) throw new DomainError(why === PICKUP_MESSAGES.slotFull ? 'CONFLICT' : 'VALIDATION_FAILED', why);
      planned.push({
        _id: orderIdOf(checkoutId, part.cook_id),
        checkout_id: checkoutId,
        cook_id: part.cook_id,
        start: slot.start,
        end: slot.end,
        amount,
        expires_at: expiresAt,
        state: 'requested',
      } as SlotHold);
    }
    for (const p of planned) {
      const doc = new this.holds(p);
      recordEvent(doc, PickupEvents.slotHoldRequested, {
        hold_id: p._id,
        checkout_id: checkoutId,
        cook_id: p.cook_id,
        start: slotKey(p.start),
        amount: p.amount,
        expires_at: expiresAt.toISOString(),
      });
      await this.relay.save(this.holds, doc);
    }
    const ids = planned.map((p) => p._id);
    const states =
      (await this.awaitWorker(
        planned.map((p) => p.cook_id),
        async () => {
          const docs = await findByIds<Pick<SlotHold, '_id' | 'state'>>(this.holds, ids, { state: 1 });
          const found = new Map(docs.map((d) => [d._id, d.state]));
          return ids.every((id) => found.has(id) && found.get(id) !== 'requested') ? found : undefined;
        },
        `hold for checkout ${checkoutId}`,
      )) ?? new Map<string, SlotHoldState>();
    if (ids.every((id) => states.get(id) === 'held'))
      return {
        slots: planned.map((p) => ({ cook_id: p.cook_id, start: slotKey(p.start), end: slotKey(p.end) })),
        expires_at: expiresAt.toISOString(),
      };
    // Refused, or the worker stopped answering: whatever was (or will be) held is given back, on the
    // same partition, after the hold request — so a hold applied late is released at once.
    await this.requestRelease(ids);
    const full = ids.some((id) => states.get(id) === 'refused');
    throw new DomainError('CONFLICT', full ? PICKUP_MESSAGES.slotFull : PICKUP_MESSAGES.slotBusy);
  }

  /** The payment failed (or a sibling hold was refused): give the places back, on each cook's partition. */
  async requestRelease(holdIds: string[]): Promise<void> {
    for (const id of holdIds) {
      await this.relay.locked(this.holds, id, async () => {
        const doc = await this.holds.findById(id);
        if (!doc || !['requested', 'held'].includes(doc.state)) return;
        recordEvent(doc, PickupEvents.slotReleaseRequested, { hold_id: id, cook_id: doc.cook_id });
        await doc.save();
      });
      await this.relay.flush(this.holds, id);
    }
  }

  async releaseCheckout(checkoutId: string, cookIds: string[]): Promise<void> {
    await this.requestRelease(cookIds.map((c) => orderIdOf(checkoutId, c)));
  }

  // ── The cook moves a paid order to another slot (ordering asks) ────────────────────────────────

  /** Checks the new slot, asks the cook's partition worker to move the place, waits for its answer. */
  async move(orderId: string, cookId: string, startIso: string, now = new Date()): Promise<HeldSlot> {
    const hold = await this.holds.findById(orderId, { _outbox: 0 }).lean<SlotHold>();
    if (!hold || hold.cook_id !== cookId || hold.state !== 'committed')
      throw new DomainError('VALIDATION_FAILED', PICKUP_MESSAGES.moveNotAllowed);
    const rules = await this.settings.findById(cookId).lean<PickupSettings>();
    const start = new Date(startIso);
    const slot = !rules?.windows.length || Number.isNaN(start.getTime()) ? null : findSlot(rules, start, now, SLOT_HORIZON_DAYS);
    if (!slot) throw new DomainError('VALIDATION_FAILED', PICKUP_MESSAGES.slotUnknown);
    if (slot.start.getTime() <= now.getTime()) throw new DomainError('VALIDATION_FAILED', PICKUP_MESSAGES.slotPast);
    if (slotKey(slot.start) === slotKey(new Date(hold.start))) throw new DomainError('VALIDATION_FAILED', PICKUP_MESSAGES.moveSame);
    const requestId = randomUUID();
    await this.relay.locked(this.holds, orderId, async () => {
      const doc = await this.holds.findById(orderId);
      if (!doc) return;
      doc.move = { request_id: requestId, result: 'requested' };
      recordEvent(doc, PickupEvents.slotMoveRequested, {
        hold_id: orderId,
        cook_id: cookId,
        start: slotKey(slot.start),
        end: slotKey(slot.end),
        request_id: requestId,
      });
      await doc.save();
    });
    await this.relay.flush(this.holds, orderId);
    const result = await this.awaitWorker(
      [cookId],
      async () => {
        const doc = await this.holds.findById(orderId, { move: 1 }).lean<SlotHold>();
        const r = doc?.move?.request_id === requestId ? doc.move.result : 'requested';
        return r === 'requested' ? undefined : r;
      },
      `move of order ${orderId}`,
    );
    if (result === 'moved') return { cook_id: cookId, start: slotKey(slot.start), end: slotKey(slot.end) };
    if (result === 'refused') throw new DomainError('CONFLICT', PICKUP_MESSAGES.slotFull);
    throw new DomainError('CONFLICT', PICKUP_MESSAGES.slotBusy);
  }

  // ── The buyer changes a held slot before paying (payments asks) ───────────────────────────────

  /**
   * One cook's part of a checkout not paid yet moves to another slot: checked here like a hold
   * (French errors), then the cook's partition worker takes the new place and gives the old hold
   * back in the same event (ADR 0008). Refused: the old hold stays. No answer in time: the request
   * is marked abandoned (the worker will skip it) unless the worker decided first.
   */
  async changeHold(
    checkoutId: string,
    part: { cook_id: string; start: string; meal_ids: string[] },
    now = new Date(),
  ): Promise<{ slot: HeldSlot; expires_at: string }> {
    const holdId = orderIdOf(checkoutId, part.cook_id);
    const hold = await this.holds.findById(holdId, { _outbox: 0 }).lean<SlotHold>();
    if (!hold || !['held', 'released'].includes(hold.state)) throw new DomainError('VALIDATION_FAILED', PICKUP_MESSAGES.changeNotAllowed);
    const rules = await this.settings.findById(part.cook_id).lean<PickupSettings>();
    if (!rules?.windows.length) throw new DomainError('VALIDATION_FAILED', PICKUP_MESSAGES.noWindows);
    const start = new Date(part.start);
    const slot = Number.isNaN(start.getTime()) ? null : findSlot(rules, start, now, SLOT_HORIZON_DAYS);
    if (!slot) throw new DomainError('VALIDATION_FAILED', PICKUP_MESSAGES.slotUnknown);
    if (hold.state === 'held' && slotKey(slot.start) === slotKey(new Date(hold.start)))
      throw new DomainError('VALIDATION_FAILED', PICKUP_MESSAGES.changeSame);
    const [availableFrom, used] = await Promise.all([this.availableFrom(part.cook_id, part.meal_ids), this.usedOf(part.cook_id, now)]);
    const why = refusal(
      rules,
      { ...slot, remaining: rules.capacity - (used.get(slotKey(slot.start)) ?? 0) },
      { now, availableFrom, amount: hold.amount },
    );
    if (why) throw new DomainError(why === PICKUP_MESSAGES.slotFull ? 'CONFLICT' : 'VALIDATION_FAILED', why);

    const requestId = randomUUID();
    const expiresAt = new Date(now.getTime() + SLOT_HOLD_MINUTES * 60_000);
    await this.relay.locked(this.holds, holdId, async () => {
      const doc = await this.holds.findById(holdId);
      if (!doc || !['held', 'released'].includes(doc.state)) throw new DomainError('VALIDATION_FAILED', PICKUP_MESSAGES.changeNotAllowed);
      // A request still waiting is superseded: the worker applies only the request named here.
      doc.change = { request_id: requestId, result: 'requested' };
      recordEvent(doc, PickupEvents.slotChangeRequested, {
        hold_id: holdId,
        cook_id: part.cook_id,
        start: slotKey(slot.start),
        end: slotKey(slot.end),
        expires_at: expiresAt.toISOString(),
        request_id: requestId,
      });
      await doc.save();
    });
    await this.relay.flush(this.holds, holdId);
    const readResult = async () => {
      const doc = await this.holds.findById(holdId, { change: 1 }).lean<SlotHold>();
      if (doc?.change?.request_id !== requestId) return 'superseded' as const;
      return doc.change.result === 'requested' ? undefined : doc.change.result;
    };
    let result = await this.awaitWorker([part.cook_id], readResult, `slot change of ${holdId}`);
    if (result === undefined) {
      // Given up: unless the worker decided meanwhile, it must not apply this request any more.
      await this.relay.locked(this.holds, holdId, () =>
        this.holds.updateOne(
          { _id: holdId, 'change.request_id': requestId, 'change.result': 'requested' },
          { $set: { 'change.result': 'abandoned' } },
        ),
      );
      result = await readResult();
    }
    if (result === 'changed')
      return { slot: { cook_id: part.cook_id, start: slotKey(slot.start), end: slotKey(slot.end) }, expires_at: expiresAt.toISOString() };
    if (result === 'refused') throw new DomainError('CONFLICT', PICKUP_MESSAGES.slotFull);
    if (result === 'superseded') throw new DomainError('CONFLICT', PICKUP_MESSAGES.changeSuperseded);
    throw new DomainError('CONFLICT', PICKUP_MESSAGES.changeBusy);
  }

  // ── The cook's partition worker (called by the stock worker, one event at a time per cook) ────

  /** A move: the new slot's place is taken first (if there is room), then the old one is freed. */
  async applyMove(data: { hold_id: string; start: string; end: string; request_id: string }, seq: number): Promise<void> {
    const hold = await this.holds.findById(data.hold_id, { _outbox: 0 }).lean<SlotHold>();
    if (!hold || hold.move?.request_id !== data.request_id || hold.move.result !== 'requested') return;
    const to = { cook_id: hold.cook_id, start: new Date(data.start) };
    const [target, source] = await Promise.all([
      this.loads.findById(loadIdOf(hold.cook_id, data.start)).lean<SlotLoad>(),
      this.loads.findById(loadIdOf(hold.cook_id, slotKey(new Date(hold.start)))).lean<SlotLoad>(),
    ]);
    let moved = hold.state === 'committed';
    if (moved && target?.seq !== seq) {
      const rules = await this.settings.findById(hold.cook_id, { capacity: 1 }).lean<PickupSettings>();
      const others = live(target?.holds ?? [], new Date());
      moved = !!rules && (target?.committed ?? 0) + sum(others) + hold.amount <= rules.capacity;
      if (moved) await this.writeLoad(to, target, seq, { committed: (target?.committed ?? 0) + hold.amount, holds: others });
    }
    if (moved && source && source.seq !== seq)
      await this.writeLoad(hold, source, seq, {
        committed: Math.max(0, source.committed - hold.amount),
        holds: live(source.holds, new Date()),
      });
    await this.relay.locked(this.holds, hold._id, () =>
      this.holds.updateOne(
        { _id: hold._id, 'move.request_id': data.request_id },
        moved ? { $set: { start: to.start, end: new Date(data.end), 'move.result': 'moved' } } : { $set: { 'move.result': 'refused' } },
      ),
    );
  }

  /**
   * The buyer's change of slot: the new slot's place is taken (if there is room) and the old hold
   * dropped, in this one event. Under the hold's lease, so a requester that gave up (and marked the
   * request abandoned) and the worker never both decide. A replay finds its own writes by `seq`.
   */
  async applyChange(
    data: { hold_id: string; start: string; end: string; expires_at: string; request_id: string },
    seq: number,
  ): Promise<void> {
    await this.relay.locked(this.holds, data.hold_id, async () => {
      const hold = await this.holds.findById(data.hold_id, { _outbox: 0 }).lean<SlotHold>();
      if (!hold || hold.change?.request_id !== data.request_id || hold.change.result !== 'requested') return;
      // Paid (or cancelled) meanwhile: the order keeps the slot it was paid with.
      let changed = hold.state === 'held' || hold.state === 'released';
      const targetId = loadIdOf(hold.cook_id, data.start);
      const sourceId = loadIdOf(hold.cook_id, slotKey(new Date(hold.start)));
      if (changed) {
        const [target, source] = await Promise.all([
          this.loads.findById(targetId).lean<SlotLoad>(),
          this.loads.findById(sourceId).lean<SlotLoad>(),
        ]);
        const now = new Date();
        if (target?.seq !== seq) {
          const rules = await this.settings.findById(hold.cook_id, { capacity: 1 }).lean<PickupSettings>();
          const others = live(target?.holds ?? [], now, hold._id);
          changed = !!rules && (target?.committed ?? 0) + sum(others) + hold.amount <= rules.capacity;
          if (changed)
            await this.writeLoad({ cook_id: hold.cook_id, start: new Date(data.start) }, target, seq, {
              committed: target?.committed ?? 0,
              holds: [...others, { hold_id: hold._id, amount: hold.amount, expires_at: new Date(data.expires_at) }],
            });
        }
        // The old place comes back now, once (the source's `seq` tells a replay it was done).
        if (changed && hold.state === 'held' && sourceId !== targetId && source && source.seq !== seq)
          await this.writeLoad(hold, source, seq, { committed: source.committed, holds: live(source.holds, now, hold._id) });
      }
      await this.holds.updateOne(
        { _id: hold._id, 'change.request_id': data.request_id },
        changed
          ? {
              $set: {
                start: new Date(data.start),
                end: new Date(data.end),
                expires_at: new Date(data.expires_at),
                state: 'held',
                'change.result': 'changed',
              },
            }
          : { $set: { 'change.result': 'refused' } },
      );
    });
  }

  async applyHold(data: { hold_id: string }, seq: number): Promise<void> {
    const hold = await this.holds.findById(data.hold_id, { _outbox: 0 }).lean<SlotHold>();
    if (!hold || hold.state !== 'requested') return;
    const loadId = loadIdOf(hold.cook_id, slotKey(new Date(hold.start)));
    const load = await this.loads.findById(loadId).lean<SlotLoad>();
    let held: boolean;
    if (load?.seq === seq) held = load.holds.some((h) => h.hold_id === hold._id);
    else {
      const rules = await this.settings.findById(hold.cook_id, { capacity: 1 }).lean<PickupSettings>();
      const now = new Date();
      const others = live(load?.holds ?? [], now, hold._id);
      held = !!rules && (load?.committed ?? 0) + sum(others) + hold.amount <= rules.capacity;
      if (held)
        await this.writeLoad(hold, load, seq, {
          committed: load?.committed ?? 0,
          holds: [...others, { hold_id: hold._id, amount: hold.amount, expires_at: new Date(hold.expires_at) }],
        });
    }
    await this.setState(hold._id, ['requested'], held ? 'held' : 'refused');
  }

  async applyRelease(data: { hold_id: string }, seq: number): Promise<void> {
    const hold = await this.holds.findById(data.hold_id, { _outbox: 0 }).lean<SlotHold>();
    if (!hold) return;
    if (hold.state === 'held') await this.dropHold(hold, seq);
    await this.setState(hold._id, ['requested', 'held'], 'released');
  }

  /**
   * Whether the order's slot still has its place: its own live hold, or (hold expired or released
   * after a failed payment that was then retried) room left. 'none': an order without a slot.
   * `paid` is the slot the order carries: if the buyer's change of slot was applied after the
   * payment had started, the hold sits elsewhere and the slot paid for is the one checked.
   */
  async roomForOrder(orderId: string, seq: number, paid: PaidSlot = null): Promise<'none' | 'ok' | 'full'> {
    const hold = await this.holds.findById(orderId, { _outbox: 0 }).lean<SlotHold>();
    if (!hold) return 'none';
    if (hold.state === 'committed' || hold.state === 'freed') return 'ok';
    const start = elsewhere(hold, paid) ? new Date(paid!.start) : new Date(hold.start);
    const load = await this.loads.findById(loadIdOf(hold.cook_id, slotKey(start))).lean<SlotLoad>();
    if (load?.seq === seq) return 'ok';
    const now = new Date();
    if (load && live(load.holds, now).some((h) => h.hold_id === orderId)) return 'ok';
    const rules = await this.settings.findById(hold.cook_id, { capacity: 1 }).lean<PickupSettings>();
    const used = (load?.committed ?? 0) + sum(live(load?.holds ?? [], now, orderId));
    return rules && used + hold.amount <= rules.capacity ? 'ok' : 'full';
  }

  /** The order's stock was taken: its place becomes committed (once), in the slot it was paid for. */
  async commitOrder(orderId: string, seq: number, paid: PaidSlot = null): Promise<void> {
    const hold = await this.holds.findById(orderId, { _outbox: 0 }).lean<SlotHold>();
    if (!hold || hold.state === 'committed' || hold.state === 'freed') return;
    const moved = elsewhere(hold, paid);
    // The hold was changed to another slot while the payment went through: that place goes back.
    if (moved && hold.state === 'held') await this.dropHold(hold, seq);
    const slot = moved ? { cook_id: hold.cook_id, start: new Date(paid!.start), end: new Date(paid!.end ?? paid!.start) } : hold;
    const load = await this.loads.findById(loadIdOf(hold.cook_id, slotKey(new Date(slot.start)))).lean<SlotLoad>();
    if (load?.seq !== seq)
      await this.writeLoad(slot, load, seq, {
        committed: (load?.committed ?? 0) + hold.amount,
        holds: live(load?.holds ?? [], new Date(), orderId),
      });
    await this.relay.locked(this.holds, orderId, () =>
      this.holds.updateOne(
        { _id: orderId, state: { $in: ['requested', 'held', 'refused', 'released'] } },
        { $set: { state: 'committed', start: new Date(slot.start), end: new Date(slot.end) } },
      ),
    );
  }

  /** The order was rejected (stock or slot): its hold, if any, is given back. */
  async releaseForOrder(orderId: string, seq: number): Promise<void> {
    await this.applyRelease({ hold_id: orderId }, seq);
  }

  /** A cancelled order frees its place in the slot (once). */
  async freeOrder(orderId: string, seq: number): Promise<void> {
    const hold = await this.holds.findById(orderId, { _outbox: 0 }).lean<SlotHold>();
    if (!hold) return;
    if (hold.state !== 'committed') {
      if (hold.state === 'held') await this.dropHold(hold, seq);
      await this.setState(orderId, ['requested', 'held'], 'released');
      return;
    }
    const load = await this.loads.findById(loadIdOf(hold.cook_id, slotKey(new Date(hold.start)))).lean<SlotLoad>();
    if (load && load.seq !== seq)
      await this.writeLoad(hold, load, seq, {
        committed: Math.max(0, load.committed - hold.amount),
        holds: live(load.holds, new Date()),
      });
    await this.setState(orderId, ['committed'], 'freed');
  }

  private async dropHold(hold: SlotHold, seq: number): Promise<void> {
    const load = await this.loads.findById(loadIdOf(hold.cook_id, slotKey(new Date(hold.start)))).lean<SlotLoad>();
    if (!load || load.seq === seq) return;
    await this.writeLoad(hold, load, seq, { committed: load.committed, holds: live(load.holds, new Date(), hold._id) });
  }

  /** The worker's write of a slot's places: conditional on `seq`, like the stock (exact on MongoDB). */
  private async writeLoad(
    slot: { cook_id: string; start: Date },
    before: SlotLoad | null,
    seq: number,
    next: { committed: number; holds: SlotHoldEntry[] },
  ) {
    const _id = loadIdOf(slot.cook_id, slotKey(new Date(slot.start)));
    if (!before) {
      await this.loads.create({ _id, cook_id: slot.cook_id, start: slot.start, ...next, seq });
      return;
    }
    const res = await this.loads.updateOne({ _id, seq: { $lt: seq } }, { $set: { ...next, seq } });
    if (res.modifiedCount !== 1) throw new Error(`slot ${_id} changed under event ${seq}; retrying`);
  }

  private async setState(id: string, from: SlotHoldState[], to: SlotHoldState): Promise<void> {
    await this.relay.locked(this.holds, id, () => this.holds.updateOne({ _id: id, state: { $in: from } }, { $set: { state: to } }));
  }
}

/** The slot an order carries (order-placed's pickup_start/end), null on orders without one. */
export type PaidSlot = { start: string; end?: string | null } | null;

/** Whether the hold now sits in another slot than the one the order was paid with. */
const elsewhere = (hold: Pick<SlotHold, 'start'>, paid: PaidSlot) =>
  !!paid?.start && slotKey(new Date(paid.start)) !== slotKey(new Date(hold.start));

/** What one order uses of a slot: one order, or its portions. */
const amountOf = (rules: Pick<SlotRules, 'capacity'> & { capacity_unit: string }, portions: number) =>
  rules.capacity_unit === 'portions' ? portions : 1;
