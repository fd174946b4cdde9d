// First: French validation messages for every schema below (a global zod setting).
export * from './french-errors';
export * from './enums';
// The BFF's rate limits (read by its configuration, named by the launcher, benches and manifests).
export { RATE_LIMIT_DEFAULTS, RATE_LIMIT_SETTINGS, unlimitedRateLimits, type RateLimitSetting } from '@popote/rules';
export * from './errors';
export * from './ids';
export * from './envelope';
export * from './catalogue';
export * from './pickup';
export * from './identity';
export * from './cart';
export * from './ordering';
export * from './payments';
export * from './ads';
export * from './notifications';
export * from './follows';
export * from './account';
export * from './callers';
