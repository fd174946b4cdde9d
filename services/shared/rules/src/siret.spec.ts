import { describe, expect, it } from 'vitest';
import { isValidSiret } from './siret';

describe('a SIRET', () => {
  it('is 14 digits with a Luhn key', () => {
    expect(isValidSiret('73282932000074')).toBe(true);
    expect(isValidSiret('73282932000075')).toBe(false);
    for (const bad of ['1234', '7328293200007a', '', '732829320000745']) expect(isValidSiret(bad), bad).toBe(false);
  });

  it('of La Poste (SIREN 356000000) has a digit sum that is a multiple of 5', () => {
    expect(isValidSiret('35600000000001')).toBe(true);
    expect(isValidSiret('35600000000002')).toBe(false);
  });
});
