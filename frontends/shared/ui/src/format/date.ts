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

/** Pick-up slots are at the cook's, in Paris: shown in Paris time whatever the browser's zone. */
const slotDay = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', weekday: 'long', day: 'numeric', month: 'long' });
const slotTime = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit' });

/** "mardi 13 janvier" (Paris). */
export function formatSlotDay(start: string): string {
  return slotDay.format(new Date(start));
}

/** "Mardi 13 janvier" (Paris), for a heading. */
export function formatSlotDayTitle(start: string): string {
  const day = formatSlotDay(start);
  return day.charAt(0).toUpperCase() + day.slice(1);
}

/** "18:00–18:30" (Paris). */
export function formatSlotTime(start: string, end: string): string {
  return `${slotTime.format(new Date(start))}–${slotTime.format(new Date(end))}`;
}

/** "mardi 13 janvier, 18:00–18:30" (Paris). */
export function formatSlot(start: string, end: string): string {
  return `${formatSlotDay(start)}, ${formatSlotTime(start, end)}`;
}

const clockTime = new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit' });

/** "18:42" (the browser's time zone): a time within the next minutes, such as a reservation's end. */
export function formatClockTime(value: Date | string): string {
  return clockTime.format(typeof value === 'string' ? new Date(value) : value);
}
