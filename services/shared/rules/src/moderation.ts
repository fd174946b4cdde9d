/**
 * Notice and action (EU Digital Services Act, Art. 16, 17 and 20; ADR 0042): the vocabulary, French
 * labels, limits and messages the services (through @popote/contracts, which re-exports them) and
 * the frontends ('Signaler', the profile's 'Décisions de modération', the operators' console) share.
 */
export const REPORT_REASONS = ['food_safety', 'undeclared_allergens', 'illegal_product', 'fraud', 'offensive', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  food_safety: 'Sécurité alimentaire',
  undeclared_allergens: 'Allergènes non déclarés',
  illegal_product: 'Produit illégal',
  fraud: 'Fraude ou arnaque',
  offensive: 'Contenu choquant ou injurieux',
  other: 'Autre',
};

export const REPORT_TARGETS = ['meal', 'review', 'cook'] as const;
export type ReportTarget = (typeof REPORT_TARGETS)[number];
export const REPORT_TARGET_LABELS: Record<ReportTarget, string> = { meal: 'Plat', review: 'Avis', cook: 'Cuisinier' };

/**
 * What an operator may decide, per kind of item. `hide_meal` withdraws the dish from every list, page
 * and cart; `remove_review` takes a review off the cook's page and out of the ratings; `suspend_cook`
 * withdraws every dish of the cook, cancels and refunds their open orders and stops them from selling.
 * Each is lifted if an appeal reverses it.
 */
export const MODERATION_ACTIONS = ['no_action', 'hide_meal', 'remove_review', 'suspend_cook'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
export const MODERATION_ACTION_LABELS: Record<ModerationAction, string> = {
  no_action: 'Aucune mesure',
  hide_meal: 'Plat retiré de la vente',
  remove_review: 'Avis retiré',
  suspend_cook: 'Compte cuisinier suspendu',
};
export const ACTIONS_BY_TARGET: Record<ReportTarget, readonly ModerationAction[]> = {
  meal: ['no_action', 'hide_meal', 'suspend_cook'],
  review: ['no_action', 'remove_review'],
  cook: ['no_action', 'suspend_cook'],
};
/** What a decision changes, and what reversing it on appeal changes back. */
export const MODERATION_EFFECTS = [
  'none',
  'hide_meal',
  'restore_meal',
  'remove_review',
  'restore_review',
  'suspend_cook',
  'reinstate_cook',
] as const;
export type ModerationEffect = (typeof MODERATION_EFFECTS)[number];
export const EFFECT_OF: Record<ModerationAction, ModerationEffect> = {
  no_action: 'none',
  hide_meal: 'hide_meal',
  remove_review: 'remove_review',
  suspend_cook: 'suspend_cook',
};
export const REVERSAL_OF: Record<ModerationAction, ModerationEffect> = {
  no_action: 'none',
  hide_meal: 'restore_meal',
  remove_review: 'restore_review',
  suspend_cook: 'reinstate_cook',
};
/** The reason an order is cancelled with when its cook is suspended (the buyer's email quotes it). */
export const SUSPENDED_COOK_CANCEL_REASON =
  'Le compte du cuisinier a été suspendu par la modération de Popote : votre commande est annulée et remboursée.';

export const APPEAL_OUTCOMES = ['upheld', 'reversed'] as const;
export type AppealOutcome = (typeof APPEAL_OUTCOMES)[number];

/** Art. 20(1): an appeal is possible for at least six months after the decision. */
export const APPEAL_WINDOW_DAYS = 183;

export const MODERATION_LIMITS = {
  explanationMin: 10,
  explanationMax: 2000,
  statementMin: 20,
  statementMax: 4000,
  appealMin: 10,
  appealMax: 4000,
  /** Open reports one reporter (account or address) may have at once: mass reporting waits for decisions. */
  openPerReporter: 20,
} as const;

export const MODERATION_MESSAGES = {
  reasonRequired: 'Choisissez un motif',
  suspended:
    'Votre compte cuisinier est suspendu : vous ne pouvez pas mettre de plat en vente. Consultez la décision et formez un recours depuis votre profil.',
  explanationMin: `Expliquez en quelques mots ce qui ne va pas (au moins ${MODERATION_LIMITS.explanationMin} caractères)`,
  explanationMax: `L’explication ne doit pas dépasser ${MODERATION_LIMITS.explanationMax} caractères`,
  emailRequired: 'Indiquez une adresse email pour être tenu informé',
  emailInvalid: 'Adresse email invalide',
  targetNotFound: 'Ce contenu est introuvable : il a peut-être déjà été retiré',
  alreadyReported: 'Vous avez déjà signalé ce contenu : il est en cours d’examen',
  tooManyOpen: 'Vous avez trop de signalements en cours d’examen : attendez qu’ils soient traités',
  reportNotFound: 'Signalement introuvable',
  alreadyDecided: 'Ce signalement a déjà été traité',
  actionNotAllowed: 'Cette mesure ne s’applique pas à ce type de contenu',
  statementMin: `La motivation doit compter au moins ${MODERATION_LIMITS.statementMin} caractères : elle est envoyée à la personne concernée`,
  statementMax: `La motivation ne doit pas dépasser ${MODERATION_LIMITS.statementMax} caractères`,
  decisionNotFound: 'Décision introuvable',
  notYours: 'Cette décision ne vous concerne pas',
  noAppeal: 'Cette décision n’a restreint aucun de vos contenus : il n’y a pas de recours à former',
  appealOnce: 'Vous avez déjà formé un recours contre cette décision',
  appealTooLate: 'Le délai de recours de six mois est dépassé',
  appealMin: `Expliquez votre recours (au moins ${MODERATION_LIMITS.appealMin} caractères)`,
  appealMax: `Le recours ne doit pas dépasser ${MODERATION_LIMITS.appealMax} caractères`,
  appealNotOpen: 'Ce recours a déjà été tranché',
  appealSameOperator: 'Un recours est tranché par un autre opérateur que l’auteur de la décision',
  operatorUnknown: 'Opérateur inconnu ou désactivé',
} as const;
