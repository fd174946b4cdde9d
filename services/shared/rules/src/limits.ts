import { MAX_INGREDIENTS } from './vocabulary';

/** Business constants. */
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

/** A dish as the catalogue accepts it: the create and edit forms stop at the same bounds. */
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

/**
 * The BFF's per-client rate limits, "points/seconds", each set by the environment variable of its
 * name: the BFF's configuration reads them, the launcher, the benches and the deploy manifests
 * name them from here.
 */
export const RATE_LIMIT_DEFAULTS = {
  RATE_LIMIT_SIGN_UP: '10/3600',
  RATE_LIMIT_SIGN_IN: '30/900',
  RATE_LIMIT_CONTACT: '5/3600',
  RATE_LIMIT_UPLOAD: '60/3600',
  RATE_LIMIT_MUTATION: '120/60',
  /** 'Mot de passe oublié ?' per client address and per target address. */
  RATE_LIMIT_PASSWORD_RESET: '5/3600',
  /** 'Renvoyer l'email' and email changes, per account. */
  RATE_LIMIT_VERIFY_EMAIL: '5/3600',
  /** 'Télécharger mes données' requests, per account (each builds an archive from every service). */
  RATE_LIMIT_EXPORT: '5/86400',
  /** 'Signaler' (a dish, a review, a cook), per client address: mass reporting waits. */
  RATE_LIMIT_REPORT: '10/3600',
  /** Promo codes tried at checkout (ADR 0045), per buyer and per client address: codes are not guessed by enumeration. */
  RATE_LIMIT_PROMO_CODE: '20/600',
} as const;
export type RateLimitSetting = keyof typeof RATE_LIMIT_DEFAULTS;
export const RATE_LIMIT_SETTINGS = Object.keys(RATE_LIMIT_DEFAULTS) as RateLimitSetting[];

/** The rate limits raised out of reach (but `keep`): where one address stands for many clients (browser tests, benches). */
export const unlimitedRateLimits = (keep: RateLimitSetting[] = []): Partial<Record<RateLimitSetting, string>> =>
  Object.fromEntries(RATE_LIMIT_SETTINGS.filter((name) => !keep.includes(name)).map((name) => [name, '100000/60']));
