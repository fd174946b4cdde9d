import { describe, expect, it } from 'vitest';
import { communes, normalizeName } from './communes';
import { haversineMetres } from './distance';

describe('haversine', () => {
  it('is zero for the same point and symmetric', () => {
    const lyon = { lat: 45.764, lon: 4.8357 };
    expect(haversineMetres(lyon, lyon)).toBe(0);
    const paris = { lat: 48.8566, lon: 2.3522 };
    expect(haversineMetres(lyon, paris)).toBe(haversineMetres(paris, lyon));
  });

  it('matches known great-circle distances', () => {
    // Paris (Notre-Dame) – Lyon (Bellecour): 392 km as the crow flies.
    const km = haversineMetres({ lat: 48.853, lon: 2.3499 }, { lat: 45.7578, lon: 4.832 }) / 1000;
    expect(km).toBeGreaterThan(390);
    expect(km).toBeLessThan(394);
    // One degree of latitude is ≈ 111.2 km anywhere.
    expect(haversineMetres({ lat: 45, lon: 5 }, { lat: 46, lon: 5 })).toBeCloseTo(111_195, -2);
  });
});

describe('communes', async () => {
  const index = await communes();

  it('loads every current commune and the arrondissements of Paris, Lyon and Marseille', () => {
    expect(index.size).toBeGreaterThan(34_000);
    expect(index.byInsee('69381')?.name).toBe('Lyon 1er Arrondissement');
    expect(index.byInsee('75056')?.name).toBe('Paris');
  });

  it('finds the communes of a postcode', () => {
    expect(index.ofPostcode('69001').map((c) => c.code)).toContain('69381');
    expect(index.ofPostcode('69100').map((c) => c.name)).toEqual(['Villeurbanne']);
    expect(index.ofPostcode('00000')).toEqual([]);
    expect(index.ofPostcode('99999')).toEqual([]);
  });

  it('searches names by prefix, ignoring accents, case, hyphens and "St"', () => {
    expect(normalizeName('Saint-Étienne')).toBe('saint etienne');
    expect(index.search('st etienne')[0].name).toBe('Saint-Étienne');
    expect(index.search('SAINT ÉTIENNE')[0].name).toBe('Saint-Étienne');
    expect(index.search('villeurb').map((c) => c.name)).toEqual(['Villeurbanne']);
    expect(index.search('lyon 1').map((c) => c.code)).toContain('69381');
    expect(index.search('evry')[0].name).toMatch(/^Évry/);
    expect(index.search('zzzz')).toEqual([]);
    expect(index.search('l')).toEqual([]); // too short to mean anything
  });

  it('searches postcodes by their start, most populous first', () => {
    const found = index.search('6900', 20).map((c) => c.code);
    expect(found).toEqual(expect.arrayContaining(['69123', '69381', '69389']));
    expect(found[0]).toBe('69123'); // Lyon itself, then its arrondissements
  });

  it('gives known communes a centre, and distances between them', () => {
    const lyon1 = index.byInsee('69381')!;
    const lyon7 = index.byInsee('69387')!;
    const villeurbanne = index.byInsee('69266')!;
    for (const c of [lyon1, lyon7, villeurbanne]) {
      expect(c.lat).not.toBeNull();
      expect(c.approximate).toBe(false);
    }
    const d = (a: typeof lyon1, b: typeof lyon1) => haversineMetres({ lat: a.lat!, lon: a.lon! }, { lat: b.lat!, lon: b.lon! }) / 1000;
    expect(d(lyon1, lyon7)).toBeGreaterThan(1.5);
    expect(d(lyon1, lyon7)).toBeLessThan(4);
    expect(d(lyon1, villeurbanne)).toBeGreaterThan(2);
    expect(d(lyon1, villeurbanne)).toBeLessThan(6);
    const marseille = index.search('marseille')[0];
    expect(d(lyon1, marseille)).toBeGreaterThan(270);
    expect(d(lyon1, marseille)).toBeLessThan(285);
  });
});
