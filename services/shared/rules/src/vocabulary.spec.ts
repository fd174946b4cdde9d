import { describe, expect, it } from 'vitest';
import {
  ALLERGEN_LABELS,
  ALLERGENS,
  allergenLabel,
  CATEGORIES,
  CATEGORY_LABELS,
  categoryLabel,
  INGREDIENTS,
  MAX_INGREDIENTS,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  orderStatusLabel,
  PRICE_RANGE_BOUNDS,
  PRICE_RANGES,
} from './vocabulary';

describe('the vocabularies', () => {
  it('has the spec’s 13 categories, 14 allergens and 44 ingredients, each once, labelled in French', () => {
    expect(CATEGORIES).toHaveLength(13);
    expect(ALLERGENS).toHaveLength(14);
    expect(INGREDIENTS).toHaveLength(44);
    expect(MAX_INGREDIENTS).toBe(40);
    for (const list of [CATEGORIES, ALLERGENS, INGREDIENTS, ORDER_STATUSES]) expect(new Set(list).size).toBe(list.length);
    // The forms list the labels in the vocabulary's order.
    expect(Object.keys(CATEGORY_LABELS)).toEqual([...CATEGORIES]);
    expect(Object.keys(ALLERGEN_LABELS)).toEqual([...ALLERGENS]);
    expect(Object.keys(ORDER_STATUS_LABELS)).toEqual([...ORDER_STATUSES]);
  });

  it('shows a stored value by its label, and an unknown one as it is', () => {
    expect(categoryLabel('thai')).toBe('Thaïlandaise');
    expect(categoryLabel('martian')).toBe('martian');
    expect(allergenLabel('sesame')).toBe('Graines de sésame');
    expect(orderStatusLabel('ready')).toBe('Prête pour le retrait');
    expect(orderStatusLabel('lost')).toBe('lost');
    // A delivery reads 'En cours de livraison' and 'Livrée' where a pick-up reads 'Prête pour le retrait' and 'Récupérée'.
    expect(orderStatusLabel('ready', 'delivery')).toBe('En cours de livraison');
    expect(orderStatusLabel('delivered', 'delivery')).toBe('Livrée');
    expect(orderStatusLabel('delivered')).toBe('Récupérée');
    expect(orderStatusLabel('confirmed', 'delivery')).toBe('Confirmée');
    expect(orderStatusLabel('lost', 'delivery')).toBe('lost');
  });

  it('cuts the price ranges end to end, in cents', () => {
    const bounds = PRICE_RANGES.map((r) => PRICE_RANGE_BOUNDS[r]);
    expect(bounds[0]?.min).toBe(0);
    for (let i = 1; i < bounds.length; i += 1) expect(bounds[i]?.min).toBe(bounds[i - 1]?.max);
    expect(bounds.at(-1)?.max).toBeUndefined();
  });
});
