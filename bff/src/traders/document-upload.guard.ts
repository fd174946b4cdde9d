import { Injectable, PayloadTooLargeException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { DomainError, IDENTITY_MESSAGES, TRADER_LIMITS } from '@popote/contracts';
import type { Response } from 'express';
import { SessionService } from '../auth/session.service';
import type { UploadRequest } from '../media/upload.guard';
import { RateLimitService } from '../security/rate-limit.service';

/** Room for the multipart envelope around the document itself. */
const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * Before the body is read (guards run before the multipart interceptor): a signed-in cook, the
 * custom header a cross-site form cannot send, within the upload rate (the pictures' bucket), and a
 * declared size within the documents' limit.
 */
@Injectable()
export class DocumentUploadGuard implements CanActivate {
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
    if (req.get('x-popote-upload') !== '1') throw new DomainError('FORBIDDEN', 'Requête refusée');
    await this.limits.consume('upload', `user:${actor.user_id}`);
    const declared = Number(req.get('content-length') ?? NaN);
    if (Number.isFinite(declared) && declared > TRADER_LIMITS.documentMaxBytes + MULTIPART_OVERHEAD) throw new PayloadTooLargeException();
    req.actor = actor;
    return true;
  }
}
