const rating = new Intl.NumberFormat('fr-FR', {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

/** Average rating with one decimal, French style: 4.5 → "4,5". */
export function formatRating(value: number): string {
  return rating.format(value);
}
