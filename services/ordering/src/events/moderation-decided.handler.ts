import { Injectable } from '@nestjs/common';
import { ModerationEvents, type Envelope } from '@popote/contracts';
import { InjectConnection } from '@nestjs/mongoose';
import { causedBy, EventHandler, LiftedDecisions, type IntegrationEventHandler } from '@popote/platform';
import type { Connection } from 'mongoose';
import type { z } from 'zod';
import { LifecycleService } from '../orders/lifecycle.service';

type Decided = z.infer<typeof ModerationEvents.decided.schema>;

/**
 * Ordering's part of a moderation decision (ADR 0042): a review taken down or given back; a suspended
 * cook's open orders cancelled (and so refunded). Idempotent by state: a review already removed, an
 * order already cancelled, is left as it is; delivered again, the event changes nothing.
 */
@Injectable()
@EventHandler(ModerationEvents.decided, { retry: 'hours' })
export class ModerationDecidedHandler implements IntegrationEventHandler<Decided> {
  private readonly lifted: LiftedDecisions;

  constructor(
    private readonly lifecycle: LifecycleService,
    @InjectConnection() connection: Connection,
  ) {
    this.lifted = new LiftedDecisions(connection);
  }

  async handle(envelope: Envelope<Decided>): Promise<void> {
    const { effect, target_id, owner_id, decision_id } = envelope.data;
    const cause = causedBy(envelope);
    // A restriction delivered again after its appeal lifted it restricts nothing (no order of the
    // reinstated cook is cancelled by a replay, no review given back is taken down again).
    if ((effect === 'remove_review' || effect === 'suspend_cook') && (await this.lifted.isLifted(decision_id))) return;
    if (effect === 'remove_review') await this.lifecycle.removeReview(target_id, decision_id, cause);
    else if (effect === 'restore_review') await this.lifecycle.restoreReview(target_id, decision_id, cause);
    else if (effect === 'suspend_cook') await this.lifecycle.cancelForSuspension(owner_id, cause);
    if (effect === 'restore_review' || effect === 'reinstate_cook') await this.lifted.markLifted(decision_id);
  }
}
