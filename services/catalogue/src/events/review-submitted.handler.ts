import { Injectable } from '@nestjs/common';
import { OrderingEvents, type Envelope } from '@popote/contracts';
import { EventHandler, type IntegrationEventHandler } from '@popote/platform';
import type { z } from 'zod';
import { MealsService } from '../meals/meals.service';

type ReviewSubmitted = z.infer<typeof OrderingEvents.reviewSubmitted.schema>;

/** A review counts in each reviewed meal's rating, once. */
@Injectable()
@EventHandler(OrderingEvents.reviewSubmitted)
export class ReviewSubmittedHandler implements IntegrationEventHandler<ReviewSubmitted> {
  constructor(private readonly meals: MealsService) {}

  async handle(envelope: Envelope<ReviewSubmitted>): Promise<void> {
    await this.meals.addRating(envelope.data.review_id, envelope.data.meal_ids, envelope.data.rating);
  }
}
