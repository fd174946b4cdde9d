import { describe, expect, it } from 'vitest';
import { normalizeSearch, parisDayStart, searchClauses, searchTextOf } from './search';

describe('search', () => {
  it('ignores case and accents', () => {
    expect(normalizeSearch('Bœuf Bourguignon à l’Ancienne')).toBe('boeuf bourguignon a l’ancienne');
    expect(searchTextOf({ name: 'Tajine', description: 'Citrons confits', ingredients: ['Poulet', 'Coriandre'] })).toBe(
      'tajine citrons confits poulet coriandre',
    );
  });
  it('requires every word and escapes regex characters', () => {
    expect(searchClauses('  Poulet   CURRY ')).toEqual([{ search_text: { $regex: 'poulet' } }, { search_text: { $regex: 'curry' } }]);
    expect(searchClauses('a+b (c)')[0].search_text.$regex).toBe('a\\+b');
  });
  it('computes Paris midnights across daylight saving changes', () => {
    expect(parisDayStart(new Date('2026-11-21T10:00:00Z')).toISOString()).toBe('2026-11-20T23:00:00.000Z');
    expect(parisDayStart(new Date('2026-07-14T10:00:00Z'), 1).toISOString()).toBe('2026-07-14T22:00:00.000Z');
    // 23:30 UTC on 21 Nov is already 22 Nov in Paris.
    expect(parisDayStart(new Date('2026-11-21T23:30:00Z')).toISOString()).toBe('2026-11-21T23:00:00.000Z');
  });
});
