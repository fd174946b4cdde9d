import { Injectable } from '@nestjs/common';
import { AccountEvents, type Envelope } from '@popote/contracts';
import { EventHandler, type IntegrationEventHandler } from '@popote/platform';
import type { z } from 'zod';
import { AccountService } from '../account/account.service';

type ErasureRequested = z.infer<typeof AccountEvents.erasureRequested.schema>;

/**
 * Identity's own erasure is done with the announcement (the tombstone is the same write); this
 * handler makes sure the rest (cook profile, counters, links, sessions) goes even if the process
 * stopped right after that write. A second time finds nothing left.
 */
@Injectable()
@EventHandler(AccountEvents.erasureRequested)
export class AccountErasureHandler implements IntegrationEventHandler<ErasureRequested> {
  constructor(private readonly account: AccountService) {}

  async handle(envelope: Envelope<ErasureRequested>): Promise<void> {
    await this.account.eraseLeftovers(envelope.data.user_id, envelope.data.email);
  }
}
