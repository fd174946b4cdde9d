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
    expect(formatError({ message: 'raw' }, wrap(new DomainError('UNAVAILABLE', ''))).message).toBe(
      'Service momentanément indisponible, veuillez réessayer',
    );
  });
  it('reports refused arguments as validation errors with the field', () => {
    const zerr = z.object({ first: z.number().max(50) }).safeParse({ first: 99 }).error;
    const out = formatError({ message: 'raw' }, wrap(zerr));
    expect(out.extensions).toMatchObject({ code: 'VALIDATION_FAILED', fields: { first: expect.any(String) } });
  });
  it('hides anything unexpected behind a generic French message', () => {
    const out = formatError(
      { message: 'ECONNREFUSED 127.0.0.1:37017', extensions: { code: 'INTERNAL_SERVER_ERROR', stacktrace: ['x'] } },
      wrap(new Error('ECONNREFUSED')),
    );
    expect(out).toEqual({ message: 'Une erreur est survenue', path: undefined, extensions: { code: 'INTERNAL' } });
  });
});
