import type { Allergen, Availability, Category, OrderStatus } from '@popote/graphql';

/**
 * The fixed vocabularies of the spec (§5, §9) as the frontends show them. The values are the
 * BFF schema's enums (generated types from bff/schema.graphql): a value added to an enum fails
 * the type check here until it has its French label. Lists follow the labels' order.
 * The services enforce the same lists and limits on their side; vocabulary.spec.ts checks that
 * the two agree.
 */
export const CATEGORY_LABELS: Readonly<Record<Category, string>> = {
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
export const CATEGORIES = Object.keys(CATEGORY_LABELS) as Category[];

/** The 14 allergens of EU regulation 1169/2011, annex II. */
export const ALLERGEN_LABELS: Readonly<Record<Allergen, string>> = {
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
export const ALLERGENS = Object.keys(ALLERGEN_LABELS) as Allergen[];

/** An order's statuses, in the order of its life (the cook's filter lists them so). */
export const ORDER_STATUSES: readonly OrderStatus[] = ['pending', 'confirmed', 'preparing', 'ready', 'delivered', 'cancelled'];

export const AVAILABILITY: readonly Availability[] = ['available', 'today', 'tomorrow'];

/** Price ranges of the meal filter (a string argument: `10-20` is not a GraphQL enum name). */
export const PRICE_RANGES = ['under10', '10-20', '20-30', 'over30'] as const;
export type PriceRange = (typeof PRICE_RANGES)[number];

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

/** French label of a category; an unknown value is shown as is. */
export function categoryLabel(value: string): string {
  return (CATEGORY_LABELS as Record<string, string>)[value] ?? value;
}

/** French label of an allergen; an unknown value is shown as is. */
export function allergenLabel(value: string): string {
  return (ALLERGEN_LABELS as Record<string, string>)[value] ?? value;
}

/**
 * VAT status of a cook (issue 16): '' not stated, 'franchise' (micro-entrepreneur: 'TVA non
 * applicable, art. 293 B du CGI'), or the rate charged, in percent.
 */
export const VAT_REGIMES = ['', 'franchise', '5.5', '10', '20'] as const;
export type VatRegime = (typeof VAT_REGIMES)[number];

/**
 * The form's check of a SIRET, the same rule identity applies (vocabulary.spec.ts compares them):
 * 14 digits with a Luhn key (La Poste's establishments, SIREN 356000000: digit sum multiple of 5).
 */
export function isValidSiret(value: string): boolean {
  if (!/^\d{14}$/.test(value)) return false;
  const digits = [...value].map(Number);
  if (value.startsWith('356000000')) return digits.reduce((s, d) => s + d, 0) % 5 === 0;
  return digits.reduce((s, d, i) => s + (i % 2 === 0 ? (d * 2 > 9 ? d * 2 - 9 : d * 2) : d), 0) % 10 === 0;
}
