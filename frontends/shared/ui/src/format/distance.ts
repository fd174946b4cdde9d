const km1 = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const km0 = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });

/**
 * A distance between two commune centres, in metres, as French text: 0 → "dans votre commune",
 * 2 412 → "à 2,4 km", 12 800 → "à 13 km". Commune centres only: never more precise than that.
 */
export function formatDistance(metres: number): string {
  if (!Number.isFinite(metres) || metres < 0) throw new RangeError(`formatDistance expects metres, got ${String(metres)}`);
  if (metres < 50) return 'dans votre commune';
  const km = metres / 1000;
  // U+202F (narrow no-break space) would be the typographers' choice; a no-break space keeps "km" on the line.
  return `à ${km < 10 ? km1.format(km) : km0.format(km)}\u00a0km`;
}
