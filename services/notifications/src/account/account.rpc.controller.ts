import { Controller, Inject } from '@nestjs/common';
import { DomainError, IdentityRpc, NotificationsRpc, type RpcRequest } from '@popote/contracts';
import { PLATFORM_CONFIG, RpcClient, RpcHandler } from '@popote/platform';
import type { NotificationsConfig } from '../config';
import { EmailsService } from '../mail/emails.service';
import { accountEmail, ACCOUNT_LINK_PATHS, DATA_EXPORT_LINK_PATH, dataExportReadyEmail } from '../mail/templates';

/** Account emails asked by identity, and the email that a person's data export is ready. */
@Controller()
export class AccountRpcController {
  constructor(
    private readonly emails: EmailsService,
    private readonly rpc: RpcClient,
    @Inject(PLATFORM_CONFIG) private readonly config: NotificationsConfig,
  ) {}

  @RpcHandler(NotificationsRpc.sendAccountEmail)
  async sendAccountEmail(req: RpcRequest<typeof NotificationsRpc.sendAccountEmail>) {
    const path = req.kind === 'email-change-notice' ? null : ACCOUNT_LINK_PATHS[req.kind];
    const link = path && req.token ? `${this.config.PUBLIC_URL}${path}?token=${encodeURIComponent(req.token)}` : null;
    await this.emails.enqueue(`account-${req.dedupe_key}`, {
      to: req.to,
      account_id: req.user_id ?? null,
      ...accountEmail(req.kind, req.name, link, req.new_email),
    });
    return { ok: true };
  }

  /**
   * The BFF's export job: the archive of the signed-in owner (`actor`, verified assertion) is ready.
   * The address is the account's own, asked of identity here; once per archive.
   */
  @RpcHandler(NotificationsRpc.sendDataExportReady)
  async sendDataExportReady(req: RpcRequest<typeof NotificationsRpc.sendDataExportReady>) {
    const { users } = await this.rpc.call(IdentityRpc.getUsers, { user_ids: [req.actor.user_id] });
    const user = users[0];
    if (!user) throw new DomainError('NOT_FOUND', 'Compte introuvable');
    const link = `${this.config.PUBLIC_URL}${DATA_EXPORT_LINK_PATH}`;
    await this.emails.enqueue(`data-export-${req.export_id}`, {
      to: user.email,
      account_id: user.user_id,
      ...dataExportReadyEmail(user.name, link, req.expires_at),
    });
    return { ok: true };
  }
}
