import { Injectable } from '@nestjs/common';
import { CatalogueEvents, type Envelope } from '@popote/contracts';
import { EventHandler, type IntegrationEventHandler } from '@popote/platform';
import type { z } from 'zod';
import { FollowsService } from './follows.service';

type MealDeleted = z.infer<typeof CatalogueEvents.mealDeleted.schema>;

/**
 * A deleted dish leaves every 'Mes favoris' (it can never come back in stock). Durable
 * `notifications-FavouritesOfDeletedMeal`; deleting again is harmless.
 */
@Injectable()
@EventHandler(CatalogueEvents.mealDeleted)
export class FavouritesOfDeletedMealHandler implements IntegrationEventHandler<MealDeleted> {
  constructor(private readonly follows: FollowsService) {}

  async handle(envelope: Envelope<MealDeleted>): Promise<void> {
    await this.follows.dropMeal(envelope.data.meal_id);
  }
}
