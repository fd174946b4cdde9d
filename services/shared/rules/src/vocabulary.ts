/**
 * The fixed vocabularies of the spec: the values the services store and accept, and the
 * French labels the pages and the e-mails show. Lists follow the order the forms offer them in.
 */

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

/** An order's statuses, in the order of its life (the cook's filter lists them so). */
export const ORDER_STATUSES = ['pending', 'confirmed', 'preparing', 'ready', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  pending: 'En attente de confirmation',
  confirmed: 'Confirmée',
  preparing: 'En préparation',
  ready: 'Prête pour le retrait',
  delivered: 'Récupérée',
  cancelled: 'Annulée',
};

/** Price ranges of the meal filter (a string argument for the BFF: `10-20` is not a GraphQL enum name). */
export const PRICE_RANGES = ['under10', '10-20', '20-30', 'over30'] as const;
export type PriceRange = (typeof PRICE_RANGES)[number];
/** Half-open cent bounds [min, max) for each price range. */
export const PRICE_RANGE_BOUNDS: Readonly<Record<PriceRange, { min: number; max?: number }>> = {
  under10: { min: 0, max: 1000 },
  '10-20': { min: 1000, max: 2000 },
  '20-30': { min: 2000, max: 3000 },
  over30: { min: 3000 },
};

export const AVAILABILITY = ['available', 'today', 'tomorrow'] as const;
export type Availability = (typeof AVAILABILITY)[number];

export const USER_TYPES = ['consumer', 'cook'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** Near me (ADR 0010): the radii a buyer can filter by, in km, and the orders of the list. */
export const RADII_KM = [1, 3, 5, 10] as const;
export type RadiusKm = (typeof RADII_KM)[number];
export const MEAL_SORTS = ['recent', 'distance'] as const;
export type MealSort = (typeof MEAL_SORTS)[number];

/**
 * A cook's VAT status, printed on receipts: '' not given, 'franchise' = micro-entrepreneur under the
 * franchise en base ('TVA non applicable, art. 293 B du CGI'), or the rate (percent) charged.
 */
export const VAT_REGIMES = ['', 'franchise', '5.5', '10', '20'] as const;
export type VatRegime = (typeof VAT_REGIMES)[number];

/** French label of a category; an unknown value is shown as is. */
export function categoryLabel(value: string): string {
  return (CATEGORY_LABELS as Record<string, string>)[value] ?? value;
}

/** French label of an allergen; an unknown value is shown as is. */
export function allergenLabel(value: string): string {
  return (ALLERGEN_LABELS as Record<string, string>)[value] ?? value;
}

/** How an order is handed over: picked up at the cook's, or delivered by the cook (ADR 0044). */
export const FULFILMENT_MODES = ['pickup', 'delivery'] as const;
export type FulfilmentMode = (typeof FULFILMENT_MODES)[number];

/** A delivered order's statuses where they differ from a pick-up's (the same values, other words). */
export const DELIVERY_STATUS_LABELS: Readonly<Partial<Record<OrderStatus, string>>> = {
  ready: 'En cours de livraison',
  delivered: 'Livrée',
};

/** French label of an order status (worded for its mode); an unknown value is shown as is. */
export function orderStatusLabel(value: string, mode: FulfilmentMode = 'pickup'): string {
  if (mode === 'delivery') {
    const delivery = (DELIVERY_STATUS_LABELS as Record<string, string>)[value];
    if (delivery) return delivery;
  }
  return (ORDER_STATUS_LABELS as Record<string, string>)[value] ?? value;
}
