import { Inject, Injectable } from '@nestjs/common';
import { DomainError, IdentityRpc, type SessionTokens } from '@popote/contracts';
import { RpcClient, verifyAccessToken, type SessionActor } from '@popote/platform';
import type { CookieOptions, Request, Response } from 'express';
import type { BffConfig } from '../config';
import { BFF_CONFIG } from '../tokens';
import { ACCESS_COOKIE, REFRESH_COOKIE } from './auth.constants';
import { SessionRevocations } from './session-revocations.service';

/**
 * Who is asking: verifies the access-token cookie on every request and, when it has expired,
 * refreshes the session transparently with the refresh-token cookie (rotating both cookies).
 * Tokens never reach page scripts: httpOnly cookies, SameSite, Secure in production.
 */
@Injectable()
export class SessionService {
  /** Parallel requests of one page share one refresh instead of racing on the same token. */
  private readonly inflight = new Map<string, Promise<{ actor: SessionActor; tokens: SessionTokens } | null>>();

  constructor(
    private readonly rpc: RpcClient,
    @Inject(BFF_CONFIG) private readonly config: BffConfig,
    private readonly revocations: SessionRevocations,
  ) {}

  async resolve(req: Request, res: Response | undefined): Promise<SessionActor | null> {
    const access = req.cookies?.[ACCESS_COOKIE] as string | undefined;
    if (access) {
      const actor = await verifyAccessToken(access, this.config);
      // A closed session's access token is refused at once, not only when it expires.
      if (actor && this.revocations.isRevoked(actor.session_id)) {
        if (res) this.clear(res);
        return null;
      }
      if (actor) return actor;
    }
    const refresh = req.cookies?.[REFRESH_COOKIE] as string | undefined;
    if (!refresh) return null;
    let pending = this.inflight.get(refresh);
    if (!pending) {
      pending = this.rpc
        .call(IdentityRpc.refresh, { refresh_token: refresh })
        .then(async ({ tokens }) => ({ actor: (await verifyAccessToken(tokens.access_token, this.config))!, tokens }))
        .catch((err: unknown) => {
          if (err instanceof DomainError && err.code === 'UNAUTHENTICATED') return null;
          throw err;
        });
      this.inflight.set(refresh, pending);
      void pending.finally(() => setTimeout(() => this.inflight.delete(refresh), 10_000).unref());
    }
    const refreshed = await pending;
    if (!res) return refreshed?.actor ?? null;
    if (!refreshed) {
      this.clear(res);
      return null;
    }
    this.set(res, refreshed.tokens);
    return refreshed.actor;
  }

  /**
   * Issues this session's tokens again, so its access token says what the user is now (a new name,
   * `TokenProfile`); the other devices' tokens say it at their next refresh. Best effort: a session
   * that cannot be refreshed keeps its cookies and is asked about at its next request.
   */
  async reissue(req: Request, res: Response): Promise<void> {
    const refresh = req.cookies?.[REFRESH_COOKIE] as string | undefined;
    if (!refresh) return;
    const tokens = await this.rpc
      .call(IdentityRpc.refresh, { refresh_token: refresh })
      .then((r) => r.tokens)
      .catch(() => null);
    if (tokens) this.set(res, tokens);
  }

  private base(): CookieOptions {
    return { httpOnly: true, secure: this.config.COOKIE_SECURE === 'true', path: '/' };
  }

  set(res: Response, tokens: SessionTokens): void {
    res.cookie(ACCESS_COOKIE, tokens.access_token, { ...this.base(), sameSite: 'lax', expires: new Date(tokens.access_expires_at) });
    // The refresh token only ever travels to the GraphQL endpoint, and never cross-site.
    res.cookie(REFRESH_COOKIE, tokens.refresh_token, {
      ...this.base(),
      sameSite: 'strict',
      path: '/graphql',
      expires: new Date(tokens.refresh_expires_at),
    });
  }

  clear(res: Response): void {
    res.clearCookie(ACCESS_COOKIE, { ...this.base(), sameSite: 'lax' });
    res.clearCookie(REFRESH_COOKIE, { ...this.base(), sameSite: 'strict', path: '/graphql' });
  }
}
