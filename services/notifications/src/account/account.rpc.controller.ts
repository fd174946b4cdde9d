import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { exportPersonalDataRpc, NotificationsRpc } from '@popote/contracts';
import { parseRequest, PLATFORM_CONFIG } from '@popote/platform';
import type { NotificationsConfig } from '../config';
import { EmailsService } from '../mail/emails.service';
import { accountEmail, ACCOUNT_LINK_PATHS } from '../mail/templates';
import { PersonalDataService } from './personal-data.service';

/** Account emails asked by identity, and notifications' part of a person's data export. */
@Controller()
export class AccountRpcController {
  constructor(
    private readonly emails: EmailsService,
    private readonly personalData: PersonalDataService,
    @Inject(PLATFORM_CONFIG) private readonly config: NotificationsConfig,
  ) {}

  @MessagePattern(NotificationsRpc.sendAccountEmail.subject)
  async sendAccountEmail(@Payload() payload: unknown) {
    const req = parseRequest(NotificationsRpc.sendAccountEmail, payload);
    const path = req.kind === 'email-change-notice' ? null : ACCOUNT_LINK_PATHS[req.kind];
    const link = path && req.token ? `${this.config.PUBLIC_URL}${path}?token=${encodeURIComponent(req.token)}` : null;
    await this.emails.enqueue(`account-${req.dedupe_key}`, { to: req.to, ...accountEmail(req.kind, req.name, link, req.new_email) });
    return { ok: true };
  }

  @MessagePattern(exportPersonalDataRpc('notifications').subject)
  exportPersonalData(@Payload() payload: unknown) {
    return this.personalData.export(parseRequest(exportPersonalDataRpc('notifications'), payload).email);
  }
}
