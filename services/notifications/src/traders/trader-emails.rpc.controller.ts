import { Controller, Inject } from '@nestjs/common';
import { TraderEmailsRpc, type RpcRequest } from '@popote/contracts';
import { PLATFORM_CONFIG, RpcHandler } from '@popote/platform';
import type { NotificationsConfig } from '../config';
import { EmailsService } from '../mail/emails.service';
import { TRADER_TAB_PATH, traderDecisionEmail } from './trader-emails';

/** Identity tells a cook an operator's decision on their trader details: one email per decision, to the account. */
@Controller()
export class TraderEmailsRpcController {
  constructor(
    private readonly emails: EmailsService,
    @Inject(PLATFORM_CONFIG) private readonly config: NotificationsConfig,
  ) {}

  @RpcHandler(TraderEmailsRpc.sendDecision)
  async sendDecision(req: RpcRequest<typeof TraderEmailsRpc.sendDecision>) {
    const link = `${this.config.PUBLIC_URL}${TRADER_TAB_PATH}`;
    await this.emails.enqueueFor(`trader-${req.dedupe_key}`, req.user_id, traderDecisionEmail(req.decision, req.message, link));
    return { ok: true };
  }
}
