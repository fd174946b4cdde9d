import { Injectable } from '@nestjs/common';
import { ModerationEvents, type Envelope } from '@popote/contracts';
import { InjectConnection } from '@nestjs/mongoose';
import { EventHandler, LiftedDecisions, type IntegrationEventHandler } from '@popote/platform';
import type { Connection } from 'mongoose';
import type { z } from 'zod';
import { MealsService } from '../meals/meals.service';

type Decided = z.infer<typeof ModerationEvents.decided.schema>;

/**
 * An operator withdrew a dish or suspended its cook (every dish of theirs), or an appeal gave them back
 * (ADR 0042). Idempotent by its effect: a dish already withdrawn is not withdrawn again, and only the
 * decision that withdrew a dish gives it back.
 */
@Injectable()
@EventHandler(ModerationEvents.decided)
export class ModerationDecidedHandler implements IntegrationEventHandler<Decided> {
  private readonly lifted: LiftedDecisions;

  constructor(
    private readonly meals: MealsService,
    @InjectConnection() connection: Connection,
  ) {
    this.lifted = new LiftedDecisions(connection);
  }

  async handle(envelope: Envelope<Decided>): Promise<void> {
    const { effect, target_id, owner_id, decision_id } = envelope.data;
    // A restriction delivered again after its appeal lifted it restricts nothing.
    if ((effect === 'hide_meal' || effect === 'suspend_cook') && (await this.lifted.isLifted(decision_id))) return;
    if (effect === 'hide_meal') await this.meals.withdrawByDecision(target_id, decision_id);
    else if (effect === 'restore_meal') await this.meals.restoreAfterAppeal(target_id, decision_id);
    // A suspension concerns the cook who owns the item reported (a dish of theirs, or their page).
    else if (effect === 'suspend_cook') await this.meals.withdrawCookByDecision(owner_id, decision_id);
    else if (effect === 'reinstate_cook') await this.meals.restoreCookAfterAppeal(owner_id, decision_id);
    if (effect === 'restore_meal' || effect === 'reinstate_cook') await this.lifted.markLifted(decision_id);
  }
}
