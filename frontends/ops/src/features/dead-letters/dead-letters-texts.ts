/**
 * French texts of the console's 'Lettres mortes' section (this page only). The section's label in
 * the navigation is `opsFr.sections.deadLetters` (texts.ts), 'Lettres mortes' like the title here.
 */
export const deadLettersFr = {
  title: 'Lettres mortes',
  lead:
    'Les événements qu’un consommateur a abandonnés après ses essais, par service et par consommateur, du plus ancien au plus récent. ' +
    'Corrigez d’abord la cause, puis rejouez-les : le consommateur du service traite l’événement d’origine une nouvelle fois, les autres ne le reçoivent pas.',
  loading: 'Chargement des lettres mortes…',
  loadError: 'Erreur lors du chargement des lettres mortes',
  empty: 'Aucune lettre morte',
  emptyLead: 'Les six services ont répondu : aucun événement n’attend d’être rejoué.',
  count: (n: number) => `${n} lettre${n > 1 ? 's' : ''} morte${n > 1 ? 's' : ''}`,
  more: (shown: number) => `Seules les ${shown} plus anciennes sont affichées : rejouez-les ou consultez ./popote dlq pour les suivantes.`,
  /** The services that answered with none, when others have some. */
  noneIn: (services: readonly string[]) => `Aucune lettre morte : ${services.join(', ')}.`,
  caption: (service: string) => `Lettres mortes de ${service}`,
  columns: {
    durable: 'Consommateur',
    seq: 'N°',
    event: 'Événement',
    reason: 'Raison de l’abandon',
    at: 'Date (heure de Paris)',
    action: 'Rejeu',
  },
  notAnEvent: 'Pas une enveloppe d’événement',
  original: (subject: string | null, seq: number | null) =>
    subject && seq !== null ? `${subject}, EVENTS n° ${seq}` : 'Aucun original désigné',
  replay: 'Rejouer',
  /** The rest of the button's name, read by screen readers only: which letter it replays. */
  replayWhat: (seq: number, durable: string) => ` la lettre n° ${seq} de ${durable}`,
  reason: 'Motif du rejeu',
  reasonHint: 'Écrit dans le journal des opérateurs avant le rejeu : ce qui a été corrigé, et pourquoi rejouer.',
  reasonRequired: 'Le motif est obligatoire (il est écrit dans le journal)',
  reasonMax: (max: number) => `Le motif ne doit pas dépasser ${max} caractères`,
  confirm: 'Rejouer la lettre',
  cancel: 'Annuler',
  replayed: (seq: number, durable: string) => `Lettre n° ${seq} rejouée : ${durable} a traité l’événement, elle a quitté la file.`,
  replayedWithNote: (seq: number, why: string) => `Lettre n° ${seq} rejouée. ${why}`,
  refused: (why: string) => `Rejeu refusé, la lettre reste dans la file : ${why}`,
  replayError: 'Erreur lors du rejeu de la lettre',
} as const;

/** The longest reason the journal keeps (@popote/contracts AUDIT_REASON_MAX). */
export const REPLAY_REASON_MAX = 1000;
