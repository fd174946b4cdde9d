import { Injectable } from '@nestjs/common';
import { AccountEvents, type Envelope } from '@popote/contracts';
import { EventHandler, type IntegrationEventHandler } from '@popote/platform';
import type { z } from 'zod';
import { PersonalDataService } from '../account/personal-data.service';

type ErasureRequested = z.infer<typeof AccountEvents.erasureRequested.schema>;

/** GDPR art. 17: the person's emails and contact messages are deleted (deleting twice is harmless). */
@Injectable()
@EventHandler(AccountEvents.erasureRequested)
export class AccountErasureHandler implements IntegrationEventHandler<ErasureRequested> {
  constructor(private readonly personalData: PersonalDataService) {}

  async handle(envelope: Envelope<ErasureRequested>): Promise<void> {
    await this.personalData.erase(envelope.data.user_id, envelope.data.email, envelope.data.names);
  }
}
