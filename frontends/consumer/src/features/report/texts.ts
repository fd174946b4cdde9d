import type { ReportTarget } from '@popote/rules';

/**
 * The French texts of 'Signaler' (notice and action, DSA Art. 16): the button on a dish, a cook and
 * a review, and its dialog. The reasons' labels and the fields' limits and messages are the
 * services' own (`REPORT_REASON_LABELS`, `MODERATION_MESSAGES`).
 */
export const reportFr = {
  button: 'Signaler',
  /** The button's accessible name: what it reports. */
  buttonLabel: { meal: 'Signaler ce plat', cook: 'Signaler ce cuisinier', review: 'Signaler cet avis' } satisfies Record<
    ReportTarget,
    string
  >,
  title: 'Signaler un contenu',
  /** What is reported, under the title. */
  subject: {
    meal: (label: string) => `Plat : ${label}`,
    cook: (label: string) => `Cuisinier : ${label}`,
    review: (label: string) => `Avis de ${label}`,
  } satisfies Record<ReportTarget, (label: string) => string>,
  legal: "Votre signalement est examiné par une personne de l'équipe Popote. Signaler de mauvaise foi peut engager votre responsabilité.",
  reason: 'Motif du signalement',
  explanation: 'Expliquez ce qui ne va pas',
  explanationHint: 'Ce que vous avez constaté, et pourquoi ce contenu vous semble illicite ou dangereux.',
  counter: (count: number, max: number) => `${count} / ${max} caractères`,
  email: 'Votre adresse email',
  emailHint: 'Pour vous envoyer l’accusé de réception, puis la suite donnée à votre signalement.',
  signedInEmail: (email: string) => `L’accusé de réception et la suite donnée vous seront envoyés à ${email}.`,
  certify: 'Je certifie que les informations de ce signalement sont exactes et complètes',
  certifyRequired: 'Cochez cette case pour certifier votre signalement',
  submit: 'Envoyer le signalement',
  cancel: 'Annuler',
  sent: 'Merci, votre signalement a été envoyé. Vous recevrez un accusé de réception par email.',
  close: 'Fermer',
  error: "Erreur lors de l'envoi du signalement. Réessayez dans un instant.",
  loading: 'Chargement du formulaire de signalement...',
} as const;
