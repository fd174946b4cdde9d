import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { OutboxRelay } from '@popote/platform';
import { CatalogueStore } from '../store';

/**
 * Meals stored before stock had its own collection (ADR 0004) carry `portions_available`: each one
 * gets its stock document once. Run at start, before the first reconciliation copies the stock onto
 * the cards (every `onModuleInit` ends before any `onApplicationBootstrap`). Inserts only, so
 * replicas doing it at once are harmless.
 */
@Injectable()
export class LegacyStockMigration implements OnModuleInit {
  private readonly log = new Logger('Stock');

  constructor(
    private readonly store: CatalogueStore,
    private readonly relay: OutboxRelay,
  ) {}

  async onModuleInit(): Promise<void> {
    const created = await this.run();
    if (created) this.log.log(`gave ${created} meals stored before ADR 0004 their stock document`);
  }

  /** Returns how many stock documents it created. */
  async run(): Promise<number> {
    const legacy = (await this.store.meals.collection
      .find({ portions_available: { $exists: true } }, { projection: { _id: 1, cook_id: 1, portions_available: 1 } })
      .toArray()) as unknown as { _id: string; cook_id: string; portions_available: number }[];
    let created = 0;
    for (const m of legacy) {
      const res = await this.store.stock.updateOne(
        { _id: m._id },
        { $setOnInsert: { cook_id: m.cook_id, portions: Math.max(0, m.portions_available ?? 0), seq: 0, op: 'create' } },
        { upsert: true },
      );
      created += res.upsertedCount ?? 0;
      await this.relay.change(this.store.meals, m._id, () =>
        this.store.meals.collection.updateOne({ _id: m._id } as never, {
          $unset: { portions_available: '', applied_orders: '', restocked_orders: '', rated_reviews: '' },
        }),
      );
    }
    return created;
  }
}
