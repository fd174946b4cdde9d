import { Injectable } from '@nestjs/common';
import type { StoryEntry } from '@popote/contracts';
import { findByIds } from '@popote/platform';
import type { Meal, StockApplication } from '../meals/meal.schema';
import { CatalogueStore } from '../store';
import { catalogueStory, mealsNamed, type HoldRead } from './story';

/**
 * The operator console's read of an order's reservation. Point reads only: the reservation
 * and the stock's record of the order share the order's id (`orderIdOf(checkout, cook)`), the
 * dishes are read by id for their names. A document of another checkout (an id that does not match
 * its checkout) is not this order's and is left out.
 */
@Injectable()
export class SupportService {
  constructor(private readonly store: CatalogueStore) {}

  async orderStory(orderId: string, checkoutId: string): Promise<{ entries: StoryEntry[] }> {
    const [hold, application] = await Promise.all([
      this.store.slotHolds.findById(orderId).lean<HoldRead>(),
      this.store.stockApplications
        .findById(orderId, { checkout_id: 1, result: 1, meal_id: 1, reason: 1, applied_at: 1, restocked_at: 1 })
        .lean<StockApplication>(),
    ]);
    const ours = hold?.checkout_id === checkoutId ? hold : null;
    const outcome = application?.checkout_id === checkoutId ? application : null;
    const meals = await findByIds<Pick<Meal, '_id' | 'name'>>(this.store.meals, mealsNamed(ours, outcome), { name: 1 });
    return { entries: catalogueStory(ours, outcome, new Map(meals.map((m) => [m._id, m.name]))) };
  }
}
