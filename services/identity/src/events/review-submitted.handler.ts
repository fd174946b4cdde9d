import { Injectable } from '@nestjs/common';
import { OrderingEvents, type Envelope } from '@popote/contracts';
import { EventHandler, type IntegrationEventHandler } from '@popote/platform';
import type { z } from 'zod';
import { UsersService } from '../users/users.service';

type ReviewSubmitted = z.infer<typeof OrderingEvents.reviewSubmitted.schema>;

/** A review counts in the cook's rating (popular cooks, cook page, dashboard), once. */
@Injectable()
@EventHandler(OrderingEvents.reviewSubmitted)
export class ReviewSubmittedHandler implements IntegrationEventHandler<ReviewSubmitted> {
  constructor(private readonly users: UsersService) {}

  async handle(envelope: Envelope<ReviewSubmitted>): Promise<void> {
    await this.users.addCookRating(envelope.data.cook_id, envelope.data.review_id, envelope.data.rating);
  }
}
