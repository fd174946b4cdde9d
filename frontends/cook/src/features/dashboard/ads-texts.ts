import { AD_TEXTS, ADS } from '@popote/rules';
import { formatPrice } from '@popote/ui';

/**
 * French texts of 'Mettre en avant' (ADR 0020) in the cook dashboard. The bounds and the
 * form's validation messages are those of @popote/rules (ADS, AD_FORM_MESSAGES): never written here.
 * (Kept in the cook remote for now; they belong with the other cook texts of @popote/ui/fr-cook.)
 */
export const frAds = {
  tab: 'Mises en avant',
  cta: AD_TEXTS.cta,
  soldOut: 'Ce plat est épuisé : ajoutez des portions (« Modifier ») pour pouvoir le mettre en avant.',

  // The form.
  dialogTitle: (meal: string) => `Mettre en avant « ${meal} »`,
  dialogIntro: `Votre plat apparaît parmi les premiers plats proposés aux acheteurs, avec la mention « ${AD_TEXTS.label} ».`,
  loading: 'Chargement de votre solde...',
  loadError: 'Impossible de charger votre solde pour le moment.',
  budget: 'Budget total (€)',
  budgetHint: `Par exemple 12,50 : entre ${formatPrice(ADS.budgetMinCents)} et ${formatPrice(ADS.budgetMaxCents)}.`,
  days: 'Nombre de jours',
  daysHint: `De ${ADS.daysMin} à ${ADS.daysMax} jours, à partir de maintenant.`,
  available: 'Solde disponible',
  cpm: 'Prix pour 1 000 affichages',
  daily: 'Budget par jour',
  dailyRange: (low: string, high: string) => `${low} à ${high}`,
  dailyPending: 'Indiquez le budget et le nombre de jours.',
  dailyDisplays: (count: string) => `Soit jusqu’à ${count} affichages par jour environ.`,
  howItWorks:
    'Le budget est prélevé dès maintenant sur votre solde disponible. Il est dépensé jour après jour, selon le nombre d’affichages de votre plat, sans dépasser le budget du jour. Ce qui n’est pas dépensé revient sur votre solde disponible à la fin de la mise en avant, ou quand vous l’arrêtez.',
  alreadyRunning: (end: string) =>
    `Ce plat est déjà mis en avant jusqu’au ${end}. Suivez-le ou arrêtez-le dans l’onglet « Mises en avant ».`,
  seeCampaigns: 'Voir mes mises en avant',
  submit: 'Lancer la mise en avant',
  cancel: 'Annuler',
  close: 'Fermer',
  started: (meal: string, budget: string) =>
    `« ${meal} » est mis en avant : ${budget} réservés sur votre solde. Suivez-le dans l’onglet « Mises en avant ».`,
  startError: 'Impossible de lancer la mise en avant. Réessayez dans un instant.',

  // The 'Mises en avant' tab.
  title: 'Mises en avant',
  intro: 'Vos plats mis en avant, ce qu’ils ont coûté et rapporté. Les dates sont à l’heure de Paris.',
  listLoading: 'Chargement de vos mises en avant...',
  empty: 'Aucune mise en avant pour l’instant…',
  emptyHint: 'Pour en lancer une, ouvrez l’onglet « Plats » et choisissez « Mettre en avant » sous un plat.',
  toMeals: 'Voir mes plats',
  cpmNow: (cpm: string, available: string) => `Prix actuel : ${cpm} pour 1 000 affichages · Solde disponible : ${available}`,
  columns: {
    meal: 'Plat',
    status: 'Statut',
    period: 'Période',
    budget: 'Budget',
    spent: 'Dépensé',
    refunded: 'Rendu',
    displays: 'Affichages',
    clicks: 'Clics',
    orders: 'Commandes',
    action: 'Action',
  },
  statuses: {
    active: 'En cours',
    exhausted_today: 'Budget du jour dépensé',
    stopped: 'Arrêtée',
    ended: 'Terminée',
  } as Record<string, string>,
  stoppedAt: (date: string) => `Arrêtée le ${date}`,
  notClosed: 'Rendu à la clôture',
  stop: 'Arrêter',
  confirmStop: (meal: string) =>
    `Arrêter la mise en avant de « ${meal} » ? Elle s’arrête tout de suite ; ce qui n’a pas été dépensé revient sur votre solde disponible une fois la journée comptée.`,
  stopped: (meal: string) => `Mise en avant de « ${meal} » arrêtée : le budget non dépensé reviendra sur votre solde disponible.`,
  stopError: 'Impossible d’arrêter la mise en avant',
  exportCsv: 'Télécharger le CSV',
  exportError: 'Impossible de télécharger vos mises en avant',

  // The 'Paiements' tab.
  advertising: 'Réservé pour les mises en avant',
  advertisingHint: 'Budget de vos mises en avant en cours : ce qui n’est pas dépensé revient sur votre solde disponible.',
  amountAdvertising: 'Mises en avant',
  kinds: {
    ad_reserve: 'Mise en avant : budget réservé',
    ad_spend: 'Mise en avant : dépense du jour',
    ad_release: 'Mise en avant : budget non dépensé rendu',
  } as Record<string, string>,
} as const;
