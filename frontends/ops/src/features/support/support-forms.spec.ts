import { describe, expect, it } from 'vitest';
import { refundAmountError, refundCents, refundReasonError } from './support-forms';

describe('the refund form’s checks', () => {
  it('reads euros as the operator types them, in integer cents', () => {
    expect(refundCents('6')).toBe(600);
    expect(refundCents('6,50')).toBe(650);
    expect(refundCents('6.50')).toBe(650);
    expect(refundCents(' 6,5 € ')).toBe(650);
    expect(refundCents('0,05')).toBe(5);
    for (const bad of ['', 'six', '6,505', '-3', '6,50,1', '1e3']) expect(refundCents(bad)).toBeNull();
  });

  it('takes an amount above zero and at most the total, in French otherwise', () => {
    expect(refundAmountError('12,50', 1250)).toBe(true);
    expect(refundAmountError('0,01', 1250)).toBe(true);
    expect(refundAmountError('  ', 1250)).toBe('Indiquez le montant à rembourser');
    expect(refundAmountError('abc', 1250)).toBe('Indiquez un montant en euros, par exemple 6 ou 6,50 (deux décimales au plus)');
    expect(refundAmountError('0', 1250)).toBe('Le montant doit être supérieur à zéro');
    expect(refundAmountError('12,51', 1250)).toMatch(/^Le montant dépasse le total de la commande \(12,50\s€\)$/);
  });

  it('takes a reason of 3 to 500 characters once trimmed', () => {
    expect(refundReasonError('  ab  ')).toBe('Le motif doit compter au moins 3 caractères');
    expect(refundReasonError('abc')).toBe(true);
    expect(refundReasonError('a'.repeat(500))).toBe(true);
    expect(refundReasonError('a'.repeat(501))).toBe('Le motif ne doit pas dépasser 500 caractères');
  });
});
