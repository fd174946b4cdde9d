import { Injectable } from '@nestjs/common';
import { CatalogueEvents, type Envelope } from '@popote/contracts';
import { EventHandler, type IntegrationEventHandler } from '@popote/platform';
import { CartsService } from '../carts/carts.service';

/** A deleted meal leaves every cart (deleting again is harmless). */
@Injectable()
@EventHandler(CatalogueEvents.mealDeleted)
export class MealDeletedHandler implements IntegrationEventHandler<{ meal_id: string; cook_id: string }> {
  constructor(private readonly carts: CartsService) {}

  async handle(envelope: Envelope<{ meal_id: string; cook_id: string }>): Promise<void> {
    await this.carts.dropMeal(envelope.data.meal_id);
  }
}
