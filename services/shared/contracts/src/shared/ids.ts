import { z } from 'zod';

/**
 * What every id of the product looks like: UUIDs, the hex order ids, the demo data's
 * `demo-meal-bowl`, random base64url names. Anything else (10 KB of text, `../../etc/passwd`, a
 * dot, a space) names nothing: it is refused where it enters, before it becomes a lock key, a
 * database filter or a cache key.
 */
export const ID_MAX_LENGTH = 64;
const ID_PATTERN = /^[A-Za-z0-9_-]+$/;

export const ID_MESSAGES = {
  invalid: 'Identifiant invalide',
} as const;

export const idSchema = z
  .string({ message: ID_MESSAGES.invalid })
  .min(1, ID_MESSAGES.invalid)
  .max(ID_MAX_LENGTH, ID_MESSAGES.invalid)
  .regex(ID_PATTERN, ID_MESSAGES.invalid);

/** Whether a value is an id of the product's shape (it may still name nothing). */
export const isId = (value: unknown): value is string =>
  typeof value === 'string' && value.length >= 1 && value.length <= ID_MAX_LENGTH && ID_PATTERN.test(value);
