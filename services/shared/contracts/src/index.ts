// First: French validation messages for every schema below (a global zod setting).
export * from './shared/french-errors';
export * from './shared/enums';
// The BFF's rate limits (read by its configuration, named by the launcher, benches and manifests).
export { RATE_LIMIT_DEFAULTS, RATE_LIMIT_SETTINGS, unlimitedRateLimits, type RateLimitSetting } from '@popote/rules';
export * from './shared/errors';
export * from './shared/ids';
export * from './shared/envelope';
export * from './catalogue/catalogue';
export * from './catalogue/pickup';
export * from './identity/identity';
export * from './cart/cart';
export * from './ordering/ordering';
export * from './payments/payments';
export * from './payments/ads';
export * from './payments/support';
export * from './payments/promotions';
export * from './notifications/notifications';
export * from './notifications/follows';
export * from './identity/account';
export * from './identity/operators';
export * from './identity/traders';
export * from './notifications/trader-emails';
export * from './identity/moderation';
export * from './support/support';
export * from './shared/dead-letters';
export * from './shared/callers';
