import { Catch, HttpException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { DomainError, TRADER_MESSAGES, type ErrorCode } from '@popote/contracts';
import type { Response } from 'express';

const STATUS: Partial<Record<ErrorCode, number>> = {
  VALIDATION_FAILED: 422,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
};

/** The documents' routes answer JSON `{code, message, fields}` in French, like GraphQL errors. */
@Catch()
export class DocumentErrorFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    res.setHeader('Cache-Control', 'no-store');
    if (exception instanceof DomainError) {
      const retryAfter = exception.details?.retry_after_s;
      if (typeof retryAfter === 'number') res.setHeader('Retry-After', String(retryAfter));
      res.status(STATUS[exception.code] ?? 500).json(exception.toPayload());
      return;
    }
    if (exception instanceof HttpException && exception.getStatus() === 413) {
      const message = TRADER_MESSAGES.documentTooLarge;
      res.status(413).json({ code: 'VALIDATION_FAILED', message, fields: { file: message } });
      return;
    }
    if (exception instanceof HttpException && exception.getStatus() < 500) {
      const message = TRADER_MESSAGES.documentInvalid;
      res.status(exception.getStatus()).json({ code: 'VALIDATION_FAILED', message, fields: { file: message } });
      return;
    }
    res.status(500).json({ code: 'INTERNAL', message: TRADER_MESSAGES.documentUploadError });
  }
}
