const euro = new Intl.NumberFormat('fr-FR', {
  style: 'currency',
  currency: 'EUR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * Formats an amount in integer cents as French euros: 1250 → "12,50 €".
 * Money travels as cents end to end; euros exist only on screen.
 */
export function formatPrice(cents: number): string {
  if (!Number.isFinite(cents)) {
    throw new RangeError(`formatPrice expects a finite number of cents, got ${String(cents)}`);
  }
  return euro.format(Math.round(cents) / 100);
}
