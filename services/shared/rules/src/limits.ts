import { MAX_INGREDIENTS } from './vocabulary';

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
  usernameMax: 30,
  passwordMin: 6,
  experienceYearsMax: 80,
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

/** The contact form's texts, as notifications accepts them. */
export const CONTACT_LIMITS = { name: 120, subject: 200, message: 5000 } as const;

/** A dish as the catalogue accepts it (spec §5): the create and edit forms stop at the same bounds. */
export const MEAL_LIMITS = {
  name: 120,
  /** The description and every optional text (cooking details, storage...). */
  text: 2000,
  priceMaxCents: 100_000,
  portionsMax: 1000,
  /** Minutes. */
  preparationMax: 10_000,
  ingredientsMax: MAX_INGREDIENTS,
} as const;
