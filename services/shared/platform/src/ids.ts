import { createHash } from 'node:crypto';

/**
 * Deterministic order ids: the same checkout and cook always give the same order id, so a paid
 * checkout announced twice makes its orders once, and payments knows which orders to expect.
 */
export const orderIdOf = (checkoutId: string, cookId: string): string =>
  createHash('sha256').update(`${checkoutId}:${cookId}`).digest('hex').slice(0, 24);
