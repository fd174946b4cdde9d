import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { CatalogueEvents, OrderingEvents, type Envelope } from '@popote/contracts';
import { causedBy, EventPublisher, findByIds, OutboxRelay, recordEvent, type PartitionedEvent } from '@popote/platform';
import type { Model } from 'mongoose';
import type { z } from 'zod';
import { Meal, Stock, StockApplication } from '../meals/meal.schema';
import { SlotsService } from '../slots/slots.service';
import { CookLock } from '../reservations/cook-lock';
import { atVersion, freePortions, liveHolds, mergeLines } from '../reservations/rules';

type OrderPlaced = z.infer<typeof OrderingEvents.orderPlaced.schema>;
type OrderCancelled = z.infer<typeof OrderingEvents.orderCancelled.schema>;
type StockAdjust = z.infer<typeof CatalogueEvents.stockAdjustRequested.schema>;
type ReviewSubmitted = z.infer<typeof OrderingEvents.reviewSubmitted.schema>;

/**
 * How often each replica checks that every card shows its stock and its cook's commune (the read
 * model's safety net: cards a crash between two writes, or an older version during a rolling
 * deployment, left behind). Two collection reads; writes only where a card differs.
 */
const RECONCILE_EVERY_MS = 10 * 60_000;

/**
 * The stock worker of one cook partition (ADR 0004). Every change to the portions of a cook's meals
 * arrives as an event on the cook's partition and is applied here, one at a time for the partition
 * in the whole system, in stream order:
 * - order-placed takes all of an order's lines or none, never below zero, and records the outcome
 *   once (a `stockApplications` document whose outbox announces stock-committed/-rejected);
 * - order-cancelled gives a committed order's portions back once (or voids an order not yet applied);
 * - stock-adjust-requested applies a cook's edit, relative to what the cook saw;
 * - review-submitted adds a rating to the reviewed meals once.
 * Each stock document remembers the sequence of the last event applied to it, so an event that is
 * redelivered after a crash half-way recognises the lines it already changed.
 * The conditions on `seq` also make the writes exact on MongoDB if two workers ever overlapped.
 */
@Injectable()
export class StockService implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('Stock');
  private reconciling?: NodeJS.Timeout;

  constructor(
    @InjectModel(Meal.name) private readonly meals: Model<Meal>,
    @InjectModel(Stock.name) private readonly stock: Model<Stock>,
    @InjectModel(StockApplication.name) private readonly applications: Model<StockApplication>,
    private readonly relay: OutboxRelay,
    private readonly publisher: EventPublisher,
    private readonly slots: SlotsService,
    private readonly cookLock: CookLock,
  ) {}

  onModuleInit(): void {
    this.relay.register(this.applications);
  }

  async onApplicationBootstrap(): Promise<void> {
    const created = await this.migrateLegacy();
    if (created) this.log.log(`gave ${created} meals stored before ADR 0004 their stock document`);
    // The read model (ADR 0005): cards stored before it get their copies, in the background — reads
    // fall back to the join for a card without them meanwhile, and a first backfill of many cards
    // must not hold the start past the startup probe. Then now and then, as a safety net.
    const reconcile = () => void this.reconcileCards().catch((err: unknown) => this.log.warn(`cards not reconciled: ${String(err)}`));
    reconcile();
    this.reconciling = setInterval(reconcile, RECONCILE_EVERY_MS);
    this.reconciling.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.reconciling);
  }

  /** Every card made to show its stock and its cook's commune (safe with every replica doing it at once). */
  async reconcileCards(): Promise<void> {
    const portions = await this.reconcileMirror();
    const located = await this.slots.reconcileLocations();
    if (portions || located) this.log.log(`read model: copied the stock onto ${portions} cards, the cook's commune onto ${located}`);
  }

  /**
   * One event of the cook's partition, under the cook's lock: the reservations at checkout write the
   * same stock and slot documents (docs/checkout.md). Reviews touch only the meals' ratings.
   */
  async apply(event: PartitionedEvent): Promise<void> {
    const cookId = (event.envelope.data as { cook_id: string }).cook_id;
    switch (event.contract.subject) {
      case OrderingEvents.orderPlaced.subject:
        await this.cookLock.run(cookId, () => this.applyOrder(event.envelope as Envelope<OrderPlaced>, event.seq));
        return;
      case OrderingEvents.orderCancelled.subject:
        await this.cookLock.run(cookId, () => this.restock(event.envelope as Envelope<OrderCancelled>, event.seq));
        return;
      case CatalogueEvents.stockAdjustRequested.subject:
        await this.cookLock.run(cookId, () => this.adjust((event.envelope as Envelope<StockAdjust>).data, event.seq));
        return;
      case OrderingEvents.reviewSubmitted.subject:
        await this.addRating((event.envelope as Envelope<ReviewSubmitted>).data, event.seq);
        return;
      default:
        throw new Error(`stock worker: unexpected ${event.contract.subject}`);
    }
  }

  async applyOrder(envelope: Envelope<OrderPlaced>, seq: number): Promise<'committed' | 'rejected' | 'void'> {
    const { order_id: orderId, checkout_id: checkoutId } = envelope.data;
    const done = await this.applications.findById(orderId);
    if (done) {
      // Applied before: the order-placed came again (a replay, or an order recreated after its
      // payment was re-announced). Announce the same outcome again so the order can settle; the
      // consumers apply an outcome once (an order leaves 'pending' stock once). The cards' mirror is
      // written again first: the stock is the truth, so this repairs whatever a crash left behind.
      await this.mirror(envelope.data.items.map((i) => i.meal_id));
      if (done.result !== 'void') {
        if (done.result === 'committed')
          recordEvent(done, CatalogueEvents.stockCommitted, { order_id: orderId, checkout_id: checkoutId }, causedBy(envelope));
        else
          recordEvent(
            done,
            CatalogueEvents.stockRejected,
            { order_id: orderId, checkout_id: checkoutId, meal_id: done.meal_id ?? '', reason: done.reason ?? 'insufficient_stock' },
            causedBy(envelope),
          );
        await this.relay.save(this.applications, done);
      }
      return done.result;
    }
    const lines = mergeLines(envelope.data.items);
    const ids = lines.map((l) => l.meal_id);
    const [stocks, meals] = await Promise.all([
      findByIds<Stock>(this.stock, ids),
      findByIds<Pick<Meal, '_id' | 'deleted_at'>>(this.meals, ids, { deleted_at: 1 }),
    ]);
    const stockOf = new Map(stocks.map((s) => [s._id, s]));
    const mealOf = new Map(meals.map((m) => [m._id, m]));
    // A line this very event already took (a crash between the stock writes and the outcome).
    const takenHere = (l: { meal_id: string }) => stockOf.get(l.meal_id)?.seq === seq && stockOf.get(l.meal_id)?.op === 'take';
    const now = new Date();

    // The pick-up slot first: an order whose slot has no room left takes no stock (ADR 0008).
    const paid = envelope.data.pickup_start ? { start: envelope.data.pickup_start, end: envelope.data.pickup_end } : null;
    const room = await this.slots.roomForOrder(orderId, seq, paid);
    let rejection: { meal_id: string; reason: 'meal_not_found' | 'insufficient_stock' | 'slot_full' } | null =
      room === 'full' ? { meal_id: '', reason: 'slot_full' } : null;
    // The order's own reservation (same id) is what it takes; without one (expired, released), only
    // what no live reservation holds (docs/checkout.md).
    for (const line of lines) {
      const s = stockOf.get(line.meal_id);
      const meal = mealOf.get(line.meal_id);
      if (!s || !meal || meal.deleted_at) rejection ??= { meal_id: line.meal_id, reason: 'meal_not_found' };
      else if (!takenHere(line) && freePortions(s, now, orderId) < line.quantity)
        rejection ??= { meal_id: line.meal_id, reason: 'insufficient_stock' };
    }

    if (rejection) {
      for (const line of lines.filter(takenHere)) {
        const s = stockOf.get(line.meal_id)!;
        await this.stock.updateOne(
          { _id: line.meal_id, seq, op: 'take', ...atVersion(s.v) },
          { $inc: { portions: line.quantity }, $set: { op: 'giveback', v: (s.v ?? 0) + 1 } },
        );
      }
      // The reservation is void with its order: its portions are free again.
      await this.dropReservation(orderId, ids);
    } else {
      for (const line of lines.filter((l) => !takenHere(l))) {
        const s = stockOf.get(line.meal_id)!;
        const res = await this.stock.updateOne(
          { _id: line.meal_id, seq: { $lt: seq }, portions: { $gte: line.quantity }, ...atVersion(s.v) },
          {
            $set: {
              portions: s.portions - line.quantity,
              holds: liveHolds(s.holds, now, orderId),
              seq,
              op: 'take',
              v: (s.v ?? 0) + 1,
            },
          },
        );
        // Only possible if another writer changed the document since we read it: redo from the start.
        if (res.modifiedCount !== 1) throw new Error(`stock of ${line.meal_id} changed under order ${orderId}; retrying`);
      }
    }
    if (rejection) await this.slots.releaseForOrder(orderId, seq);
    else if (room === 'ok') await this.slots.commitOrder(orderId, seq, paid);
    // The cards show the new portions before the outcome is announced (stock-committed is what drops
    // the BFF's read cache), and before the event is acked: a crash before this line redelivers it.
    await this.mirror(ids);

    const application = new this.applications({
      _id: orderId,
      checkout_id: checkoutId,
      result: rejection ? 'rejected' : 'committed',
      meal_id: rejection?.meal_id ?? null,
      reason: rejection?.reason ?? null,
      applied_at: new Date(),
    });
    if (rejection)
      recordEvent(
        application,
        CatalogueEvents.stockRejected,
        { order_id: orderId, checkout_id: checkoutId, ...rejection },
        causedBy(envelope),
      );
    else recordEvent(application, CatalogueEvents.stockCommitted, { order_id: orderId, checkout_id: checkoutId }, causedBy(envelope));
    await this.relay.save(this.applications, application);
    return application.result;
  }

  /** The reservation `holdId` (the order's id) leaves these meals' stock; the caller holds the cook's lock. */
  async dropReservation(holdId: string, mealIds: string[]): Promise<void> {
    for (const id of new Set(mealIds)) {
      const s = await this.stock.findById(id).lean<Stock>();
      if (!s || !(s.holds ?? []).some((h) => h.hold_id === holdId)) continue;
      const res = await this.stock.updateOne(
        { _id: id, ...atVersion(s.v) },
        { $set: { holds: s.holds.filter((h) => h.hold_id !== holdId), v: (s.v ?? 0) + 1 } },
      );
      if (res.modifiedCount !== 1) throw new Error(`stock of ${id} changed while reservation ${holdId} was given back; retrying`);
    }
  }

  /** A cancelled order: a committed one gives its portions back, once; one not yet applied is voided. */
  async restock(envelope: Envelope<OrderCancelled>, seq: number): Promise<void> {
    const orderId = envelope.data.order_id;
    await this.slots.freeOrder(orderId, seq); // its place in the pick-up slot, once
    const app = await this.applications.findById(orderId, { result: 1, restocked_at: 1 }).lean<StockApplication>();
    if (!app) {
      // Cancelled before its order-placed was applied: the reservation's portions come back now.
      const ids = envelope.data.items.map((i) => i.meal_id);
      await this.dropReservation(orderId, ids);
      await this.mirror(ids);
      // Its order-placed never got here (or comes later): whatever comes later must take nothing.
      await this.applications.create({
        _id: orderId,
        checkout_id: envelope.data.checkout_id,
        result: 'void',
        applied_at: new Date(),
      });
      return;
    }
    const lines = mergeLines(envelope.data.items);
    if (app.result !== 'committed') return;
    if (app.restocked_at) {
      await this.mirror(lines.map((l) => l.meal_id)); // a replay: the cards as the stock is
      return;
    }
    for (const line of lines) {
      await this.stock.updateOne(
        { _id: line.meal_id, seq: { $lt: seq } },
        { $inc: { portions: line.quantity, v: 1 }, $set: { seq, op: 'restock' } },
      );
    }
    await this.mirror(lines.map((l) => l.meal_id));
    await this.applications.updateOne({ _id: orderId }, { $set: { restocked_at: new Date() } });
    await this.publisher.announce(
      CatalogueEvents.mealsChanged,
      { cook_id: envelope.data.cook_id, meal_ids: lines.map((l) => l.meal_id), cause: 'restock' },
      causedBy(envelope),
    );
  }

  /** A cook's edit: relative to the portions the form showed, so sales made meanwhile stay sold. */
  async adjust(data: StockAdjust, seq: number): Promise<void> {
    const current = await this.stock.findById(data.meal_id).lean<Stock>();
    if (!current) return;
    if (current.seq >= seq) {
      await this.mirror([data.meal_id]); // applied before (a redelivery): the card as the stock is
      return;
    }
    // What the cook sets is what buyers can reserve: live reservations stay on top of it.
    const reserved = current.portions - freePortions(current, new Date());
    const portions =
      data.portions_seen === null ? data.portions + reserved : Math.max(reserved, current.portions + (data.portions - data.portions_seen));
    await this.stock.updateOne(
      { _id: data.meal_id, seq: { $lt: seq }, ...atVersion(current.v) },
      { $set: { portions, seq, op: 'adjust', v: (current.v ?? 0) + 1 } },
    );
    await this.mirror([data.meal_id]);
    await this.publisher.announce(CatalogueEvents.mealsChanged, {
      cook_id: data.cook_id,
      meal_ids: [data.meal_id],
      cause: 'stock_adjusted',
    });
    if (portions !== data.portions)
      this.log.log(
        `meal ${data.meal_id}: the cook asked ${data.portions} after seeing ${data.portions_seen}; sales since leave ${portions}`,
      );
  }

  /** A review counts once in each reviewed meal's average (the meal remembers the last review's sequence). */
  async addRating(data: ReviewSubmitted, seq: number): Promise<void> {
    await this.rate(data, seq);
    await this.publisher.announce(CatalogueEvents.mealsChanged, {
      cook_id: data.cook_id,
      meal_ids: [...new Set(data.meal_ids)],
      cause: 'rating',
    });
  }

  private async rate(data: ReviewSubmitted, seq: number): Promise<void> {
    for (const id of new Set(data.meal_ids)) {
      await this.relay.locked(this.meals, id, async () => {
        const meal = await this.meals.findOne({ _id: id }, { rating_average: 1, rating_count: 1, rating_seq: 1 }).lean<Meal>();
        if (!meal || (meal.rating_seq ?? 0) >= seq) return;
        const count = (meal.rating_count ?? 0) + 1;
        const average = Math.round((((meal.rating_average ?? 0) * (count - 1) + data.rating) / count) * 100) / 100;
        await this.meals.updateOne(
          { _id: id, $or: [{ rating_seq: { $lt: seq } }, { rating_seq: { $exists: false } }] },
          { $set: { rating_average: average, rating_count: count, rating_seq: seq } },
        );
      });
    }
  }

  /**
   * Copies what can be reserved of these meals onto their cards (`portions` = the stock's portions
   * minus its live reservations; `portions_v`, `portions_seq`: the read model, ADR 0005). The value is
   * read from the stock inside the meal's lock, so whichever copy runs last writes the stock as it
   * then is — an older copy cannot win — and the filter on `portions_v` keeps that exact on MongoDB
   * even if two writers ever overlapped. Only the mirror's fields are `$set`, under the lock every
   * writer of a meal takes (FerretDB rewrites the whole document on an update). Nothing is written
   * when the card already shows it (a replay, the reconciliation).
   */
  async mirror(mealIds: string[]): Promise<void> {
    for (const id of new Set(mealIds)) {
      await this.relay.locked(this.meals, id, async () => {
        const s = await this.stock.findById(id, { portions: 1, seq: 1, holds: 1, v: 1 }).lean<Stock>();
        if (!s) return;
        const free = freePortions(s, new Date());
        const v = s.v ?? 0;
        await this.meals.updateOne(
          {
            _id: id,
            $or: [
              { portions_v: { $exists: false } },
              { portions_v: { $lt: v } },
              // The same version again (a reservation's expiry changes no version): the value decides.
              { portions_v: v, portions: { $ne: free } },
            ],
          },
          { $set: { portions: free, portions_seq: s.seq, portions_v: v } },
          { timestamps: false },
        );
      });
    }
  }

  /**
   * Meals whose card does not show what their stock has free (stored before the mirror, or left
   * behind by a crash between two writes): copied again. One read of each collection; the copies are
   * idempotent and locked, so replicas doing it at once are harmless.
   */
  async reconcileMirror(): Promise<number> {
    const [stocks, cards] = await Promise.all([
      this.stock.find({}, { portions: 1, seq: 1, holds: 1, v: 1 }).lean<Stock[]>(),
      this.meals.find({}, { portions: 1, portions_v: 1 }).lean<Pick<Meal, '_id' | 'portions' | 'portions_v'>[]>(),
    ]);
    const card = new Map(cards.map((c) => [c._id, c]));
    const now = new Date();
    const stale = stocks
      .filter((s) => {
        const c = card.get(s._id);
        return (
          c && (c.portions_v === undefined || c.portions_v === null || c.portions_v < (s.v ?? 0) || c.portions !== freePortions(s, now))
        );
      })
      .map((s) => s._id);
    await this.mirror(stale);
    return stale.length;
  }

  /** Portions of meals that can still be reserved, by meal id (the stock itself: the truth, one point read per meal). */
  async portionsOf(mealIds: string[]): Promise<Map<string, number>> {
    if (!mealIds.length) return new Map();
    const docs = await findByIds<Pick<Stock, '_id' | 'portions' | 'holds'>>(this.stock, mealIds, { portions: 1, holds: 1 });
    const now = new Date();
    return new Map(docs.map((d) => [d._id, freePortions(d, now)]));
  }

  /** The stock of a new meal: created with the meal, before anyone can order it. */
  async create(mealId: string, cookId: string, portions: number): Promise<void> {
    await this.stock.updateOne(
      { _id: mealId },
      { $setOnInsert: { cook_id: cookId, portions, seq: 0, op: 'create', holds: [], v: 0 } },
      { upsert: true },
    );
  }

  /** Stream sequence of the last change applied to a meal's stock (to wait for an edit to land). */
  async seqOf(mealId: string): Promise<number> {
    return (await this.stock.findById(mealId, { seq: 1 }).lean<Stock>())?.seq ?? 0;
  }

  /**
   * Meals stored before stock had its own collection carry `portions_available`: give each one its
   * stock document once (startup; inserts only, so replicas doing it at once are harmless).
   */
  async migrateLegacy(): Promise<number> {
    const legacy = (await this.meals.collection
      .find({ portions_available: { $exists: true } }, { projection: { _id: 1, cook_id: 1, portions_available: 1 } })
      .toArray()) as unknown as { _id: string; cook_id: string; portions_available: number }[];
    let created = 0;
    for (const m of legacy) {
      const res = await this.stock.updateOne(
        { _id: m._id },
        { $setOnInsert: { cook_id: m.cook_id, portions: Math.max(0, m.portions_available ?? 0), seq: 0, op: 'create' } },
        { upsert: true },
      );
      created += res.upsertedCount ?? 0;
      await this.meals.collection.updateOne({ _id: m._id } as never, {
        $unset: { portions_available: '', applied_orders: '', restocked_orders: '', rated_reviews: '' },
      });
    }
    return created;
  }
}
