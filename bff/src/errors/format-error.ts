import { DomainError } from '@popote/contracts';
import type { GraphQLFormattedError } from 'graphql';
import { GraphQLError } from 'graphql';
import { DEFAULT_MESSAGES } from './messages';

/**
 * Every GraphQL error leaves with a code and a French message; internals (stacks, driver errors)
 * never reach the browser.
 */
export function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = error instanceof GraphQLError ? error.originalError : error;
  if (original instanceof DomainError) {
    return {
      message: original.message || DEFAULT_MESSAGES[original.code],
      path: formatted.path,
      locations: formatted.locations,
      extensions: { code: original.code, ...(original.fields ? { fields: original.fields } : {}) },
    };
  }
  const code = formatted.extensions?.code;
  // Errors of the query itself (syntax, unknown field, bad variables) are the client's and safe to show.
  if (code === 'GRAPHQL_VALIDATION_FAILED' || code === 'GRAPHQL_PARSE_FAILED' || code === 'BAD_USER_INPUT') {
    return { message: formatted.message, locations: formatted.locations, extensions: { code: 'VALIDATION_FAILED' } };
  }
  return { message: DEFAULT_MESSAGES.INTERNAL, path: formatted.path, extensions: { code: 'INTERNAL' } };
}
