import { Injectable } from '@nestjs/common';
import { CatalogueEvents, IdentityEvents, type Envelope } from '@popote/contracts';
import { causedBy, EventHandler, EventPublisher, type IntegrationEventHandler } from '@popote/platform';
import { MealsService } from '../meals/meals.service';

type ProfileUpdated = { user_id: string; username: string; name: string };

/** A cook renamed themselves: their meals' cards show the new name. Re-applying is harmless. */
@Injectable()
@EventHandler(IdentityEvents.profileUpdated)
export class ProfileUpdatedHandler implements IntegrationEventHandler<ProfileUpdated> {
  constructor(
    private readonly meals: MealsService,
    private readonly publisher: EventPublisher,
  ) {}

  async handle(envelope: Envelope<ProfileUpdated>): Promise<void> {
    const renamed = await this.meals.renameCook(envelope.data.user_id, envelope.data.username);
    if (renamed)
      await this.publisher.announce(
        CatalogueEvents.mealsChanged,
        { cook_id: envelope.data.user_id, meal_ids: [], cause: 'cook_renamed' },
        causedBy(envelope),
      );
  }
}
