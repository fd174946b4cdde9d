import { Controller, Inject } from '@nestjs/common';
import { ALERT_KIND_LABELS, AlertsRpc, DomainError, FOLLOW_MESSAGES, type RpcRequest } from '@popote/contracts';
import { PLATFORM_CONFIG, RpcHandler } from '@popote/platform';
import type { NotificationsConfig } from '../config';
import { AlertPreferencesService } from '../audience/alert-preferences.service';
import { readUnsubscribeToken, unsubscribeKey } from './unsubscribe-token';

/**
 * The one-click unsubscribe of an alert email (List-Unsubscribe / List-Unsubscribe-Post, RFC 8058),
 * signed out: the token, signed by notifications, names the person and the kinds whose emails stop.
 * Idempotent; a token we did not sign is refused in French.
 */
@Controller()
export class UnsubscribeRpcController {
  private readonly key: Buffer;

  constructor(
    private readonly preferences: AlertPreferencesService,
    @Inject(PLATFORM_CONFIG) config: NotificationsConfig,
  ) {
    this.key = unsubscribeKey(config);
  }

  @RpcHandler(AlertsRpc.unsubscribe)
  async unsubscribe(req: RpcRequest<typeof AlertsRpc.unsubscribe>) {
    const read = readUnsubscribeToken(this.key, req.token);
    if (!read) throw new DomainError('VALIDATION_FAILED', FOLLOW_MESSAGES.unsubscribeInvalid);
    for (const kind of read.kinds) await this.preferences.stopEmails(read.userId, kind);
    const [first, ...more] = read.kinds;
    // One kind: the contract's sentence; a digest's several kinds: the same sentence naming them all.
    const message = more.length
      ? `Vous ne recevrez plus d'emails pour : ${read.kinds.map((k) => ALERT_KIND_LABELS[k].toLowerCase()).join(' ; ')}.`
      : FOLLOW_MESSAGES.unsubscribed(first!);
    return { kind: first!, message };
  }
}
