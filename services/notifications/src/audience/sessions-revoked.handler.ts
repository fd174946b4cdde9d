import { Injectable } from '@nestjs/common';
import { IdentityEvents, type Envelope } from '@popote/contracts';
import { EventHandler, type IntegrationEventHandler } from '@popote/platform';
import type { z } from 'zod';
import { PushDevicesService } from './push-devices.service';

type SessionsRevoked = z.infer<typeof IdentityEvents.sessionsRevoked.schema>;

/**
 * Every session of a person closed (a password reset, a stolen token): no browser they were signed in
 * on keeps receiving their pushes (their orders, with the cook's street). Signing out of one browser
 * drops that browser's device there (frontends' `forgetThisDevice`); a partial revocation (a password
 * change keeps the session that made it) leaves the devices. Durable
 * `notifications-PushDevicesOfRevokedSessions`; dropping again is harmless.
 */
@Injectable()
@EventHandler(IdentityEvents.sessionsRevoked)
export class PushDevicesOfRevokedSessionsHandler implements IntegrationEventHandler<SessionsRevoked> {
  constructor(private readonly devices: PushDevicesService) {}

  async handle(envelope: Envelope<SessionsRevoked>): Promise<void> {
    if (envelope.data.everywhere) await this.devices.dropAllOf(envelope.data.user_id);
  }
}
