/**
 * Coded errors crossing process boundaries. Services answer codes; the BFF and frontends
 * turn them into the spec's French texts (see bff/src/errors/messages.ts).
 */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'NOT_FOUND',
  'MEAL_NOT_FOUND',
  'INSUFFICIENT_STOCK',
  'FORBIDDEN',
  'UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  'RATE_LIMITED',
  'CONFLICT',
  'UNAVAILABLE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ErrorPayload {
  code: ErrorCode;
  message: string;
  /** Field → message, for validation errors. */
  fields?: Record<string, string>;
  details?: Record<string, unknown>;
}

/** A rule was broken: expected, coded, safe to show. Never carries a stack across the wire. */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  toPayload(): ErrorPayload {
    return { code: this.code, message: this.message, fields: this.fields, details: this.details };
  }

  static isPayload(value: unknown): value is ErrorPayload {
    return (
      typeof value === 'object' &&
      value !== null &&
      typeof (value as ErrorPayload).code === 'string' &&
      (ERROR_CODES as readonly string[]).includes((value as ErrorPayload).code)
    );
  }
}
