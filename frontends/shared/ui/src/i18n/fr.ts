/**
 * French interface texts shared by the shell and the remotes.
 * Quoted texts come from the product specification; keep them verbatim.
 */
export const fr = {
  brand: 'Popote',
  common: {
    loading: 'Chargement...',
    retry: 'Réessayer',
    backHome: "Retour à l'accueil",
    genericError: 'Une erreur est survenue',
    skipToContent: 'Aller au contenu',
  },
  nav: {
    searchPlaceholder: 'Rechercher des plats...',
    searchLabel: 'Rechercher des plats',
    searchSubmit: 'Rechercher',
    browseMeals: 'Parcourir les plats',
    signIn: 'Connexion',
    menu: 'Menu',
    mainNavigation: 'Navigation principale',
  },
  footer: {
    tagline: 'Des plats faits maison, cuisinés par vos voisins.',
    becomeCook: 'Devenir cuisinier',
    browseMeals: 'Parcourir les plats',
    navigation: 'Liens du pied de page',
  },
  home: {
    title: 'Des plats faits maison, près de chez vous',
    lead: 'Commandez les bons petits plats de cuisiniers de votre quartier, puis récupérez-les quand vous voulez.',
    exploreMeals: 'Découvrir les plats',
    startCooking: 'Commencer à cuisiner',
  },
  auth: {
    title: 'Connexion',
    comingSoon: 'La création de compte arrive bientôt.',
  },
  notFound: {
    title: 'Page introuvable',
    body: "La page que vous cherchez n'existe pas ou a été déplacée.",
  },
  remote: {
    unavailable: 'Cette partie du site est momentanément indisponible.',
  },
  meal: {
    soldOut: 'Épuisé',
    byCook: (cookName: string) => `par ${cookName}`,
    fewLeft: (count: number) => `Plus que ${count} disponible${count > 1 ? 's' : ''}`,
    preparation: (minutes: number) => `${minutes} min`,
    preparationPrefix: 'Préparation :',
    ratingPrefix: 'Note moyenne :',
    ratingOutOf: 'sur 5',
    reviews: (count: number) => `(${count} avis)`,
    noRating: 'Nouveau',
  },
  meals: {
    title: 'Plats disponibles',
    loading: 'Chargement des plats...',
    empty: 'Aucun plat disponible pour le moment.',
    loadError: 'Impossible de charger les plats. Vérifiez votre connexion puis réessayez.',
    loadMore: 'Voir plus',
    loadMoreError: 'Impossible de charger plus de plats.',
    searchResults: (query: string) => `Résultats pour « ${query} »`,
    searchNoMatch: (query: string) => `Aucun plat chargé ne correspond à « ${query} ».`,
    clearSearch: 'Effacer la recherche',
  },
  cook: {
    dashboardTitle: 'Tableau de bord',
    dashboardIntro:
      'Bientôt ici : vos plats, vos commandes et vos statistiques de cuisinier.',
  },
} as const;

export type FrenchTexts = typeof fr;
