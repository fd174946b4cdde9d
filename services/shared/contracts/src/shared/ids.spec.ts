import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ID_MESSAGES, idSchema, isId } from './ids';

describe('ids: the one shape of every id', () => {
  it('takes every kind of id the product makes', () => {
    const orderId = 'a3f1c9e07b2d4e6f8a9b0c1d'; // sha256 hex, 24 (orderIdOf)
    for (const id of [
      randomUUID(),
      orderId,
      `${orderId}-2`,
      'demo-meal-bowl',
      'demo-cook-lucas',
      randomBytes(24).toString('base64url'),
      'po_1Nx2',
    ]) {
      expect(isId(id), id).toBe(true);
      expect(idSchema.parse(id)).toBe(id);
    }
  });

  it('refuses what names nothing, in French', () => {
    for (const value of [
      '',
      ' ',
      'x'.repeat(65),
      'x'.repeat(10 * 1024),
      '../../etc/passwd',
      'a.b',
      'orders.>',
      '*',
      'a b',
      'é',
      '\u0000',
      42,
      null,
      { $gt: '' },
    ]) {
      expect(isId(value), JSON.stringify(value)).toBe(false);
      const parsed = idSchema.safeParse(value);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0].message).toBe(ID_MESSAGES.invalid);
    }
  });
});
