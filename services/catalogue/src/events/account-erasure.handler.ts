import { Injectable } from '@nestjs/common';
import { AccountEvents, type Envelope } from '@popote/contracts';
import { EventHandler, type IntegrationEventHandler } from '@popote/platform';
import type { z } from 'zod';
import { CataloguePersonalData } from '../account/personal-data.service';

type ErasureRequested = z.infer<typeof AccountEvents.erasureRequested.schema>;

/** GDPR art. 17: the cook's dishes are withdrawn, their pictures removed from the bucket. */
@Injectable()
@EventHandler(AccountEvents.erasureRequested)
export class AccountErasureHandler implements IntegrationEventHandler<ErasureRequested> {
  constructor(private readonly personalData: CataloguePersonalData) {}

  async handle(envelope: Envelope<ErasureRequested>): Promise<void> {
    await this.personalData.erase(envelope.data.user_id);
  }
}
