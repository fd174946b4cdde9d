/** Fixed vocabularies of the spec (§5, §9). Values are stored; labels are shown (French). */

export const CATEGORIES = [
  'french',
  'italian',
  'asian',
  'mexican',
  'indian',
  'mediterranean',
  'japanese',
  'thai',
  'lebanese',
  'vegan',
  'vegetarian',
  'healthy',
  'dessert',
] as const;
export type Category = (typeof CATEGORIES)[number];
export const CATEGORY_LABELS: Record<Category, string> = {
  french: 'Française',
  italian: 'Italienne',
  asian: 'Asiatique',
  mexican: 'Mexicaine',
  indian: 'Indienne',
  mediterranean: 'Méditerranéenne',
  japanese: 'Japonaise',
  thai: 'Thaïlandaise',
  lebanese: 'Libanaise',
  vegan: 'Végane',
  vegetarian: 'Végétarienne',
  healthy: 'Équilibrée',
  dessert: 'Desserts',
};

/** The 44 ingredient choices of the create-meal form (max 40 per meal). */
export const INGREDIENTS = [
  'Ail',
  'Oignon',
  'Échalote',
  'Tomate',
  'Carotte',
  'Pomme de terre',
  'Courgette',
  'Aubergine',
  'Poivron',
  'Champignons',
  'Épinards',
  'Poireau',
  'Haricots verts',
  'Pois chiches',
  'Lentilles',
  'Riz',
  'Pâtes',
  'Semoule',
  'Farine',
  'Pain',
  'Œufs',
  'Lait',
  'Beurre',
  'Crème fraîche',
  'Fromage',
  'Poulet',
  'Bœuf',
  'Agneau',
  'Porc',
  'Canard',
  'Saumon',
  'Cabillaud',
  'Crevettes',
  'Tofu',
  "Huile d'olive",
  'Citron',
  'Gingembre',
  'Curry',
  'Cumin',
  'Herbes de Provence',
  'Coriandre',
  'Basilic',
  'Lait de coco',
  'Chocolat',
] as const;
export type Ingredient = (typeof INGREDIENTS)[number];
export const MAX_INGREDIENTS = 40;

/** The 14 allergens of EU regulation 1169/2011, annex II. */
export const ALLERGENS = [
  'gluten',
  'crustaceans',
  'eggs',
  'fish',
  'peanuts',
  'soybeans',
  'milk',
  'nuts',
  'celery',
  'mustard',
  'sesame',
  'sulphites',
  'lupin',
  'molluscs',
] as const;
export type Allergen = (typeof ALLERGENS)[number];
export const ALLERGEN_LABELS: Record<Allergen, string> = {
  gluten: 'Gluten',
  crustaceans: 'Crustacés',
  eggs: 'Œufs',
  fish: 'Poissons',
  peanuts: 'Arachides',
  soybeans: 'Soja',
  milk: 'Lait',
  nuts: 'Fruits à coque',
  celery: 'Céleri',
  mustard: 'Moutarde',
  sesame: 'Graines de sésame',
  sulphites: 'Anhydride sulfureux et sulfites',
  lupin: 'Lupin',
  molluscs: 'Mollusques',
};

export const ORDER_STATUSES = ['pending', 'confirmed', 'preparing', 'ready', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'En attente de confirmation',
  confirmed: 'Confirmée',
  preparing: 'En préparation',
  ready: 'Prête pour le retrait',
  delivered: 'Récupérée',
  cancelled: 'Annulée',
};

export const PRICE_RANGES = ['under10', '10-20', '20-30', 'over30'] as const;
export type PriceRange = (typeof PRICE_RANGES)[number];
/** Half-open cent bounds [min, max) for each price range. */
export const PRICE_RANGE_BOUNDS: Record<PriceRange, { min: number; max?: number }> = {
  under10: { min: 0, max: 1000 },
  '10-20': { min: 1000, max: 2000 },
  '20-30': { min: 2000, max: 3000 },
  over30: { min: 3000 },
};

export const AVAILABILITY = ['available', 'today', 'tomorrow'] as const;
export type Availability = (typeof AVAILABILITY)[number];

export const USER_TYPES = ['consumer', 'cook'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** Business constants (spec §9). */
export const LIMITS = {
  featuredMeals: 3,
  popularCooks: 3,
  mealPageSize: 20,
  maxMealPageSize: 50,
  dashboardRecent: 5,
  lowStockCard: 3,
  lowStockFeatured: 5,
  imageMaxBytes: 5 * 1024 * 1024,
  usernameMin: 3,
  passwordMin: 6,
} as const;

/** Longest free texts the services accept (the forms stop at the same lengths). */
export const TEXT_LIMITS = {
  personName: 200,
  location: 200,
  bio: 1000,
  avatarUrl: 500,
  /** One item of a cook-profile list (specialties...), and items per list. */
  listItem: 80,
  listItems: 30,
  cancelReason: 300,
  reviewComment: 1000,
} as const;

/**
 * A cook's VAT status, printed on receipts: '' not given, 'franchise' = micro-entrepreneur under the
 * franchise en base ('TVA non applicable, art. 293 B du CGI'), or the rate (percent) charged.
 */
export const VAT_REGIMES = ['', 'franchise', '5.5', '10', '20'] as const;
export type VatRegime = (typeof VAT_REGIMES)[number];

/** SIRET: 14 digits whose Luhn sum is a multiple of 10 (La Poste's establishments, SIREN 356000000: digit sum multiple of 5). */
export function isValidSiret(value: string): boolean {
  if (!/^\d{14}$/.test(value)) return false;
  if (value.startsWith('356000000')) return [...value].reduce((s, d) => s + Number(d), 0) % 5 === 0;
  const sum = [...value].reduce((s, ch, i) => {
    let d = Number(ch);
    if (i % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    return s + d;
  }, 0);
  return sum % 10 === 0;
}
