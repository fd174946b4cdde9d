import { describe, expect, it } from 'vitest';
import { filterMeals, normalizeForSearch } from './search';

const meal = (name: string, extra: Partial<{ description: string; category: string; cook_name: string }> = {}) => ({
  name,
  description: extra.description ?? '',
  category: extra.category ?? 'french',
  cook_name: extra.cook_name ?? 'Marc',
});

describe('normalizeForSearch', () => {
  it('ignores case and accents', () => {
    expect(normalizeForSearch('  Crème BRÛLÉE ')).toBe('creme brulee');
  });
});

describe('filterMeals', () => {
  const meals = [
    meal('Tajine de poulet', { category: 'lebanese', cook_name: 'Fatima' }),
    meal('Crème brûlée', { category: 'dessert' }),
    meal('Lasagnes', { description: 'Pâtes fraîches et béchamel', category: 'italian' }),
  ];

  it('returns everything for an empty query', () => {
    expect(filterMeals(meals, '   ')).toHaveLength(3);
  });

  it('matches name, description, category and cook, without accents', () => {
    expect(filterMeals(meals, 'creme').map((m) => m.name)).toEqual(['Crème brûlée']);
    expect(filterMeals(meals, 'béchamel').map((m) => m.name)).toEqual(['Lasagnes']);
    expect(filterMeals(meals, 'dessert').map((m) => m.name)).toEqual(['Crème brûlée']);
    expect(filterMeals(meals, 'fatima').map((m) => m.name)).toEqual(['Tajine de poulet']);
  });

  it('needs every word of the query', () => {
    expect(filterMeals(meals, 'tajine poulet')).toHaveLength(1);
    expect(filterMeals(meals, 'tajine boeuf')).toHaveLength(0);
  });
});
