/** Campaigns run on Paris days: their dates are shown in Paris time, whatever the browser's zone. */
const parisDate = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', day: 'numeric', month: 'long', year: 'numeric' });
const parisDateTime = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'long', timeStyle: 'short' });

/** "3 mars 2026" (Paris). */
export const formatParisDate = (iso: string): string => parisDate.format(new Date(iso));

/** "3 mars 2026 à 14:05" (Paris). */
export const formatParisDateTime = (iso: string): string => parisDateTime.format(new Date(iso));

/** "3 – 10 mars 2026", "28 février – 7 mars 2026" (Paris): a campaign's days. */
export const formatPeriod = (start: string, end: string): string => parisDate.formatRange(new Date(start), new Date(end));
