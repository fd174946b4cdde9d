import { Controller, Get, HttpCode, Logger, Post, Query, Req, Res } from '@nestjs/common';
import { AlertsRpc, DomainError, FOLLOW_MESSAGES, type ErrorCode } from '@popote/contracts';
import { RpcClient } from '@popote/platform';
import type { Request, Response } from 'express';
import { DEFAULT_MESSAGES } from '../errors/messages';
import { clientAddress } from '../security/client-address';
import { RateLimitedError, RateLimitService } from '../security/rate-limit.service';

/** The shell's page that asks before unsubscribing (a link opened is not a choice made). */
export const UNSUBSCRIBE_PAGE = '/alerts/unsubscribe';
/** The lengths the contract accepts (AlertsRpc.unsubscribe). */
const TOKEN = { min: 10, max: 500 };
const STATUS: Partial<Record<ErrorCode, number>> = { VALIDATION_FAILED: 400, NOT_FOUND: 400, RATE_LIMITED: 429, UNAVAILABLE: 503 };

/**
 * The unsubscribe link of every alert email, signed out (behind the shell's proxy of /alertes/):
 * - `POST /alertes/desabonnement?token=…` unsubscribes: the mail client's one-click (RFC 8058,
 *   List-Unsubscribe-Post; its body `List-Unsubscribe=One-Click` is not needed) and the shell's page
 *   both post here; 200 with `{ kind, message }` (French), or 400 and the French refusal;
 * - `GET` changes nothing (mail scanners open links): it sends the browser to the shell's page,
 *   which says what the link does and posts when the person confirms.
 * Counted per client address like an anonymous mutation.
 */
@Controller('alertes')
export class UnsubscribeController {
  private readonly log = new Logger('AlertsUnsubscribe');

  constructor(
    private readonly rpc: RpcClient,
    private readonly limits: RateLimitService,
  ) {}

  @Get('desabonnement')
  page(@Query('token') token: unknown, @Res() res: Response): void {
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Referrer-Policy', 'no-referrer');
    const query = typeof token === 'string' ? `?token=${encodeURIComponent(token.slice(0, TOKEN.max))}` : '';
    res.redirect(303, `${UNSUBSCRIBE_PAGE}${query}`);
  }

  @Post('desabonnement')
  @HttpCode(200)
  async unsubscribe(@Query('token') token: unknown, @Req() req: Request, @Res() res: Response): Promise<void> {
    res.setHeader('Cache-Control', 'no-store');
    try {
      await this.limits.consume('mutation', `ip:${clientAddress(req)}`);
      if (typeof token !== 'string' || token.length < TOKEN.min || token.length > TOKEN.max)
        throw new DomainError('VALIDATION_FAILED', FOLLOW_MESSAGES.unsubscribeInvalid);
      res.status(200).json(await this.rpc.call(AlertsRpc.unsubscribe, { token }));
    } catch (err) {
      if (err instanceof RateLimitedError) res.setHeader('Retry-After', String(err.retryAfterS));
      const e = err instanceof DomainError ? err : new DomainError('UNAVAILABLE', DEFAULT_MESSAGES.UNAVAILABLE);
      if (!(err instanceof DomainError)) this.log.error(`unsubscribe failed: ${(err as Error).message}`);
      res.status(STATUS[e.code] ?? 500).json({ code: e.code, message: e.message });
    }
  }
}
