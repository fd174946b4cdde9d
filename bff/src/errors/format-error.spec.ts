import { DomainError } from '@popote/contracts';
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formatError } from './format-error';

const wrap = (original: unknown) => new GraphQLError('raw', { originalError: original as Error, path: ['meals'] });

describe('formatError', () => {
  it('keeps a service code and its French message', () => {
    const out = formatError(
      { message: 'raw' },
      wrap(new DomainError('INSUFFICIENT_STOCK', 'Stock insuffisant. Il ne reste que 2 portion(s)')),
    );
    expect(out).toMatchObject({ message: 'Stock insuffisant. Il ne reste que 2 portion(s)', extensions: { code: 'INSUFFICIENT_STOCK' } });
  });
  it('falls back to the default French text of a code', () => {
    expect(formatError({ message: 'raw' }, wrap(new DomainError('NOT_FOUND', ''))).message).toBe('Élément introuvable');
  });
  it("never shows the internal English text of an unreachable or failing service, only the code's French text", () => {
    // What the RPC client throws when no replica answers, times out, or fails unexpectedly.
    for (const internal of ['rpc.catalogue.get-meal: no service answers', 'rpc.cart.get-cart: no answer in time']) {
      expect(formatError({ message: internal }, wrap(new DomainError('UNAVAILABLE', internal)))).toEqual({
        message: 'Le service est momentanément indisponible. Réessayez dans un instant.',
        path: undefined,
        locations: undefined,
        extensions: { code: 'UNAVAILABLE' },
      });
    }
    const failed = formatError({ message: 'x' }, wrap(new DomainError('INTERNAL', 'rpc.ordering.cook-stats failed')));
    expect(failed).toMatchObject({ message: 'Une erreur est survenue', extensions: { code: 'INTERNAL' } });
  });
  it('reports refused arguments as validation errors with the field', () => {
    const zerr = z.object({ first: z.number().max(50) }).safeParse({ first: 99 }).error;
    const out = formatError({ message: 'raw' }, wrap(zerr));
    expect(out.extensions).toMatchObject({ code: 'VALIDATION_FAILED', fields: { first: expect.any(String) } });
  });
  it("reports a query's own faults as the client's, in French: a syntax error, an unknown operation name", () => {
    for (const code of ['GRAPHQL_PARSE_FAILED', 'OPERATION_RESOLUTION_FAILURE']) {
      const out = formatError({ message: 'Unknown operation named "B".', extensions: { code } }, new GraphQLError('x'));
      expect(out).toMatchObject({
        message: 'Requête invalide',
        extensions: { code: 'VALIDATION_FAILED', detail: 'Unknown operation named "B".' },
      });
    }
  });
  it("reports a request that is not GraphQL as the client's, in French (Apollo's BAD_REQUEST: empty body, batch, CSRF)", () => {
    const csrf = 'This operation has been blocked as a potential Cross-Site Request Forgery (CSRF).';
    for (const message of ['POST body missing, invalid Content-Type, or JSON object has no keys.', 'Operation batching disabled.', csrf]) {
      expect(formatError({ message, extensions: { code: 'BAD_REQUEST' } }, new GraphQLError(message))).toEqual({
        message: 'Requête invalide',
        locations: undefined,
        extensions: { code: 'VALIDATION_FAILED', detail: message },
      });
    }
  });
  it('keeps the values a caller sent out of the detail', () => {
    const message =
      'Variable "$p" got invalid value { secret: "Mot2passe" }; String cannot represent a non string value: { secret: "Mot2passe" }';
    const out = formatError({ message, extensions: { code: 'BAD_USER_INPUT' } }, new GraphQLError(message));
    expect(out.extensions).toEqual({ code: 'VALIDATION_FAILED', detail: 'Variable "$p" got invalid value …' });
  });
  it('hides anything unexpected behind a generic French message', () => {
    const out = formatError(
      { message: 'ECONNREFUSED 127.0.0.1:37017', extensions: { code: 'INTERNAL_SERVER_ERROR', stacktrace: ['x'] } },
      wrap(new Error('ECONNREFUSED')),
    );
    expect(out).toEqual({ message: 'Une erreur est survenue', path: undefined, extensions: { code: 'INTERNAL' } });
  });
});
