import { CombinedError } from '@popote/graphql';

/** `extensions.code` of the BFF's GraphQL errors (bff/src/errors); services add their own (INSUFFICIENT_STOCK...). */
export type ApiErrorCode =
  | 'VALIDATION_FAILED'
  | 'INVALID_CREDENTIALS'
  | 'RATE_LIMITED'
  | 'CONFLICT'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'INTERNAL'
  | 'UNAVAILABLE'
  | (string & {});

/** What the BFF said about a failed operation, ready to show. */
export interface ApiError {
  /** `extensions.code` of the first GraphQL error; null for a network or unknown failure. */
  code: ApiErrorCode | null;
  /** The BFF's French message; null when there was no GraphQL error. */
  message: string | null;
  /** Per-field French messages (`extensions.fields`), keyed by input field name. */
  fields: Record<string, string>;
}

function readFields(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null) return {};
  const fields: Record<string, string> = {};
  for (const [name, message] of Object.entries(value)) {
    if (typeof message === 'string' && message !== '') fields[name] = message;
  }
  return fields;
}

/**
 * Reads a failed operation's error: the first GraphQL error's code and message,
 * and the field messages of every GraphQL error. Anything else (network down,
 * HTTP 5xx without a GraphQL body) gives code and message null.
 */
export function readApiError(error: unknown): ApiError {
  if (!(error instanceof CombinedError) || error.graphQLErrors.length === 0) {
    return { code: null, message: null, fields: {} };
  }
  const [first] = error.graphQLErrors;
  const code = first?.extensions?.['code'];
  const fields: Record<string, string> = {};
  for (const graphQLError of error.graphQLErrors) Object.assign(fields, readFields(graphQLError.extensions?.['fields']));
  return {
    code: typeof code === 'string' ? code : null,
    message: first?.message ? first.message : null,
    fields,
  };
}

/**
 * The message to show for a failed operation: the BFF's own French message when it is about
 * this operation (stock, missing meal, empty cart, illegal transition...), the page's fallback
 * for everything else (network down, internal error).
 */
export function apiMessage(error: unknown, fallback: string): string {
  const { code, message } = readApiError(error);
  if (!code || !message || code === 'INTERNAL') return fallback;
  return message;
}

/**
 * The server's messages for a form's fields (`extensions.fields`), each under its field, the first one
 * focused (a react-hook-form's `setError`); false when the server named none of `names` (then the
 * form shows `apiMessage` instead).
 */
export function showFieldErrors<N extends string>(
  setError: (name: N, error: { type: string; message: string }, options: { shouldFocus: boolean }) => void,
  error: unknown,
  names: readonly N[],
): boolean {
  const { fields } = readApiError(error);
  let shown = false;
  for (const name of names) {
    if (!fields[name]) continue;
    setError(name, { type: 'server', message: fields[name] }, { shouldFocus: !shown });
    shown = true;
  }
  return shown;
}
