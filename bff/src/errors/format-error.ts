import { DomainError, type ErrorCode } from '@popote/contracts';
import { validationPayload } from '@popote/platform';
import type { GraphQLFormattedError } from 'graphql';
import { ZodError } from 'zod';
import { isTooManyTokens, TOO_COMPLEX } from '../security/graphql-limits';
import { detailWithoutValues } from './detail';
import { DEFAULT_MESSAGES } from './messages';

export const INVALID_REQUEST = 'Requête invalide';

/**
 * Codes about the system rather than the request: their message is written for logs (e.g.
 * "rpc.catalogue.get-meal: no service answers", in English), so the person gets the code's French text.
 */
const INFRASTRUCTURE_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>(['UNAVAILABLE', 'INTERNAL']);

/** Apollo's codes for a request the caller got wrong: nothing ran, and the service is fine. */
const CLIENT_FAULTS: ReadonlySet<string> = new Set([
  'GRAPHQL_PARSE_FAILED', // not GraphQL
  'GRAPHQL_VALIDATION_FAILED', // an unknown field, a value of the wrong type in the query
  'BAD_USER_INPUT', // a variable of the wrong type
  'OPERATION_RESOLUTION_FAILURE', // no operation of that name in the document, or several and no name
  // Not a GraphQL request at all: an empty body, a query that is not a string, variables that are
  // not an object, a batch, a simple cross-site request (CSRF prevention).
  'BAD_REQUEST',
]);

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
  // Errors of the request itself are the client's: the message is French; graphql's and Apollo's own
  // (English) wording stays available as `detail`, without the values the caller sent.
  if (typeof code === 'string' && CLIENT_FAULTS.has(code)) {
    const french = formatted.message.includes(TOO_COMPLEX) || isTooManyTokens(formatted.message);
    return {
      message: french ? TOO_COMPLEX : INVALID_REQUEST,
      locations: formatted.locations,
      extensions: { code: 'VALIDATION_FAILED', ...(french ? {} : { detail: detailWithoutValues(formatted.message) }) },
    };
  }
  return { message: DEFAULT_MESSAGES.INTERNAL, path: formatted.path, extensions: { code: 'INTERNAL' } };
}
