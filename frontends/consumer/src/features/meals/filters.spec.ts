import { describe, expect, it } from 'vitest';
import { countActiveFilters, NO_FILTERS, readFilters, toFilterInput, writeFilters } from './filters';

describe('meal list filters in the URL', () => {
  it('reads the search and every filter', () => {
    const filters = readFilters(
      new URLSearchParams('q=+poulet+&category=thai&price_range=10-20&availability=today&without_allergens=milk&without_allergens=gluten'),
    );
    expect(filters).toEqual({
      q: 'poulet',
      category: 'thai',
      priceRange: '10-20',
      availability: 'today',
      withoutAllergens: ['gluten', 'milk'],
      radius: null,
      sort: 'recent',
    });
    expect(countActiveFilters(filters)).toBe(5);
  });

  it('reads and writes the radius and the sort, only the radii of the list', () => {
    const filters = readFilters(new URLSearchParams('rayon=3&tri=distance'));
    expect(filters).toMatchObject({ radius: 3, sort: 'distance' });
    expect(writeFilters(filters).toString()).toBe('rayon=3&tri=distance');
    expect(readFilters(new URLSearchParams('rayon=7&tri=prix'))).toMatchObject({ radius: null, sort: 'recent' });
  });

  it("sends the radius and the sort only with the buyer's commune", () => {
    const near = { ...NO_FILTERS, radius: 3 as const, sort: 'distance' as const };
    expect(toFilterInput(near)).toBeNull();
    expect(toFilterInput(near, '69381')).toEqual({ near: '69381', radius_km: 3, sort: 'distance' });
    expect(toFilterInput(NO_FILTERS, '69381')).toEqual({ near: '69381' });
  });

  it('ignores values that are not in the fixed lists', () => {
    const filters = readFilters(new URLSearchParams('category=pizza&price_range=cheap&availability=never&without_allergens=plastic'));
    expect(filters).toEqual(NO_FILTERS);
    expect(countActiveFilters(filters)).toBe(0);
  });

  it('writes what it reads, and nothing for empty filters', () => {
    const query = 'q=curry&category=thai&without_allergens=gluten&without_allergens=fish';
    expect(writeFilters(readFilters(new URLSearchParams(query))).toString()).toBe(
      'q=curry&category=thai&without_allergens=gluten&without_allergens=fish',
    );
    expect(writeFilters(NO_FILTERS).toString()).toBe('');
  });

  it('sends only what is set to the BFF', () => {
    expect(toFilterInput(NO_FILTERS)).toBeNull();
    expect(toFilterInput({ ...NO_FILTERS, q: 'poulet', withoutAllergens: ['fish'] })).toEqual({
      q: 'poulet',
      without_allergens: ['fish'],
    });
    expect(toFilterInput({ ...NO_FILTERS, category: 'thai', priceRange: 'over30', availability: 'available' })).toEqual({
      category: 'thai',
      price_range: 'over30',
      availability: 'available',
    });
  });
});
