import { Catch, HttpException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { DomainError, MEAL_MESSAGES, type ErrorCode } from '@popote/contracts';
import type { Response } from 'express';

const STATUS: Partial<Record<ErrorCode, number>> = {
  VALIDATION_FAILED: 422,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
};

/** The upload endpoint answers JSON `{code, message, fields}` in French, like GraphQL errors. */
@Catch()
export class UploadErrorFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    if (exception instanceof DomainError) {
      const retryAfter = exception.details?.retry_after_s;
      if (typeof retryAfter === 'number') res.setHeader('Retry-After', String(retryAfter));
      res.status(STATUS[exception.code] ?? 500).json(exception.toPayload());
      return;
    }
    if (exception instanceof HttpException && exception.getStatus() === 413) {
      res
        .status(413)
        .json({ code: 'VALIDATION_FAILED', message: MEAL_MESSAGES.imageTooLarge, fields: { file: MEAL_MESSAGES.imageTooLarge } });
      return;
    }
    if (exception instanceof HttpException && exception.getStatus() < 500) {
      res
        .status(exception.getStatus())
        .json({ code: 'VALIDATION_FAILED', message: MEAL_MESSAGES.imageInvalid, fields: { file: MEAL_MESSAGES.imageInvalid } });
      return;
    }
    res.status(500).json({ code: 'INTERNAL', message: "Erreur lors du téléchargement de l'image" });
  }
}
