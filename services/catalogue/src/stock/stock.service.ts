import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { CatalogueEvents, type Envelope } from '@popote/contracts';
import { causedBy, OutboxRelay, recordEvent } from '@popote/platform';
import type { Model } from 'mongoose';
import { Meal, StockApplication } from '../meals/meal.schema';

interface Line {
  meal_id: string;
  quantity: number;
}

/**
 * Portions leave the stock when an order is placed — all of the order's lines or none, never below
 * zero — and come back when a committed order is cancelled. Orders are applied one at a time (the
 * consumer is serial: FerretDB does not make a conditional update atomic), each meal remembers the
 * orders it has applied, and the outcome is recorded once with its event: a redelivered or
 * re-run order changes nothing twice.
 */
@Injectable()
export class StockService implements OnModuleInit {
  constructor(
    @InjectModel(Meal.name) private readonly meals: Model<Meal>,
    @InjectModel(StockApplication.name) private readonly applications: Model<StockApplication>,
    private readonly relay: OutboxRelay,
  ) {}

  onModuleInit(): void {
    this.relay.register(this.applications);
  }

  async applyOrder(envelope: Envelope<{ order_id: string; checkout_id: string; items: Line[] }>): Promise<'committed' | 'rejected'> {
    const { order_id: orderId, checkout_id: checkoutId } = envelope.data;
    const done = await this.applications.findById(orderId).lean<StockApplication>();
    if (done) return done.result;
    const lines = mergeLines(envelope.data.items);

    // Check every line first (a crash may have left some lines applied: those count as taken).
    const docs = await this.meals
      .find({ _id: { $in: lines.map((l) => l.meal_id) } }, { portions_available: 1, applied_orders: 1, deleted_at: 1 })
      .lean<Meal[]>();
    const byId = new Map(docs.map((d) => [d._id, d]));
    let rejection: { meal_id: string; reason: 'meal_not_found' | 'insufficient_stock' } | null = null;
    for (const line of lines) {
      const meal = byId.get(line.meal_id);
      if (!meal || meal.deleted_at) rejection ??= { meal_id: line.meal_id, reason: 'meal_not_found' };
      else if (!(meal.applied_orders ?? []).includes(orderId) && meal.portions_available < line.quantity)
        rejection ??= { meal_id: line.meal_id, reason: 'insufficient_stock' };
    }

    if (!rejection) {
      const taken: Line[] = [];
      for (const line of lines) {
        const res = await this.relay.locked(this.meals, line.meal_id, () =>
          this.meals.updateOne(
            { _id: line.meal_id, applied_orders: { $ne: orderId }, portions_available: { $gte: line.quantity } },
            { $inc: { portions_available: -line.quantity }, $push: { applied_orders: orderId } },
          ),
        );
        if (res.modifiedCount === 1) taken.push(line);
        else if (!(await this.meals.exists({ _id: line.meal_id, applied_orders: orderId }))) {
          // Lost a race (possible only with several writers on MongoDB): give back what was taken.
          await this.giveBack(orderId, taken, 'applied_orders');
          rejection = { meal_id: line.meal_id, reason: 'insufficient_stock' };
          break;
        }
      }
    } else {
      // Undo any line a crashed earlier attempt had already taken for this order.
      await this.giveBack(
        orderId,
        lines.filter((l) => (byId.get(l.meal_id)?.applied_orders ?? []).includes(orderId)),
        'applied_orders',
      );
    }

    const application = new this.applications({
      _id: orderId,
      checkout_id: checkoutId,
      result: rejection ? 'rejected' : 'committed',
      meal_id: rejection?.meal_id ?? null,
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
    try {
      await this.relay.save(this.applications, application);
    } catch (err) {
      if ((err as { code?: number }).code !== 11000) throw err;
    }
    return application.result;
  }

  /** A cancelled order whose stock was taken: its portions come back, once. */
  async restock(orderId: string, items: Line[]): Promise<void> {
    for (const line of mergeLines(items)) {
      await this.relay.locked(this.meals, line.meal_id, () =>
        this.meals.updateOne(
          { _id: line.meal_id, applied_orders: orderId, restocked_orders: { $ne: orderId } },
          { $inc: { portions_available: line.quantity }, $push: { restocked_orders: orderId } },
        ),
      );
    }
  }

  private async giveBack(orderId: string, lines: Line[], list: 'applied_orders'): Promise<void> {
    for (const line of lines) {
      await this.relay.locked(this.meals, line.meal_id, () =>
        this.meals.updateOne(
          { _id: line.meal_id, [list]: orderId },
          { $inc: { portions_available: line.quantity }, $pull: { [list]: orderId } },
        ),
      );
    }
  }
}

function mergeLines(items: Line[]): Line[] {
  const merged = new Map<string, number>();
  for (const i of items) merged.set(i.meal_id, (merged.get(i.meal_id) ?? 0) + i.quantity);
  return [...merged].map(([meal_id, quantity]) => ({ meal_id, quantity }));
}
