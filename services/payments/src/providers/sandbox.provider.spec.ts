import { describe, expect, it } from 'vitest';
import { evaluateCard } from './sandbox.provider';

const card = (number: string, over = {}) => ({ number, exp_month: 12, exp_year: 2034, cvc: '123', ...over });
const now = new Date('2026-11-21T12:00:00Z');

describe('sandbox card rules (Stripe test cards)', () => {
  it('accepts 4242 4242 4242 4242', () => expect(evaluateCard(card('4242 4242 4242 4242'), now)).toEqual({ ok: true }));
  it('declines 4000 0000 0000 0002', () =>
    expect(evaluateCard(card('4000000000000002'), now)).toMatchObject({
      ok: false,
      code: 'card_declined',
      message: 'Votre carte a été refusée.',
    }));
  it('reports insufficient funds for 4000 0000 0000 9995', () =>
    expect(evaluateCard(card('4000000000009995'), now)).toMatchObject({ ok: false, code: 'insufficient_funds' }));
  it('refuses a number failing the Luhn check', () =>
    expect(evaluateCard(card('4242 4242 4242 4241'), now)).toMatchObject({ ok: false, message: 'Numéro de carte invalide.' }));
  it('refuses an expired card and a bad CVC', () => {
    expect(evaluateCard(card('4242424242424242', { exp_month: 10, exp_year: 2026 }), now)).toMatchObject({
      ok: false,
      code: 'expired_card',
    });
    expect(evaluateCard(card('4242424242424242', { exp_month: 11, exp_year: 26 }), now)).toEqual({ ok: true });
    expect(evaluateCard(card('4242424242424242', { cvc: '1a' }), now)).toMatchObject({ ok: false, code: 'invalid_cvc' });
  });
});
