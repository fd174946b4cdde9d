import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  CatalogueEvents,
  DomainError,
  PICKUP_MESSAGES,
  SLOT_HORIZON_DAYS,
  type CheckoutLine,
  type FulfilmentMode,
  type HeldSlot,
} from '@popote/contracts';
import { EventPublisher, findByIds, orderIdOf, PeriodicJob, PLATFORM_CONFIG } from '@popote/platform';
import type { CatalogueConfig } from '../config';
import { Stock } from '../meals/meal.schema';
import { resolveCommune } from '../geo/location';
import { feeOf, noSlotsOf, rulesOf, unknownSlotOf, withinRadius } from '../slots/modes';
import { findSlot, refusal, slotKey } from '../slots/slot-times';
import { loadIdOf, PickupSettings, SlotHold, SlotLoad } from '../slots/slot.schema';
import { StockService } from '../stock/stock.service';
import { CookLock } from './cook-lock';
import { SlotChanges } from './slot-changes';
import { ReservationWrites } from './reservation-writes';
import { heldSlotOf, pricedLines, RESERVED_MEAL_FIELDS, type ReservedMeal } from './reservation.mapper';
import { availableFrom, liveHolds, mustBeBuyable, partsOf, placesFor, slotRefused, stockRefusal, stockRefused, usedPlaces } from './rules';
import { CatalogueStore } from '../store';

export interface ReservePart {
  cook_id: string;
  start: string;
  mode: FulfilmentMode;
  lines: { meal_id: string; quantity: number }[];
}

/** Where a checkout's deliveries go: the centre of the buyer's commune (null: no delivery asked). */
type Destination = { lat: number; lon: number } | null;

/** How often each replica gives back the reservations past their expiry (the cards show them free again). */
const SWEEP_EVERY_MS = 15_000;

/**
 * Reserve, then pay (docs/checkout.md). Asking for a payment intent reserves, for each cook of the
 * cart, the lines' portions AND the chosen slot's place in one step under the cook's lock — the
 * lock every writer of the cook's stock and slots holds, the stock worker included — so two buyers
 * never both get the last portion, on one replica or many, on FerretDB or MongoDB (each write is
 * also conditional on the document's version). A reservation lives until `expires_at`: it stops
 * counting then, whatever happens, and the sweep gives it back explicitly soon after. The order's
 * stock worker commits it (order-placed); a failed payment or a replaced checkout releases it.
 */
@Injectable()
export class ReservationsService {
  private readonly log = new Logger('Reservations');
  private readonly writes: ReservationWrites;
  private readonly slotChanges: SlotChanges;

  constructor(
    private readonly store: CatalogueStore,
    private readonly cookLock: CookLock,
    private readonly stockService: StockService,
    private readonly publisher: EventPublisher,
    @Inject(PLATFORM_CONFIG) private readonly config: Pick<CatalogueConfig, 'RESERVATION_TTL_SECONDS'>,
  ) {
    this.writes = new ReservationWrites(store);
    this.slotChanges = new SlotChanges(store, cookLock, this.writes);
  }

  /**
   * Reserves a checkout's lines for their cooks (cook by cook, each under its own lock, never two locks
   * at once), or none: a refused part gives back the parts already reserved, and the buyer reads why in
   * French. The meals are read once, here: they say each line's cook (whose slot must be chosen), and
   * its name and price as reserved — the answer's priced lines. Asked again for the same checkout, each
   * part is renewed in place (new expiry, same ids).
   */
  async reserve(
    checkoutId: string,
    consumerId: string,
    lines: { meal_id: string; quantity: number }[],
    chosen: { cook_id: string; start: string; mode?: FulfilmentMode }[],
    now = new Date(),
    deliveryTo: { postcode: string; commune_code: string } | null = null,
  ): Promise<{ slots: HeldSlot[]; expires_at: string; lines: CheckoutLine[]; delivery_city: string | null }> {
    const meals = await findByIds<ReservedMeal>(this.store.meals, [...new Set(lines.map((l) => l.meal_id))], RESERVED_MEAL_FIELDS);
    const mealOf = new Map(meals.map((m) => [m._id, m]));
    mustBeBuyable(lines, mealOf, consumerId);
    const parts = partsOf(lines, mealOf, chosen);
    // A delivery is measured from the buyer's commune (ADR 0044): required, and known, before anything is held.
    const delivers = parts.some((p) => p.mode === 'delivery');
    if (delivers && !deliveryTo) throw new DomainError('VALIDATION_FAILED', PICKUP_MESSAGES.deliveryAddressRequired);
    const commune = delivers ? await resolveCommune(deliveryTo!, 'delivery_address') : null;
    const destination: Destination = commune && { lat: commune.lat, lon: commune.lon };
    const expiresAt = new Date(now.getTime() + this.config.RESERVATION_TTL_SECONDS * 1000);
    const done: string[] = [];
    const slots: HeldSlot[] = [];
    const written = new Map<string, Stock>();
    try {
      for (const part of [...parts].sort((a, b) => a.cook_id.localeCompare(b.cook_id))) {
        slots.push(
          await this.cookLock.run(part.cook_id, () => this.reserveOne(checkoutId, part, mealOf, expiresAt, now, written, destination)),
        );
        done.push(part.cook_id);
      }
    } catch (err) {
      if (done.length) await this.release(checkoutId, done).catch((e: unknown) => this.log.warn(`release after refusal: ${String(e)}`));
      throw err;
    }
    await this.showOnCards(
      parts.map((p) => ({ cook_id: p.cook_id, meal_ids: p.lines.map((l) => l.meal_id) })),
      written,
    );
    const order = new Map(parts.map((p, i) => [p.cook_id, i]));
    slots.sort((a, b) => (order.get(a.cook_id) ?? 0) - (order.get(b.cook_id) ?? 0));
    return { slots, expires_at: expiresAt.toISOString(), lines: pricedLines(lines, mealOf), delivery_city: commune?.name ?? null };
  }

  /** One cook's part, under the cook's lock: check everything, then write the hold, the stock, the slot. */
  private async reserveOne(
    checkoutId: string,
    part: ReservePart,
    mealOf: ReadonlyMap<string, ReservedMeal>,
    expiresAt: Date,
    now: Date,
    written: Map<string, Stock>,
    destination: Destination,
  ): Promise<HeldSlot> {
    const holdId = orderIdOf(checkoutId, part.cook_id);
    const ids = part.lines.map((l) => l.meal_id);
    const meals = ids.map((id) => mealOf.get(id)!);
    const asked = new Date(part.start);
    // The slot's places are read with the rest (its id is the instant asked; checked below).
    const mode = part.mode;
    const [settings, existing, stocks, askedLoad] = await Promise.all([
      this.store.pickupSettings.findById(part.cook_id).lean<PickupSettings>(),
      this.store.slotHolds.findById(holdId).lean<SlotHold>(),
      findByIds<Stock>(this.store.stock, ids),
      Number.isNaN(asked.getTime()) ? null : this.store.slotLoads.findById(loadIdOf(part.cook_id, slotKey(asked), mode)).lean<SlotLoad>(),
    ]);
    if (existing && (existing.state === 'committed' || existing.state === 'freed'))
      throw new DomainError('CONFLICT', PICKUP_MESSAGES.changeNotAllowed);
    const rules = rulesOf(settings, mode);
    if (!settings || !rules) throw noSlotsOf(mode);
    if (mode === 'delivery' && !withinRadius(settings, destination!))
      throw new DomainError('VALIDATION_FAILED', PICKUP_MESSAGES.outOfRange);
    const slot = Number.isNaN(asked.getTime()) ? null : findSlot(rules, asked, now, SLOT_HORIZON_DAYS);
    if (!slot) throw unknownSlotOf(mode);

    const stockOf = new Map(stocks.map((s) => [s._id, s]));
    const refused = stockRefusal(part.cook_id, part.lines, mealOf, stockOf, now, holdId);
    if (refused) throw stockRefused(refused);

    const load =
      slot.start.getTime() === asked.getTime()
        ? askedLoad
        : await this.store.slotLoads.findById(loadIdOf(part.cook_id, slotKey(slot.start), mode)).lean<SlotLoad>();
    const amount = placesFor(
      rules,
      part.lines.reduce((n, l) => n + l.quantity, 0),
    );
    const why = refusal(
      rules,
      { ...slot, remaining: rules.capacity - usedPlaces(load, now, holdId) },
      { now, availableFrom: availableFrom(meals), amount },
    );
    if (why) throw slotRefused(why, mode);
    const fee = feeOf(
      settings,
      mode,
      part.lines.reduce((n, l) => n + l.quantity * mealOf.get(l.meal_id)!.price_cents, 0),
    );

    // Checked: write. The hold first — a crash after it leaves a reservation that expires by itself.
    await this.store.slotHolds.updateOne(
      { _id: holdId },
      {
        $set: {
          checkout_id: checkoutId,
          cook_id: part.cook_id,
          start: slot.start,
          end: slot.end,
          amount,
          mode,
          fee_cents: fee,
          lines: part.lines,
          expires_at: expiresAt,
          state: 'held',
        },
      },
      { upsert: true },
    );
    // A renewal into another slot (or another mode) gives the old place back.
    const was = existing?.mode ?? 'pickup';
    if (existing?.state === 'held' && (slotKey(new Date(existing.start)) !== slotKey(slot.start) || was !== mode))
      await this.writes.dropFromLoad(part.cook_id, slotKey(new Date(existing.start)), holdId, was);
    // Different documents, all under the cook's lease: written side by side.
    await Promise.all([
      ...part.lines.map(async (line) => {
        const s = stockOf.get(line.meal_id)!;
        written.set(
          line.meal_id,
          await this.writes.writeStock(s, {
            holds: [...liveHolds(s.holds, now, holdId), { hold_id: holdId, quantity: line.quantity, expires_at: expiresAt }],
          }),
        );
      }),
      // Lines of an earlier reservation of this checkout that are no longer asked (the cart changed).
      this.stockService.dropReservation(
        holdId,
        (existing?.lines ?? []).filter((l) => !ids.includes(l.meal_id)).map((l) => l.meal_id),
      ),
      this.writes.writeLoad(
        part.cook_id,
        slot.start,
        load,
        { holds: [...liveHolds(load?.holds, now, holdId), { hold_id: holdId, amount, expires_at: expiresAt }] },
        mode,
      ),
    ]);
    return heldSlotOf(part.cook_id, slot, mode, fee);
  }

  /**
   * Gives the checkout's reservations back (payment failed, checkout replaced, expired). With
   * `onlyUntil`, only a reservation that still ends then: a renewal made since is not undone.
   */
  async release(checkoutId: string, cookIds: string[], onlyUntil?: string | null): Promise<number> {
    let released = 0;
    const touched: { cook_id: string; meal_ids: string[] }[] = [];
    for (const cookId of [...new Set(cookIds)]) {
      const holdId = orderIdOf(checkoutId, cookId);
      const lines = await this.cookLock.run(cookId, async () => {
        const hold = await this.store.slotHolds.findById(holdId).lean<SlotHold>();
        if (!hold || hold.state !== 'held') return null;
        if (onlyUntil && new Date(hold.expires_at).getTime() !== new Date(onlyUntil).getTime()) return null;
        await this.giveBack(hold);
        return hold.lines ?? [];
      });
      if (lines) {
        released++;
        touched.push({ cook_id: cookId, meal_ids: lines.map((l) => l.meal_id) });
      }
    }
    await this.showOnCards(touched);
    return released;
  }

  /** Under the cook's lock: the hold's portions and place come back, and the hold says so. */
  private async giveBack(hold: SlotHold): Promise<void> {
    await this.stockService.dropReservation(
      hold._id,
      (hold.lines ?? []).map((l) => l.meal_id),
    );
    await this.writes.dropFromLoad(hold.cook_id, slotKey(new Date(hold.start)), hold._id, hold.mode ?? 'pickup');
    await this.store.slotHolds.updateOne({ _id: hold._id, state: 'held' }, { $set: { state: 'released' } });
  }

  /**
   * Reservations past their expiry, given back (they stopped counting at `expires_at` already; this
   * puts the portions back on the cards and in the documents). Safe on every replica at once.
   */
  @PeriodicJob({ name: 'reservations-sweep', everyMs: SWEEP_EVERY_MS })
  async sweep(now = new Date()): Promise<number> {
    const due = await this.store.slotHolds
      .find({ state: 'held', expires_at: { $lte: now } }, { checkout_id: 1, cook_id: 1, expires_at: 1 })
      .lean<SlotHold[]>();
    let n = 0;
    for (const h of due) n += await this.release(h.checkout_id, [h.cook_id], new Date(h.expires_at).toISOString());
    if (n) this.log.log(`gave back ${n} expired reservation(s)`);
    return n;
  }

  /** The buyer changes one cook's slot before paying (SlotChanges). */
  changeSlot(checkoutId: string, cookId: string, startIso: string, now = new Date()): Promise<{ slot: HeldSlot; expires_at: string }> {
    return this.slotChanges.change(checkoutId, cookId, startIso, now);
  }

  /** The cook moves a paid order to another of their slots (SlotChanges). */
  move(orderId: string, cookId: string, startIso: string, now = new Date()): Promise<HeldSlot> {
    return this.slotChanges.move(orderId, cookId, startIso, now);
  }

  /**
   * The cards show what is free now, then the BFF's cache hears it (meals-changed). `reserved`: the
   * stocks just written by a reservation, copied as written (`StockCardsService.copy`).
   */
  private async showOnCards(parts: { cook_id: string; meal_ids: string[] }[], reserved?: ReadonlyMap<string, Stock>): Promise<void> {
    for (const p of parts) {
      await this.stockService.mirror(p.meal_ids, reserved);
      await this.publisher.announce(CatalogueEvents.mealsChanged, { cook_id: p.cook_id, meal_ids: p.meal_ids, cause: 'reservation' });
    }
  }
}
