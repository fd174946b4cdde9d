import { Injectable } from '@nestjs/common';
import { IdentityEvents, type Envelope } from '@popote/contracts';
import { EventHandler, type IntegrationEventHandler } from '@popote/platform';
import { MealsService } from '../meals/meals.service';

type ProfileUpdated = { user_id: string; username: string; name: string };

/** A cook renamed themselves: their meals' cards show the new name. Re-applying is harmless. */
@Injectable()
@EventHandler(IdentityEvents.profileUpdated)
export class ProfileUpdatedHandler implements IntegrationEventHandler<ProfileUpdated> {
  constructor(private readonly meals: MealsService) {}

  async handle(envelope: Envelope<ProfileUpdated>): Promise<void> {
    await this.meals.renameCook(envelope.data.user_id, envelope.data.username);
  }
}
