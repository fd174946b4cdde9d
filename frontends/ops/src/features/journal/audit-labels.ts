/**
 * What the audit log's codes mean, in French. The codes are written by identity
 * (services/identity/src/operators, moderation, traders); an action added there and not here yet
 * shows as its code, never as a blank.
 */
export const AUDIT_ACTIONS: Readonly<Record<string, string>> = {
  'operator.added': 'Opérateur ajouté',
  'operator.signed-in': 'Connexion',
  'operator.signed-in-with-recovery-code': 'Connexion avec un code de secours',
  'operator.sign-in-refused': 'Connexion refusée (email ou mot de passe)',
  'operator.code-refused': 'Connexion refusée (code incorrect)',
  'operator.second-factor-set': 'Double authentification activée',
  'operator.disabled': 'Opérateur désactivé',
  // Notice and action (services/identity/src/moderation): a decision by its measure, an appeal by its outcome.
  'moderation.decided.no_action': 'Signalement traité : aucune mesure',
  'moderation.decided.hide_meal': 'Signalement traité : plat retiré de la vente',
  'moderation.decided.remove_review': 'Signalement traité : avis retiré',
  'moderation.decided.suspend_cook': 'Signalement traité : compte cuisinier suspendu',
  'moderation.appeal.upheld': 'Recours rejeté (mesure maintenue)',
  'moderation.appeal.reversed': 'Recours accepté (mesure levée)',
  // Cook verification (services/identity/src/traders).
  'trader.verified': 'Vendeur vérifié',
  'trader.more-info-requested': 'Compléments demandés au vendeur',
  // Support (the console's 'Commandes'; written by the BFF before it acts): a refund, an email sent again.
  'support.refund': 'Commande remboursée par le support',
  'support.resend_email': 'Email renvoyé',
  // Dead letters (the console's 'Lettres mortes').
  'dead-letter.replay': 'Rejeu d’une lettre morte demandé',
  // The platform's first-order offer (the console's 'Offre de bienvenue', ADR 0045; written by the BFF before the change).
  'promotion.platform-offer': 'Offre de bienvenue modifiée',
};

/** The French label of an action code (the code itself when it has none yet). */
export const actionLabel = (code: string): string => AUDIT_ACTIONS[code] ?? code;

/** What a target's prefix names (`operator:op_…`). */
const TARGET_KINDS: Readonly<Record<string, string>> = {
  operator: 'Opérateur',
  meal: 'Plat',
  review: 'Avis',
  cook: 'Cuisinier',
  trader: 'Vendeur',
  order: 'Commande',
  email: 'Email',
  'dead-letter': 'Lettre morte',
};

/** Targets that are one thing of the platform's, named whole. */
const TARGETS: Readonly<Record<string, string>> = {
  'promotion:platform-first-order': 'Offre de bienvenue',
};

/** A target as read: `operator:op_12` → 'Opérateur op_12'; any other target as it is. */
export function targetLabel(target: string): string {
  const named = TARGETS[target];
  if (named) return named;
  const colon = target.indexOf(':');
  const kind = colon > 0 ? TARGET_KINDS[target.slice(0, colon)] : undefined;
  return kind ? `${kind} ${target.slice(colon + 1)}` : target;
}

const parisDateTime = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** '07/12/2026 07:59:02': an instant of the log in Paris time, to the second. */
export const formatAuditTime = (iso: string): string => parisDateTime.format(new Date(iso));

const parisParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** '2026-12-07 07:59:02': the same instant in Paris time, as spreadsheets read a date. */
export function sortableParisTime(iso: string): string {
  const part = Object.fromEntries(parisParts.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${part['year']}-${part['month']}-${part['day']} ${part['hour']}:${part['minute']}:${part['second']}`;
}
