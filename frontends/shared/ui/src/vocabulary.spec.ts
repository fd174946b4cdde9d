// The services' own lists, read by this test only (no frontend code imports a service package).
import * as contracts from '@popote/contracts/src/enums';
import { describe, expect, it } from 'vitest';
import * as ui from './vocabulary';

describe('the vocabularies the forms offer are the ones the services accept', () => {
  it('has the same values, in the same order, with the same French labels', () => {
    expect(ui.CATEGORIES).toEqual([...contracts.CATEGORIES]);
    expect(ui.CATEGORY_LABELS).toEqual(contracts.CATEGORY_LABELS);
    expect(ui.ALLERGENS).toEqual([...contracts.ALLERGENS]);
    expect(ui.ALLERGEN_LABELS).toEqual(contracts.ALLERGEN_LABELS);
    expect(ui.AVAILABILITY).toEqual([...contracts.AVAILABILITY]);
    expect(ui.ORDER_STATUSES).toEqual([...contracts.ORDER_STATUSES]);
    expect(ui.PRICE_RANGES).toEqual([...contracts.PRICE_RANGES]);
    expect(ui.INGREDIENTS).toEqual([...contracts.INGREDIENTS]);
    expect(ui.MAX_INGREDIENTS).toBe(contracts.MAX_INGREDIENTS);
  });

  it('stops free texts and lists at the limits the services enforce', () => {
    expect(ui.LIMITS).toEqual(contracts.LIMITS);
    expect(ui.TEXT_LIMITS).toEqual(contracts.TEXT_LIMITS);
  });

  it('offers the VAT statuses and checks a SIRET as identity does', () => {
    expect(ui.VAT_REGIMES).toEqual([...contracts.VAT_REGIMES]);
    const samples = ['73282932000074', '73282932000075', '35600000000048', '35600000000049', '1234', '7328293200007a', '', '00000000000000'];
    for (const s of samples) expect(ui.isValidSiret(s), s).toBe(contracts.isValidSiret(s));
    expect(ui.isValidSiret('73282932000074')).toBe(true);
    expect(ui.isValidSiret('73282932000075')).toBe(false);
  });

  it('shows an unknown stored value as it is', () => {
    expect(ui.categoryLabel('thai')).toBe('Thaïlandaise');
    expect(ui.categoryLabel('martian')).toBe('martian');
    expect(ui.allergenLabel('sesame')).toBe('Graines de sésame');
  });
});
