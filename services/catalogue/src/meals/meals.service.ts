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
import { OutboxRelay, recordEvent } from '@popote/platform';
import type { Model, QueryFilter } from 'mongoose';
import { decodeCursor, encodeCursor } from './cursor';
import { toMealDto } from './meal.mapper';
import { Meal } from './meal.schema';
import { parisDayStart, searchClauses, searchTextOf } from './search';

const LISTED = { _outbox: 0, search_text: 0, applied_orders: 0, restocked_orders: 0, rated_reviews: 0 } as const;

@Injectable()
export class MealsService implements OnModuleInit {
  constructor(
    @InjectModel(Meal.name) private readonly meals: Model<Meal>,
    private readonly relay: OutboxRelay,
  ) {}

  onModuleInit(): void {
    this.relay.register(this.meals);
  }

  /** The filters of the meal list, really applied (the old app only showed them). */
  private filterQuery(f: MealFilter | null | undefined, now = new Date()): QueryFilter<Meal> {
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
      and.push({ portions_available: { $gt: 0 } });
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
    let query = this.filterQuery(filter);
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
      items: items.map(toMealDto),
      next_cursor: docs.length > first && last ? encodeCursor({ created_at: new Date(last.created_at), id: last._id }) : null,
    };
  }

  /** Home page: meals still available, most portions first. */
  async featured(limit: number = LIMITS.featuredMeals): Promise<MealDto[]> {
    const docs = await this.meals
      .find({ deleted_at: null, portions_available: { $gt: 0 } }, LISTED)
      .sort({ portions_available: -1, _id: 1 })
      .limit(limit)
      .lean<Meal[]>();
    return docs.map(toMealDto);
  }

  async get(id: string): Promise<MealDto | null> {
    const doc = await this.meals.findOne({ _id: id, deleted_at: null }, LISTED).lean<Meal>();
    return doc ? toMealDto(doc) : null;
  }

  async getMany(ids: string[]): Promise<MealDto[]> {
    if (!ids.length) return [];
    const docs = await this.meals.find({ _id: { $in: ids }, deleted_at: null }, LISTED).lean<Meal[]>();
    return docs.map(toMealDto);
  }

  async ofCook(cookId: string): Promise<MealDto[]> {
    const docs = await this.meals
      .find({ cook_id: cookId, deleted_at: null }, LISTED)
      .sort({ created_at: -1, _id: -1 })
      .limit(200)
      .lean<Meal[]>();
    return docs.map(toMealDto);
  }

  async create(actor: Actor, cookName: string, input: CreateMealInput): Promise<MealDto> {
    if (actor.user_type !== 'cook') throw new DomainError('FORBIDDEN', 'Cette action est réservée aux cuisiniers');
    const { image_key, available_date, ...rest } = input;
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
    await this.relay.save(this.meals, meal);
    return toMealDto(meal.toObject());
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
    const { image_key, ...rest } = input;
    meal.set({ ...rest, ...(image_key !== undefined ? { image_key } : {}) });
    meal.search_text = searchTextOf(meal);
    recordEvent(meal, CatalogueEvents.mealUpdated, { meal_id: meal._id, cook_id: meal.cook_id });
    await this.relay.save(this.meals, meal);
    return toMealDto(meal.toObject());
  }

  async delete(actor: Actor, id: string): Promise<void> {
    const meal = await this.owned(actor, id);
    meal.deleted_at = new Date();
    recordEvent(meal, CatalogueEvents.mealDeleted, { meal_id: meal._id, cook_id: meal.cook_id });
    await this.relay.save(this.meals, meal);
  }

  /** Adds one review's rating to each reviewed meal's average, once per review. */
  async addRating(reviewId: string, mealIds: string[], rating: number): Promise<void> {
    for (const id of new Set(mealIds)) {
      await this.relay.locked(this.meals, id, async () => {
        const meal = await this.meals.findOne({ _id: id }, { rating_average: 1, rating_count: 1, rated_reviews: 1 }).lean<Meal>();
        if (!meal || (meal.rated_reviews ?? []).includes(reviewId)) return;
        const count = (meal.rating_count ?? 0) + 1;
        const average = Math.round((((meal.rating_average ?? 0) * (count - 1) + rating) / count) * 100) / 100;
        await this.meals.updateOne(
          { _id: id, rated_reviews: { $ne: reviewId } },
          { $set: { rating_average: average, rating_count: count }, $push: { rated_reviews: reviewId } },
        );
      });
    }
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
