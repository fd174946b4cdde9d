/*
 * Dates of the console's moderation and verification pages, in Paris time whatever the browser's
 * zone (where the decisions are taken and the deadlines run).
 */
const parisDateTime = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

const parisDate = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', day: 'numeric', month: 'long', year: 'numeric' });

/** '07/12/2026 08:59': an instant in Paris time, to the minute. */
export const formatParisDateTime = (iso: string): string => parisDateTime.format(new Date(iso));

/** '7 décembre 2026': a day in Paris. */
export const formatParisDate = (iso: string): string => parisDate.format(new Date(iso));
