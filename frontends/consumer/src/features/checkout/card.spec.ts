import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatExpiry, luhnValid, parseCard } from './card';

const now = new Date('2026-11-21T12:00:00Z');

describe('card form', () => {
  it('groups the number by four and keeps digits only', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-42')).toBe('4242 42');
    expect(formatCardNumber('4'.repeat(25)).replace(/ /g, '')).toHaveLength(19);
  });

  it('formats the expiry as MM/AA', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('4')).toBe('04/');
    expect(formatExpiry('12')).toBe('12/');
    expect(formatExpiry('1228')).toBe('12/28');
    expect(formatExpiry('12', '12/')).toBe('1');
  });

  it('checks the Luhn sum', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4000000000000002')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
  });

  it('parses a valid card with a four-digit year', () => {
    expect(parseCard({ number: '4242 4242 4242 4242', expiry: '12/28', cvc: '123' }, now)).toEqual({
      card: { number: '4242424242424242', exp_month: 12, exp_year: 2028, cvc: '123' },
    });
  });

  it('explains what is wrong, in French', () => {
    expect(parseCard({ number: '4242', expiry: '13/28', cvc: '1' }, now)).toEqual({
      errors: {
        number: 'Numéro de carte incomplet ou invalide',
        expiry: "Date d'expiration invalide",
        cvc: 'CVC invalide',
      },
    });
    expect(parseCard({ number: '4242424242424242', expiry: '10/26', cvc: '123' }, now)).toEqual({
      errors: { expiry: 'Cette carte a expiré' },
    });
  });
});
