import { CombinedError } from '@popote/graphql';
import { describe, expect, it } from 'vitest';
import { apiMessage, readApiError, showFieldErrors } from './errors';

describe('readApiError', () => {
  it('reads the code, the French message and the field messages of a GraphQL error', () => {
    const error = new CombinedError({
      graphQLErrors: [
        {
          message: 'Données invalides',
          extensions: {
            code: 'VALIDATION_FAILED',
            fields: { username: 'Le pseudo doit contenir au moins 3 caractères', bad: 42 },
          },
        },
      ],
    });
    expect(readApiError(error)).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Données invalides',
      fields: { username: 'Le pseudo doit contenir au moins 3 caractères' },
    });
  });

  it('keeps the first code and gathers fields of every error', () => {
    const error = new CombinedError({
      graphQLErrors: [
        { message: 'Cet email est déjà utilisé', extensions: { code: 'CONFLICT', fields: { email: 'Cet email est déjà utilisé' } } },
        { message: 'Ce pseudo est déjà pris', extensions: { code: 'CONFLICT', fields: { username: 'Ce pseudo est déjà pris' } } },
      ],
    });
    expect(readApiError(error)).toMatchObject({
      code: 'CONFLICT',
      message: 'Cet email est déjà utilisé',
      fields: { email: 'Cet email est déjà utilisé', username: 'Ce pseudo est déjà pris' },
    });
  });

  it('gives no code nor message for a network or HTTP failure', () => {
    expect(readApiError(new TypeError('Failed to fetch'))).toEqual({ code: null, message: null, fields: {} });
    const httpError = new CombinedError({ networkError: new Error('Bad gateway'), response: new Response(null, { status: 502 }) });
    expect(readApiError(httpError)).toEqual({ code: null, message: null, fields: {} });
    expect(readApiError(undefined)).toEqual({ code: null, message: null, fields: {} });
  });
});

describe('apiMessage', () => {
  const failed = (code: string, message: string) => new CombinedError({ graphQLErrors: [{ message, extensions: { code } }] });

  it("gives the BFF's message about the operation", () => {
    expect(apiMessage(failed('INSUFFICIENT_STOCK', 'Plus assez de portions'), 'Erreur')).toBe('Plus assez de portions');
  });

  it('gives the fallback for an internal error, a network failure or an error without a code', () => {
    expect(apiMessage(failed('INTERNAL', 'Internal server error'), 'Erreur')).toBe('Erreur');
    expect(apiMessage(new TypeError('Failed to fetch'), 'Erreur')).toBe('Erreur');
    expect(apiMessage(new CombinedError({ graphQLErrors: [{ message: 'Oups' }] }), 'Erreur')).toBe('Erreur');
  });
});

describe('showFieldErrors', () => {
  const validation = (fields: Record<string, string>) =>
    new CombinedError({ graphQLErrors: [{ message: 'Données invalides', extensions: { code: 'VALIDATION_FAILED', fields } }] });

  it('puts each named field’s message under it, focusing the first; false when none is named', () => {
    const set: [string, string, boolean][] = [];
    const setError = (name: 'code' | 'value', e: { message: string }, o: { shouldFocus: boolean }) =>
      void set.push([name, e.message, o.shouldFocus]);
    expect(showFieldErrors(setError, validation({ value: 'Trop grand', code: 'Pris', other: 'x' }), ['code', 'value'])).toBe(true);
    expect(set).toEqual([
      ['code', 'Pris', true],
      ['value', 'Trop grand', false],
    ]);
    expect(showFieldErrors(setError, validation({ other: 'x' }), ['code', 'value'])).toBe(false);
    expect(set).toHaveLength(2);
  });
});
