import { Injectable, Logger } from '@nestjs/common';
import { CatalogueEvents, OrderingEvents, type Envelope } from '@popote/contracts';
import { causedBy, EventPublisher, findByIds, OutboxRelay, recordEvent, type PartitionedEvent } from '@popote/platform';
import type { z } from 'zod';
import { Meal, Stock, StockApplication } from '../meals/meal.schema';
import { CookLock } from '../reservations/cook-lock';
import { atVersion, freePortions, mergeLines } from '../reservations/rules';
import { SlotsService } from '../slots/slots.service';
import { CardReconciliationService } from './card-reconciliation.service';
import {
  adjustedPortions,
  appliedBefore,
  orderMoves,
  restockStep,
  soldFromOwnHold,
  taken,
  withoutHold,
  type StockRejection,
} from './rules';
import { StockCardsService } from './stock-cards.service';
import { CatalogueStore } from '../store';

type OrderPlaced = z.infer<typeof OrderingEvents.orderPlaced.schema>;
type OrderCancelled = z.infer<typeof OrderingEvents.orderCancelled.schema>;
type StockAdjust = z.infer<typeof CatalogueEvents.stockAdjustRequested.schema>;

/**
 * A meal's stock and how it moves (ADR 0004). Every change to the portions of a cook's meals
 * arrives as an event on the cook's partition and is applied here, one at a time for the partition
 * in the whole system, in stream order, under the cook's lock (the reservations at checkout write
 * the same stock and slot documents, docs/checkout.md):
 * - order-placed takes all of an order's lines or none, never below zero, and records the outcome
 *   once (a `stockApplications` document; a rejection's outbox announces stock-rejected);
 * - order-cancelled gives a committed order's portions back once (or voids an order not yet applied);
 * - stock-adjust-requested applies a cook's edit, relative to what the cook saw.
 * What to take, give back or set is decided by the pure rules in `./rules`; this class reads, asks
 * them and writes. Each stock document remembers the sequence of the last event applied to it, so an
 * event that is redelivered after a crash half-way recognises the lines it already changed; the
 * conditions on `seq` and `v` also make the writes exact on MongoDB if two workers ever overlapped.
 */
@Injectable()
export class StockService {
  private readonly log = new Logger('Stock');

  constructor(
    private readonly store: CatalogueStore,
    private readonly relay: OutboxRelay,
    private readonly publisher: EventPublisher,
    private readonly slots: SlotsService,
    private readonly cookLock: CookLock,
    private readonly cards: StockCardsService,
    private readonly reconciliation: CardReconciliationService,
  ) {}

  /** One stock event of the cook's partition, under the cook's lock. */
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
      default:
        throw new Error(`stock: unexpected ${event.contract.subject}`);
    }
  }

  async applyOrder(envelope: Envelope<OrderPlaced>, seq: number): Promise<'committed' | 'rejected' | 'void'> {
    const { order_id: orderId, checkout_id: checkoutId } = envelope.data;
    const done = await this.store.stockApplications.findById(orderId);
    if (done) {
      // Applied before: the order-placed came again (a replay, or an order recreated after its
      // payment was re-announced). Announce the same outcome again so the order can settle; the
      // consumers apply an outcome once (an order leaves 'pending' stock once). The cards' copy is
      // written again first: the stock is the truth, so this repairs whatever a crash left behind.
      await this.mirror(envelope.data.items.map((i) => i.meal_id));
      if (done.result === 'rejected') {
        recordEvent(
          done,
          CatalogueEvents.stockRejected,
          { order_id: orderId, checkout_id: checkoutId, meal_id: done.meal_id ?? '', reason: done.reason ?? 'insufficient_stock' },
          causedBy(envelope),
        );
        await this.relay.save(this.store.stockApplications, done);
      }
      return done.result;
    }
    const lines = mergeLines(envelope.data.items);
    const ids = lines.map((l) => l.meal_id);
    const [stocks, meals] = await Promise.all([
      findByIds<Stock>(this.store.stock, ids),
      findByIds<Pick<Meal, '_id' | 'deleted_at'>>(this.store.meals, ids, { deleted_at: 1 }),
    ]);
    const stockOf = new Map(stocks.map((s) => [s._id, s]));
    const now = new Date();

    // The pick-up slot first: an order whose slot has no room left takes no stock (ADR 0008).
    const paid = envelope.data.pickup_start ? { start: envelope.data.pickup_start, end: envelope.data.pickup_end } : null;
    const { room, seen } = await this.slots.roomForOrder(orderId, seq, paid);
    const moves = orderMoves({ order_id: orderId, seq, lines, room }, stockOf, new Map(meals.map((m) => [m._id, m])), now);
    if (moves.rejection) {
      for (const line of moves.giveBack) {
        const s = stockOf.get(line.meal_id)!;
        await this.store.stock.updateOne(
          { _id: line.meal_id, seq, op: 'take', ...atVersion(s.v) },
          { $inc: { portions: line.quantity }, $set: { op: 'giveback', v: (s.v ?? 0) + 1 } },
        );
      }
      // The reservation is void with its order: its portions are free again.
      await this.dropReservation(orderId, ids);
      await this.slots.releaseForOrder(orderId, seq);
    } else {
      for (const line of moves.take) {
        const s = stockOf.get(line.meal_id)!;
        const res = await this.store.stock.updateOne(
          { _id: line.meal_id, seq: { $lt: seq }, portions: { $gte: line.quantity }, ...atVersion(s.v) },
          { $set: taken(s, line.quantity, orderId, seq, now) },
        );
        // Only possible if another writer changed the document since we read it: redo from the start.
        if (res.modifiedCount !== 1) throw new Error(`stock of ${line.meal_id} changed under order ${orderId}; retrying`);
      }
      if (room === 'ok') await this.slots.commitOrder(orderId, seq, paid, seen);
    }
    // The cards show the new portions before the outcome is recorded, and before the event is acked:
    // a crash before this line redelivers it. An order that sells its own live reservation changes no
    // card (free = portions − live holds stays the same): those cards are not copied. One that took
    // free portions (its reservation had expired) or gave a reservation back does, and the BFF's read
    // cache hears it (stock-rejected, or the hint). A redelivered line copies its card again.
    const changed = await this.mirror(
      moves.rejection ? ids : lines.filter((l) => !soldFromOwnHold(stockOf.get(l.meal_id), l, orderId, now)).map((l) => l.meal_id),
    );
    const outcome = await this.recordOutcome(envelope, moves.rejection);
    if (!moves.rejection && changed.length)
      await this.publisher.announce(
        CatalogueEvents.mealsChanged,
        { cook_id: envelope.data.cook_id, meal_ids: changed, cause: 'order' },
        causedBy(envelope),
      );
    return outcome;
  }

  /**
   * The order's outcome, written once. A rejection carries its event (stock-rejected: ordering
   * cancels and refunds the order) in its outbox; a commit tells nobody — no service acts on it
   * (checkout v3, docs/checkout.md): the record is what a replay or a cancellation reads.
   */
  private async recordOutcome(envelope: Envelope<OrderPlaced>, rejection: StockRejection | null): Promise<'committed' | 'rejected'> {
    const { order_id: orderId, checkout_id: checkoutId } = envelope.data;
    const application = new this.store.stockApplications({
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
    await this.relay.save(this.store.stockApplications, application);
    return rejection ? 'rejected' : 'committed';
  }

  /** The reservation `holdId` (the order's id) leaves these meals' stock; the caller holds the cook's lock. */
  async dropReservation(holdId: string, mealIds: string[]): Promise<void> {
    for (const id of new Set(mealIds)) {
      const s = await this.store.stock.findById(id).lean<Stock>();
      const holds = s && withoutHold(s.holds, holdId);
      if (!s || !holds) continue;
      const res = await this.store.stock.updateOne({ _id: id, ...atVersion(s.v) }, { $set: { holds, v: (s.v ?? 0) + 1 } });
      if (res.modifiedCount !== 1) throw new Error(`stock of ${id} changed while reservation ${holdId} was given back; retrying`);
    }
  }

  /** A cancelled order: a committed one gives its portions back, once; one not yet applied is voided. */
  async restock(envelope: Envelope<OrderCancelled>, seq: number): Promise<void> {
    const orderId = envelope.data.order_id;
    await this.slots.freeOrder(orderId, seq); // its place in the pick-up slot, once
    const app = await this.store.stockApplications.findById(orderId, { result: 1, restocked_at: 1 }).lean<StockApplication>();
    const lines = mergeLines(envelope.data.items);
    const ids = lines.map((l) => l.meal_id);
    switch (restockStep(app)) {
      case 'void':
        // Cancelled before its order-placed was applied: the reservation's portions come back now.
        await this.dropReservation(orderId, ids);
        await this.mirror(ids);
        // Its order-placed never got here (or comes later): whatever comes later must take nothing.
        await this.store.stockApplications.create({
          _id: orderId,
          checkout_id: envelope.data.checkout_id,
          result: 'void',
          applied_at: new Date(),
        });
        return;
      case 'nothing':
        return;
      case 'replay':
        await this.mirror(ids); // the cards as the stock is
        return;
      case 'give_back':
        for (const line of lines)
          await this.store.stock.updateOne(
            { _id: line.meal_id, seq: { $lt: seq } },
            { $inc: { portions: line.quantity, v: 1 }, $set: { seq, op: 'restock' } },
          );
        await this.mirror(ids);
        await this.relay.change(this.store.stockApplications, orderId, () =>
          this.store.stockApplications.updateOne({ _id: orderId }, { $set: { restocked_at: new Date() } }),
        );
        await this.publisher.announce(
          CatalogueEvents.mealsChanged,
          { cook_id: envelope.data.cook_id, meal_ids: ids, cause: 'restock' },
          causedBy(envelope),
        );
    }
  }

  /** A cook's edit: relative to the portions the form showed, so sales made meanwhile stay sold. */
  async adjust(data: StockAdjust, seq: number): Promise<void> {
    const current = await this.store.stock.findById(data.meal_id).lean<Stock>();
    if (!current) return;
    if (appliedBefore(current, seq)) {
      await this.mirror([data.meal_id]); // a redelivery: the card as the stock is
      return;
    }
    const portions = adjustedPortions(current, data.portions, data.portions_seen, new Date());
    await this.store.stock.updateOne(
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

  /** The stock of a new meal: created with the meal, before anyone can order it. */
  async create(mealId: string, cookId: string, portions: number): Promise<void> {
    await this.store.stock.updateOne(
      { _id: mealId },
      { $setOnInsert: { cook_id: cookId, portions, seq: 0, op: 'create', holds: [], v: 0 } },
      { upsert: true },
    );
  }

  /** Portions of meals that can still be reserved, by meal id (the stock itself: the truth, one point read per meal). */
  async portionsOf(mealIds: string[]): Promise<Map<string, number>> {
    if (!mealIds.length) return new Map();
    const docs = await findByIds<Pick<Stock, '_id' | 'portions' | 'holds'>>(this.store.stock, mealIds, { portions: 1, holds: 1 });
    const now = new Date();
    return new Map(docs.map((d) => [d._id, freePortions(d, now)]));
  }

  /** Stream sequence of the last change applied to a meal's stock (to wait for an edit to land). */
  async seqOf(mealId: string): Promise<number> {
    return (await this.store.stock.findById(mealId, { seq: 1 }).lean<Stock>())?.seq ?? 0;
  }

  /** These meals' cards made to show their stock as it now is (after every move; `StockCardsService.copy`). */
  /** Returns the meals whose card changed. */
  mirror(mealIds: string[], reserved?: ReadonlyMap<string, Stock>): Promise<string[]> {
    return this.cards.copy(mealIds, reserved);
  }

  /** Every card made to show its stock and its cook's commune (the reconciliation's run, also at start). */
  reconcileCards(): Promise<void> {
    return this.reconciliation.run();
  }
}
