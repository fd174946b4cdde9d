import { randomUUID } from 'node:crypto';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import {
  CatalogueEvents,
  DomainError,
  LIMITS,
  MEAL_MESSAGES,
  PRICE_RANGE_BOUNDS,
  type Actor,
  type CreateMealInput,
  type MealDto,
  type MealFilter,
  type MealPageDto,
  type UpdateMealInput,
} from '@popote/contracts';
import { findByIds, OutboxRelay, recordEvent } from '@popote/platform';
import type { Model, QueryFilter } from 'mongoose';
import { decodeCursor, encodeCursor } from './cursor';
import { toMealDto } from './meal.mapper';
import { Meal } from './meal.schema';
import { StockService } from '../stock/stock.service';
import { parisDayStart, searchClauses, searchTextOf } from './search';

const LISTED = { _outbox: 0, search_text: 0 } as const;

@Injectable()
export class MealsService implements OnModuleInit {
  constructor(
    @InjectModel(Meal.name) private readonly meals: Model<Meal>,
    private readonly relay: OutboxRelay,
    private readonly stock: StockService,
  ) {}

  /** Meals as DTOs with their portions, read from the stock by `_id` (one indexed query). */
  private async dtos(docs: Meal[]): Promise<MealDto[]> {
    const portions = await this.stock.portionsOf(docs.map((d) => d._id));
    return docs.map((d) => toMealDto(d, portions.get(d._id) ?? 0));
  }

  onModuleInit(): void {
    this.relay.register(this.meals);
  }

  /** The filters of the meal list, really applied (the old app only showed them). */
  private async filterQuery(f: MealFilter | null | undefined, now = new Date()): Promise<QueryFilter<Meal>> {
    const and: QueryFilter<Meal>[] = [{ deleted_at: null }];
    if (!f) return and[0];
    if (f.q) and.push(...(searchClauses(f.q) as QueryFilter<Meal>[]));
    if (f.category) and.push({ category: f.category });
    if (f.cook_id) and.push({ cook_id: f.cook_id });
    if (f.price_range) {
      const { min, max } = PRICE_RANGE_BOUNDS[f.price_range];
      and.push({ price_cents: max === undefined ? { $gte: min } : { $gte: min, $lt: max } });
    }
    if (f.without_allergens?.length) and.push({ allergens: { $nin: f.without_allergens } });
    if (f.availability) {
      and.push({ _id: { $in: await this.stock.inStock() } });
      if (f.availability === 'available') and.push({ available_date: { $lte: now } });
      else {
        const offset = f.availability === 'today' ? 0 : 1;
        and.push({ available_date: { $gte: parisDayStart(now, offset), $lt: parisDayStart(now, offset + 1) } });
      }
    }
    return and.length === 1 ? and[0] : { $and: and };
  }

  /** Newest first, keyset-paginated so pages stay stable while meals are added. */
  async list(first: number, after?: string | null, filter?: MealFilter | null): Promise<MealPageDto> {
    let query = await this.filterQuery(filter);
    if (after) {
      const c = decodeCursor(after);
      const page: QueryFilter<Meal> = { $or: [{ created_at: { $lt: c.created_at } }, { created_at: c.created_at, _id: { $lt: c.id } }] };
      query = { $and: [query, page] };
    }
    const docs = await this.meals
      .find(query, LISTED)
      .sort({ created_at: -1, _id: -1 })
      .limit(first + 1)
      .lean<Meal[]>();
    const items = docs.slice(0, first);
    const last = items.at(-1);
    return {
      items: await this.dtos(items),
      next_cursor: docs.length > first && last ? encodeCursor({ created_at: new Date(last.created_at), id: last._id }) : null,
    };
  }

  /** Home page: meals still available, most portions first. */
  async featured(limit: number = LIMITS.featuredMeals): Promise<MealDto[]> {
    // Most portions first: the stock gives the order, deleted meals are skipped.
    const ids = await this.stock.inStock(limit * 3);
    const docs = await findByIds<Meal>(this.meals, ids, LISTED, { deleted_at: null });
    const rank = new Map(ids.map((id, i) => [id, i]));
    docs.sort((a, b) => rank.get(a._id)! - rank.get(b._id)!);
    return this.dtos(docs.slice(0, limit));
  }

  async get(id: string): Promise<MealDto | null> {
    const doc = await this.meals.findOne({ _id: id, deleted_at: null }, LISTED).lean<Meal>();
    return doc ? (await this.dtos([doc]))[0] : null;
  }

  async getMany(ids: string[]): Promise<MealDto[]> {
    if (!ids.length) return [];
    const docs = await findByIds<Meal>(this.meals, ids, LISTED, { deleted_at: null });
    return this.dtos(docs);
  }

  async ofCook(cookId: string): Promise<MealDto[]> {
    const docs = await this.meals
      .find({ cook_id: cookId, deleted_at: null }, LISTED)
      .sort({ created_at: -1, _id: -1 })
      .limit(200)
      .lean<Meal[]>();
    return this.dtos(docs);
  }

  async create(actor: Actor, cookName: string, input: CreateMealInput): Promise<MealDto> {
    if (actor.user_type !== 'cook') throw new DomainError('FORBIDDEN', 'Cette action est réservée aux cuisiniers');
    const { image_key, available_date, portions_available: portions, ...rest } = input;
    const meal = new this.meals({
      ...rest,
      _id: randomUUID(),
      cook_id: actor.user_id,
      cook_name: cookName,
      image_key: image_key ?? null,
      available_date: new Date(available_date),
      search_text: searchTextOf(rest),
      rating_average: 0,
      rating_count: 0,
    });
    recordEvent(meal, CatalogueEvents.mealCreated, { meal_id: meal._id, cook_id: meal.cook_id, name: meal.name });
    await this.stock.create(meal._id, meal.cook_id, portions);
    await this.relay.save(this.meals, meal);
    return toMealDto(meal.toObject(), portions);
  }

  /** Only the meal's own cook, checked here whatever the caller says. */
  private async owned(actor: Actor, id: string) {
    const meal = await this.meals.findOne({ _id: id, deleted_at: null });
    if (!meal) throw new DomainError('MEAL_NOT_FOUND', MEAL_MESSAGES.notFound);
    if (meal.cook_id !== actor.user_id) throw new DomainError('FORBIDDEN', MEAL_MESSAGES.notAllowed);
    return meal;
  }

  async update(actor: Actor, id: string, input: UpdateMealInput): Promise<MealDto> {
    const meal = await this.owned(actor, id);
    const { image_key, portions_available: portions, portions_seen: seen, ...rest } = input;
    meal.set({ ...rest, ...(image_key !== undefined ? { image_key } : {}) });
    meal.search_text = searchTextOf(meal);
    recordEvent(meal, CatalogueEvents.mealUpdated, { meal_id: meal._id, cook_id: meal.cook_id });
    // Portions belong to the stock worker of the cook's partition (ADR 0004): the edit travels there
    // in the same write as the meal's other changes, relative to what the form showed.
    const before = await this.stock.seqOf(meal._id);
    const current = (await this.stock.portionsOf([meal._id])).get(meal._id) ?? 0;
    const changes = seen === null || seen === undefined ? portions !== current : portions !== seen;
    if (changes)
      recordEvent(meal, CatalogueEvents.stockAdjustRequested, {
        meal_id: meal._id,
        cook_id: meal.cook_id,
        portions,
        portions_seen: seen ?? null,
      });
    await this.relay.save(this.meals, meal);
    if (changes) await this.waitForStock(meal._id, before);
    return (await this.dtos([meal.toObject()]))[0];
  }

  /** Read your write: the cook sees the new portions as soon as the worker applied them (≤ 3 s). */
  private async waitForStock(mealId: string, before: number, timeoutMs = 3000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if ((await this.stock.seqOf(mealId)) > before) return;
      await new Promise((r) => setTimeout(r, 15));
    }
  }

  async delete(actor: Actor, id: string): Promise<void> {
    const meal = await this.owned(actor, id);
    meal.deleted_at = new Date();
    recordEvent(meal, CatalogueEvents.mealDeleted, { meal_id: meal._id, cook_id: meal.cook_id });
    await this.relay.save(this.meals, meal);
  }

  /** Keeps the cook's display name copied on their meals (no call per card). */
  async renameCook(cookId: string, cookName: string): Promise<number> {
    const ids = await this.meals.find({ cook_id: cookId, cook_name: { $ne: cookName } }, { _id: 1 }).lean<{ _id: string }[]>();
    for (const { _id } of ids) {
      await this.relay.locked(this.meals, _id, () => this.meals.updateOne({ _id }, { $set: { cook_name: cookName } }));
    }
    return ids.length;
  }
}
