import { Inject, Injectable, type Type } from '@nestjs/common';
import { getModelToken, type ModelDefinition } from '@nestjs/mongoose';
import type { Model, Schema } from 'mongoose';

/** One collection of a service: its document class (the `@Schema()` class) and the schema made from it. */
export type StoredCollection<D = unknown> = readonly [document: Type<D>, schema: Schema];

/** The store's fields: one model per collection, typed by its document class. */
export type StoreModels<C> = { readonly [K in keyof C]: C[K] extends StoredCollection<infer D> ? Model<D> : never };

export interface ModelStoreClass<C> {
  new (...models: Model<unknown>[]): StoreModels<C>;
  /** What `MongooseModule.forFeature` registers: every collection of the store. */
  readonly definitions: ModelDefinition[];
}

/**
 * A service's collections, declared once, and the injectable that holds their models:
 *
 * ```ts
 * export class OrderingStore extends ModelStore({ orders: [Order, OrderSchema], reviews: [Review, ReviewSchema] }) {}
 * // the feature module: imports MongooseModule.forFeature(OrderingStore.definitions), provides OrderingStore
 * constructor(private readonly store: OrderingStore) {} // this.store.orders: Model<Order>
 * ```
 *
 * A class that reads or writes several collections injects the store once instead of one
 * `@InjectModel` per collection; the models are the ones `MongooseModule` registered (same
 * `getModelToken`), so `@InjectModel` and `app.get(getModelToken(…))` still see the same instances.
 */
export function ModelStore<const C extends Record<string, StoredCollection>>(collections: C): ModelStoreClass<C> {
  const entries = Object.entries(collections);

  @Injectable()
  class Store {
    static readonly definitions: ModelDefinition[] = entries.map(([, [document, schema]]) => ({ name: document.name, schema }));

    constructor(...models: Model<unknown>[]) {
      entries.forEach(([field], i) => Object.defineProperty(this, field, { value: models[i], enumerable: true }));
    }
  }
  entries.forEach(([, [document]], i) => Inject(getModelToken(document.name))(Store, undefined, i));
  return Store as unknown as ModelStoreClass<C>;
}
