/**
 * French texts of the console's 'Offre de bienvenue' section (this page only). The section's label
 * in the navigation is `opsFr.sections.offer` (texts.ts). The bounds' and the reason's messages are
 * the services' own (@popote/contracts PROMOTION_ERRORS, OPERATOR_MESSAGES.reasonRequired): the form
 * says what the BFF would answer.
 */
export const offerFr = {
  title: 'Offre de bienvenue',
  lead:
    'Une réduction offerte une seule fois par acheteur, sur sa première commande payée, dès que ses plats atteignent le panier minimum. ' +
    'Elle porte sur le panier du cuisinier où il a le plus de plats ; Popote la finance : le cuisinier est payé au prix plein.',
  loading: 'Chargement de l’offre de bienvenue…',
  loadError: 'Erreur lors du chargement de l’offre de bienvenue',
  current: 'Offre en cours',
  status: 'État',
  statuses: { active: 'Active', paused: 'En pause' } as Record<string, string>,
  never: 'Jamais activée',
  neverLead: 'Aucune offre n’a encore été enregistrée : aucun acheteur n’en bénéficie.',
  value: 'Montant offert',
  minimum: 'Panier minimum',
  noMinimum: 'Aucun',
  uses: 'Premières commandes concernées',
  given: 'Réduction accordée',
  updatedAt: 'Dernière modification',
  change: 'Modifier l’offre',
  valueLabel: 'Montant offert (en euros)',
  valueHint: 'Entre 1 et 50 €, par exemple 5 ou 7,50.',
  minimumLabel: 'Panier minimum (en euros)',
  minimumHint: 'Le montant des plats à partir duquel l’offre s’applique, entre 0 et 500 € (0 : dès le premier plat).',
  amountInvalid: 'Indiquez un montant en euros, par exemple 5 ou 7,50 (deux décimales au plus)',
  valueBounds: 'L’offre de bienvenue doit être entre 1 et 50 €.',
  minimumBounds: 'Le panier minimum de l’offre doit être entre 0 et 500 €.',
  state: 'État',
  states: { active: 'Active', paused: 'En pause' },
  stateHint: 'En pause, aucune nouvelle commande n’en bénéficie ; les chiffres sont conservés.',
  reason: 'Motif (écrit dans le journal)',
  reasonHint: 'Pourquoi ce changement : il est écrit dans le journal des opérateurs avec le montant, le minimum et l’état.',
  reasonRequired: 'Le motif est obligatoire (il est écrit dans le journal)',
  reasonMax: (max: number) => `Le motif ne doit pas dépasser ${max} caractères`,
  submit: 'Enregistrer',
  saved: 'Offre de bienvenue enregistrée',
  saveError: 'Erreur lors de l’enregistrement de l’offre de bienvenue',
} as const;

/**
 * The longest reason the form sends: the journal keeps 1000 characters (@popote/contracts
 * AUDIT_REASON_MAX) and the BFF writes the offer's settings before the reason
 * ('active, 7,50 € dès 15,00 € — …'), hence room for them.
 */
export const OFFER_REASON_MAX = 900;
