import { Injectable, PayloadTooLargeException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { DomainError, IDENTITY_MESSAGES, LIMITS, type Actor } from '@popote/contracts';
import type { Request, Response } from 'express';
import { SessionService } from '../auth/session.service';
import { RateLimitService } from '../security/rate-limit.service';

/** Room for the multipart envelope around the picture itself. */
const MULTIPART_OVERHEAD = 64 * 1024;

export type UploadRequest = Request & { actor?: Actor };

/**
 * Runs before the body is read (guards run before the multipart interceptor): a signed-in cook, the
 * custom header a cross-site form cannot send, within the upload rate, and a declared size within
 * the limit. Anyone else is answered without the server reading a byte of what they send.
 */
@Injectable()
export class UploadGuard implements CanActivate {
  constructor(
    private readonly session: SessionService,
    private readonly limits: RateLimitService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const req = http.getRequest<UploadRequest>();
    const actor = await this.session.resolve(req, http.getResponse<Response>());
    if (!actor) throw new DomainError('UNAUTHENTICATED', IDENTITY_MESSAGES.notSignedIn);
    if (actor.user_type !== 'cook') throw new DomainError('FORBIDDEN', IDENTITY_MESSAGES.cookOnly);
    // A custom header cannot be sent cross-site without a CORS preflight we never grant.
    if (req.get('x-popote-upload') !== '1') throw new DomainError('FORBIDDEN', 'Requête refusée');
    await this.limits.consume('upload', `user:${actor.user_id}`);
    const declared = Number(req.get('content-length') ?? NaN);
    if (Number.isFinite(declared) && declared > LIMITS.imageMaxBytes + MULTIPART_OVERHEAD) throw new PayloadTooLargeException();
    req.actor = actor;
    return true;
  }
}
