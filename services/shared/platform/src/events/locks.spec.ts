import { describe, expect, it } from 'vitest';
import { lockKey } from './locks';

/** What the NATS KV client and server take as the last part of `$KV.<bucket>.<key>`. */
const validBucketKey = (k: string) =>
  /^[-/=.\w]+$/.test(k) && !k.startsWith('.') && !k.endsWith('.') && !k.includes('..') && k.length <= 256;

describe('lockKey: the bucket key of a lock', () => {
  it("keeps the documents' keys as they always were (replicas of two versions must take the same lock)", () => {
    expect(lockKey('orders:8f14e45fceea167a5a36dedd')).toBe('orders_8f14e45fceea167a5a36dedd');
    expect(lockKey('checkouts:0b6a3c4e-2f5d-4c1e-9a8b-7d6e5f4a3b2c')).toBe('checkouts_0b6a3c4e-2f5d-4c1e-9a8b-7d6e5f4a3b2c');
    expect(lockKey('cart.demo-consumer-claire')).toBe('cart.demo-consumer-claire');
    expect(lockKey('cook:demo-cook-lucas')).toBe('cook_demo-cook-lucas');
  });

  it('gives a valid, short key whatever the id holds, and distinct ids distinct keys', () => {
    const hostile = [
      `orders:${'x'.repeat(10 * 1024)}`,
      `orders:${'x'.repeat(10 * 1024 + 1)}`,
      'orders:../../etc/passwd',
      'orders:..',
      'orders:.',
      'cart.',
      '.cart',
      'orders:>',
      'orders:*',
      'orders:a b',
      'orders:\u0000',
      'orders:‮evil',
      '',
    ];
    for (const key of hostile) expect(validBucketKey(lockKey(key)), JSON.stringify(key.slice(0, 30))).toBe(true);
    const hashed = hostile.filter((k) => lockKey(k).startsWith('sha256_'));
    expect(new Set(hashed.map(lockKey)).size).toBe(hashed.length);
    expect(hashed).toEqual(expect.arrayContaining([hostile[0], hostile[1], 'orders:../../etc/passwd', 'orders:..', 'cart.', '.cart']));
  });
});
