/** Lower case, accents removed: "Bœuf à l'étouffée" → "boeuf a l'etouffee". */
export function normalizeSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

export function searchTextOf(meal: { name: string; description: string; ingredients: string[] }): string {
  return normalizeSearch([meal.name, meal.description, ...meal.ingredients].join(' '));
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every word of the query must appear (in any order). */
export function searchClauses(q: string): { search_text: { $regex: string } }[] {
  return normalizeSearch(q)
    .split(' ')
    .filter(Boolean)
    .slice(0, 8)
    .map((w) => ({ search_text: { $regex: escapeRegex(w) } }));
}

/** Start of the day `offsetDays` from now, in Paris (where the cooks and neighbours are). */
export function parisDayStart(now: Date, offsetDays = 0): Date {
  const fmt = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' });
  const [y, m, d] = fmt.format(now).split('-').map(Number);
  // Midnight Paris time = midnight UTC minus Paris's offset on that day.
  const utcMidnight = Date.UTC(y, m - 1, d + offsetDays);
  const offsetMin = parisOffsetMinutes(new Date(utcMidnight));
  return new Date(utcMidnight - offsetMin * 60_000);
}

function parisOffsetMinutes(at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Paris', timeZoneName: 'shortOffset' }).formatToParts(at);
  const tz = parts.find((p) => p.type === 'timeZoneName')?.value ?? 'GMT+1';
  const m = /GMT([+-]\d+)(?::(\d+))?/.exec(tz);
  return m ? Number(m[1]) * 60 + Math.sign(Number(m[1])) * Number(m[2] ?? 0) : 60;
}
