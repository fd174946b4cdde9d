import { DomainError, type ErrorCode } from '@popote/contracts';
import { validationPayload } from '@popote/platform';
import type { GraphQLFormattedError } from 'graphql';
import { ZodError } from 'zod';
import { isTooManyTokens, TOO_COMPLEX } from '../security/graphql-limits';
import { DEFAULT_MESSAGES } from './messages';

export const INVALID_REQUEST = 'Requête invalide';

/**
 * Codes about the system rather than the request: their message is written for logs (e.g.
 * "rpc.catalogue.get-meal: no service answers", in English), so the person gets the code's French text.
 */
const INFRASTRUCTURE_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>(['UNAVAILABLE', 'INTERNAL']);

/**
 * Every GraphQL error leaves with a code and a French message; internals (stacks, driver errors)
 * never reach the browser.
 */
export function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  // Resolver errors arrive wrapped in a GraphQLError (duck-typed: graphql ships CJS and ESM builds).
  let original: unknown = (error as { originalError?: unknown } | undefined)?.originalError ?? error;
  // Arguments the contract refuses (e.g. a page size above the limit) are the caller's mistake.
  if (original instanceof ZodError) {
    const p = validationPayload(original);
    original = new DomainError(p.code, p.message, p.fields);
  }
  if (original instanceof DomainError) {
    return {
      message: (!INFRASTRUCTURE_CODES.has(original.code) && original.message) || DEFAULT_MESSAGES[original.code],
      path: formatted.path,
      locations: formatted.locations,
      extensions: {
        code: original.code,
        ...(original.fields ? { fields: original.fields } : {}),
        ...(typeof original.details?.retry_after_s === 'number' ? { retry_after: original.details.retry_after_s } : {}),
      },
    };
  }
  const code = formatted.extensions?.code;
  // Errors of the query itself (syntax, unknown field, bad variables) are the client's and safe to show.
  // The message is French; graphql's own (English) wording stays available as `detail`.
  if (
    code === 'GRAPHQL_VALIDATION_FAILED' ||
    code === 'GRAPHQL_PARSE_FAILED' ||
    code === 'BAD_USER_INPUT' ||
    // No operation of that name in the document, or several and no name.
    code === 'OPERATION_RESOLUTION_FAILURE'
  ) {
    const french = formatted.message.includes(TOO_COMPLEX) || isTooManyTokens(formatted.message);
    return {
      message: french ? TOO_COMPLEX : INVALID_REQUEST,
      locations: formatted.locations,
      extensions: { code: 'VALIDATION_FAILED', ...(french ? {} : { detail: formatted.message }) },
    };
  }
  return { message: DEFAULT_MESSAGES.INTERNAL, path: formatted.path, extensions: { code: 'INTERNAL' } };
}
