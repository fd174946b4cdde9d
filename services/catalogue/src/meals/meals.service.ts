import { randomUUID } from 'node:crypto';
import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import {
  CatalogueEvents,
  DomainError,
  LIMITS,
  MEAL_MESSAGES,
  NEAR_MESSAGES,
  PRICE_RANGE_BOUNDS,
  RADII_KM,
  type Actor,
  type CookLocation,
  type CreateMealInput,
  type MealDto,
  type MealFilter,
  type MealPageDto,
  type UpdateMealInput,
} from '@popote/contracts';
import { findByIds, OutboxRelay, recordEvent } from '@popote/platform';
import type { QueryFilter } from 'mongoose';
import { decodeCursor, encodeCursor } from './cursor';
import { LISTED, toMealDto } from './meal.mapper';
import { Meal } from './meal.schema';
import { MealImages } from './meal-images';
import { StockService } from '../stock/stock.service';
import { PickupSettings } from '../slots/slot.schema';
import { sameLocation, SlotsService } from '../slots/slots.service';
import { haversineMetres } from '../geo/distance';
import { nearPoint } from '../geo/location';
import { communes } from '../geo/communes';

import { parisDayStart, searchClauses, searchTextOf } from './search';
import { nearestPage } from './nearest';
import { CatalogueStore } from '../store';

type Point = { lat: number; lon: number };

@Injectable()
export class MealsService implements OnModuleInit {
  private readonly log = new Logger('Meals');
  constructor(
    private readonly store: CatalogueStore,
    private readonly relay: OutboxRelay,
    private readonly stock: StockService,
    private readonly slots: SlotsService,
    private readonly images: MealImages,
  ) {}

  /**
   * Meals as DTOs from their cards alone (the read model, ADR 0016): the portions are the card's
   * mirror of the stock, the cook's commune its copy of the pick-up settings, the distance from
   * `near` computed from it. So a list is the one query on `meals` that found the documents (cards
   * stored before the read model got their copies from a migration). `known`: the locations the
   * distance ordering used (then the card's distance agrees with its place in the list).
   */
  private dtos(docs: Meal[], near?: Point | null, known?: Map<string, CookLocation>): MealDto[] {
    return docs.map((d) => {
      const at = known ? known.get(d.cook_id) : d.cook_location;
      return {
        ...toMealDto(d, d.portions ?? 0),
        cook_commune: at?.commune ?? null,
        distance_m: near && at ? haversineMetres(near, at) : null,
      };
    });
  }

  /** Every located cook's public location (commune centre). */
  private async locations(): Promise<Map<string, CookLocation>> {
    const docs = await this.store.pickupSettings
      .find({ location: { $ne: null } }, { location: 1 })
      .lean<Pick<PickupSettings, '_id' | 'location'>[]>();
    return new Map(docs.filter((d) => d.location).map((d) => [d._id, d.location!]));
  }

  /** The buyer's commune centre, and the distance to every located cook (metres). */
  private async distancesFrom(near: string): Promise<{ point: Point; located: Map<string, CookLocation>; distance: Map<string, number> }> {
    const point = await nearPoint(near);
    const located = await this.locations();
    const distance = new Map([...located].map(([id, at]) => [id, haversineMetres(point, at)]));
    return { point, located, distance };
  }

  onModuleInit(): void {
    // The French communes (ADR 0010) load in the background from boot, so no request waits for them.
    const started = performance.now();
    communes().then(
      (index) =>
        this.log.log(
          `${index.size} communes loaded in ${Math.round(performance.now() - started)} ms (heap ${Math.round(process.memoryUsage().heapUsed / 2 ** 20)} MB)`,
        ),
      (err: unknown) => this.log.error(`communes not loaded (${String(err)}): near me fails until the next try`),
    );
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
      // The cards' mirror of the stock (display: it lags the stock by the worker's handling only).
      and.push({ portions: { $gt: 0 } });
      if (f.availability === 'available') and.push({ available_date: { $lte: now } });
      else {
        const offset = f.availability === 'today' ? 0 : 1;
        and.push({ available_date: { $gte: parisDayStart(now, offset), $lt: parisDayStart(now, offset + 1) } });
      }
    }
    return and.length === 1 ? and[0] : { $and: and };
  }

  /**
   * Newest first, keyset-paginated so pages stay stable while meals are added; or nearest first
   * (by the cook's commune, then newest), within a radius if asked (ADR 0010).
   */
  async list(first: number, after?: string | null, filter?: MealFilter | null): Promise<MealPageDto> {
    let query = await this.filterQuery(filter);
    if (filter?.radius_km != null && !(RADII_KM as readonly number[]).includes(filter.radius_km))
      throw new DomainError('VALIDATION_FAILED', NEAR_MESSAGES.radius, { radius_km: NEAR_MESSAGES.radius });
    if (!filter?.near && (filter?.radius_km || filter?.sort === 'distance'))
      throw new DomainError('VALIDATION_FAILED', NEAR_MESSAGES.nearRequired, { near: NEAR_MESSAGES.nearRequired });
    // Every located cook's distance only when it decides what is listed (radius, nearest first);
    // otherwise the cards' own communes give the distances (one query).
    let near = filter?.near && (filter.radius_km || filter.sort === 'distance') ? await this.distancesFrom(filter.near) : null;
    const from = filter?.near ? (near?.point ?? (await nearPoint(filter.near))) : null;
    if (near && filter?.radius_km) {
      // Only the cooks within the radius are listed (and, nearest first, visited).
      const max = filter.radius_km * 1000;
      near = { ...near, distance: new Map([...near.distance].filter(([, d]) => d <= max)) };
      query = { $and: [query, { cook_id: { $in: [...near.distance.keys()] } }] };
    }
    if (near && filter?.sort === 'distance') {
      const page = await nearestPage(this.store.meals, query, first, after, near, !filter.radius_km);
      return { items: this.dtos(page.items, near.point, near.located), next_cursor: page.next_cursor };
    }
    if (after) {
      const c = decodeCursor(after);
      const page: QueryFilter<Meal> = { $or: [{ created_at: { $lt: c.created_at } }, { created_at: c.created_at, _id: { $lt: c.id } }] };
      query = { $and: [query, page] };
    }
    const docs = await this.store.meals
      .find(query, LISTED)
      .sort({ created_at: -1, _id: -1 })
      .limit(first + 1)
      .lean<Meal[]>();
    const items = docs.slice(0, first);
    const last = items.at(-1);
    return {
      items: this.dtos(items, from, near?.located),
      next_cursor: docs.length > first && last ? encodeCursor({ created_at: new Date(last.created_at), id: last._id }) : null,
    };
  }

  /** Home page: meals still available, most portions first (the cards' mirror of the stock). */
  async featured(limit: number = LIMITS.featuredMeals, near?: string | null): Promise<MealDto[]> {
    const from = near ? await nearPoint(near) : null;
    const docs = await this.store.meals
      .find({ deleted_at: null, portions: { $gt: 0 } }, LISTED)
      .sort({ portions: -1, _id: 1 })
      .limit(limit)
      .lean<Meal[]>();
    return this.dtos(docs, from);
  }

  async get(id: string): Promise<MealDto | null> {
    const doc = await this.store.meals.findOne({ _id: id, deleted_at: null }, LISTED).lean<Meal>();
    return doc ? this.dtos([doc])[0]! : null;
  }

  async getMany(ids: string[]): Promise<MealDto[]> {
    if (!ids.length) return [];
    const docs = await findByIds<Meal>(this.store.meals, ids, LISTED, { deleted_at: null });
    return this.dtos(docs);
  }

  async ofCook(cookId: string, near?: string | null): Promise<MealDto[]> {
    const from = near ? await nearPoint(near) : null;
    const docs = await this.store.meals
      .find({ cook_id: cookId, deleted_at: null }, LISTED)
      .sort({ created_at: -1, _id: -1 })
      .limit(200)
      .lean<Meal[]>();
    return this.dtos(docs, from);
  }

  async create(actor: Actor, cookName: string, input: CreateMealInput): Promise<MealDto> {
    if (actor.user_type !== 'cook') throw new DomainError('FORBIDDEN', 'Cette action est réservée aux cuisiniers');
    const { image_key, available_date, portions_available: portions, ...rest } = input;
    if (image_key) await this.images.assertUploadedBy(actor.user_id, image_key);
    const location = await this.slots.locationOf(actor.user_id);
    const meal = new this.store.meals({
      ...rest,
      _id: randomUUID(),
      cook_id: actor.user_id,
      cook_name: cookName,
      image_key: image_key ?? null,
      available_date: new Date(available_date),
      search_text: searchTextOf(rest),
      rating_average: 0,
      rating_count: 0,
      // The card's read model: the new stock document's portions, the cook's commune.
      portions,
      portions_seq: 0,
      portions_v: 0,
      cook_location: location,
    });
    recordEvent(meal, CatalogueEvents.mealCreated, { meal_id: meal._id, cook_id: meal.cook_id, name: meal.name });
    await this.stock.create(meal._id, meal.cook_id, portions);
    await this.relay.save(this.store.meals, meal);
    // The cook saved another commune meanwhile, and its copy onto the cards listed them before this
    // one existed: copy it here (a save after this read lists this card).
    if (!sameLocation(await this.slots.locationOf(actor.user_id), location)) await this.slots.locateMeals(actor.user_id, [meal._id]);
    return toMealDto(meal.toObject(), portions);
  }

  /** Only the meal's own cook, checked here whatever the caller says. */
  private async owned(actor: Actor, id: string) {
    const meal = await this.store.meals.findOne({ _id: id, deleted_at: null });
    if (!meal) throw new DomainError('MEAL_NOT_FOUND', MEAL_MESSAGES.notFound);
    if (meal.cook_id !== actor.user_id) throw new DomainError('FORBIDDEN', MEAL_MESSAGES.notAllowed);
    return meal;
  }

  async update(actor: Actor, id: string, input: UpdateMealInput): Promise<MealDto> {
    const meal = await this.owned(actor, id);
    const { image_key, portions_available: portions, portions_seen: seen, ...rest } = input;
    // A new picture must be the cook's own upload; the one the dish already shows stays accepted.
    if (image_key && image_key !== meal.image_key) await this.images.assertUploadedBy(actor.user_id, image_key);
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
    await this.relay.save(this.store.meals, meal);
    const card = changes ? await this.waitForCard(meal._id, before) : null;
    return this.dtos([card ?? meal.toObject()])[0]!;
  }

  /**
   * Read your write: the cook sees the new portions as soon as the worker applied them and copied
   * them onto the card (≤ 3 s; the lists then show them too). After that, the card as it was saved.
   */
  private async waitForCard(mealId: string, before: number, timeoutMs = 3000): Promise<Meal | null> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const card = await this.store.meals.findOne({ _id: mealId }, LISTED).lean<Meal>();
      if ((card?.portions_seq ?? 0) > before) return card;
      await new Promise((r) => setTimeout(r, 15));
    }
    return null;
  }

  async delete(actor: Actor, id: string): Promise<void> {
    const meal = await this.owned(actor, id);
    meal.deleted_at = new Date();
    recordEvent(meal, CatalogueEvents.mealDeleted, { meal_id: meal._id, cook_id: meal.cook_id });
    await this.relay.save(this.store.meals, meal);
  }

  /**
   * An operator's decision withdraws the dish (ADR 0042): as a deletion does (every list, page, cart and
   * reservation lets it go), remembering the decision. Nothing to do if it is already withdrawn.
   */
  async withdrawByDecision(mealId: string, decisionId: string): Promise<boolean> {
    const meal = await this.store.meals.findOne({ _id: mealId, deleted_at: null });
    if (!meal) return false;
    meal.deleted_at = new Date();
    meal.withdrawn_by_decision = decisionId;
    recordEvent(meal, CatalogueEvents.mealDeleted, { meal_id: meal._id, cook_id: meal.cook_id });
    await this.relay.save(this.store.meals, meal);
    return true;
  }

  /** The decision was reversed on appeal: the dish it withdrew is on sale again (not one its cook deleted). */
  async restoreAfterAppeal(mealId: string, decisionId: string): Promise<boolean> {
    const meal = await this.store.meals.findById(mealId);
    if (!meal || !meal.deleted_at || meal.withdrawn_by_decision !== decisionId) return false;
    meal.deleted_at = null;
    meal.withdrawn_by_decision = null;
    recordEvent(meal, CatalogueEvents.mealUpdated, { meal_id: meal._id, cook_id: meal.cook_id });
    await this.relay.save(this.store.meals, meal);
    return true;
  }

  /** A suspended cook (ADR 0042): every dish of theirs on sale is withdrawn under the decision. */
  async withdrawCookByDecision(cookId: string, decisionId: string): Promise<number> {
    const ids = await this.store.meals.find({ cook_id: cookId, deleted_at: null }, { _id: 1 }).lean<{ _id: string }[]>();
    let withdrawn = 0;
    for (const { _id } of ids) if (await this.withdrawByDecision(_id, decisionId)) withdrawn++;
    return withdrawn;
  }

  /** The suspension reversed: the dishes it withdrew are on sale again (not those withdrawn otherwise). */
  async restoreCookAfterAppeal(cookId: string, decisionId: string): Promise<number> {
    const ids = await this.store.meals.find({ cook_id: cookId, withdrawn_by_decision: decisionId }, { _id: 1 }).lean<{ _id: string }[]>();
    let restored = 0;
    for (const { _id } of ids) if (await this.restoreAfterAppeal(_id, decisionId)) restored++;
    return restored;
  }

  /** Keeps the cook's display name copied on their meals (no call per card). */
  async renameCook(cookId: string, cookName: string): Promise<number> {
    const ids = await this.store.meals.find({ cook_id: cookId, cook_name: { $ne: cookName } }, { _id: 1 }).lean<{ _id: string }[]>();
    for (const { _id } of ids) {
      await this.relay.change(this.store.meals, _id, () => this.store.meals.updateOne({ _id }, { $set: { cook_name: cookName } }));
    }
    return ids.length;
  }
}
