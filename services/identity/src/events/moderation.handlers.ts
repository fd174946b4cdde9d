import { Injectable } from '@nestjs/common';
import { ModerationEvents, OrderingEvents, type Envelope } from '@popote/contracts';
import { InjectConnection } from '@nestjs/mongoose';
import { EventHandler, LiftedDecisions, type IntegrationEventHandler } from '@popote/platform';
import type { Connection } from 'mongoose';
import type { z } from 'zod';
import { UsersService } from '../users/users.service';

type Decided = z.infer<typeof ModerationEvents.decided.schema>;
type ReviewRemoved = z.infer<typeof OrderingEvents.reviewRemoved.schema>;

/** A cook suspended by a decision, or reinstated when an appeal reverses it (ADR 0042); idempotent by state. */
@Injectable()
@EventHandler(ModerationEvents.decided)
export class ModerationDecidedHandler implements IntegrationEventHandler<Decided> {
  private readonly lifted: LiftedDecisions;

  constructor(
    private readonly users: UsersService,
    @InjectConnection() connection: Connection,
  ) {
    this.lifted = new LiftedDecisions(connection);
  }

  async handle(envelope: Envelope<Decided>): Promise<void> {
    const { effect, owner_id, decision_id } = envelope.data;
    // A suspension delivered again after its appeal lifted it suspends nothing.
    if (effect === 'suspend_cook' && !(await this.lifted.isLifted(decision_id)))
      await this.users.setSuspension(owner_id, decision_id, true);
    else if (effect === 'reinstate_cook') {
      await this.users.setSuspension(owner_id, decision_id, false);
      await this.lifted.markLifted(decision_id);
    }
  }
}

/** A review taken down leaves the cook's rating, once (by review id). */
@Injectable()
@EventHandler(OrderingEvents.reviewRemoved)
export class ReviewRemovedHandler implements IntegrationEventHandler<ReviewRemoved> {
  constructor(private readonly users: UsersService) {}

  async handle(envelope: Envelope<ReviewRemoved>): Promise<void> {
    await this.users.removeCookRating(envelope.data.cook_id, envelope.data.review_id, envelope.data.rating);
  }
}
