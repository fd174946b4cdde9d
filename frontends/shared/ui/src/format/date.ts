const longDate = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** French long date: "21 novembre 2026". Accepts a Date or an ISO-8601 string. */
export function formatLongDate(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) {
    throw new RangeError(`formatLongDate expects a valid date, got ${String(value)}`);
  }
  return longDate.format(date);
}

const longDateTime = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short' });

/** French long date and time: "21 novembre 2026 à 18:30" (the browser's time zone). */
export function formatLongDateTime(value: Date | string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) {
    throw new RangeError(`formatLongDateTime expects a valid date, got ${String(value)}`);
  }
  return longDateTime.format(date);
}
