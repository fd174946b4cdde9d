import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { paymentsConfig } from './config';

const prod = {
  NODE_ENV: 'production',
  STRIPE_SECRET_KEY: 'sk_live_51Abc9xYz',
  STRIPE_WEBHOOK_SECRET: 'whsec_q7Xv2pL9sK4mN8rT1wZ6yB3cF5hJ0dGa',
  STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_B4nM7qX2zL8vK3pR9tW1yC6dF0gH5jSa',
  NATS_USER: 'payments',
  NATS_PASSWORD: 'Zr8pQ2wX7vK1mT5nB9cL4hD6',
  ACTOR_VERIFY_KEY: generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }).toString(),
};

describe('payments configuration', () => {
  it('uses Stripe in production with a live key and a webhook secret of its own', () => {
    expect(paymentsConfig(prod).provider).toBe('stripe');
  });
  it('never falls back to the sandbox: no key and no explicit opt-in refuses to start', () => {
    expect(() => paymentsConfig({ NODE_ENV: 'development' })).toThrow(/no payment provider/);
    expect(paymentsConfig({ NODE_ENV: 'development', PAYMENTS_PROVIDER: 'sandbox' }).provider).toBe('sandbox');
  });
  it('refuses the sandbox in production, even asked for', () => {
    expect(() => paymentsConfig({ ...prod, PAYMENTS_PROVIDER: 'sandbox' })).toThrow(/sandbox is refused in production/);
    expect(() => paymentsConfig({ NODE_ENV: 'production', PAYMENTS_PROVIDER: 'sandbox' })).toThrow(/in production/);
  });
  it('refuses the public webhook secret, a test key and a mock API in production', () => {
    expect(() => paymentsConfig({ ...prod, STRIPE_WEBHOOK_SECRET: undefined })).toThrow(/STRIPE_WEBHOOK_SECRET is a public default/);
    expect(() => paymentsConfig({ ...prod, STRIPE_SECRET_KEY: 'sk_test_123' })).toThrow(/live key/);
    expect(() => paymentsConfig({ ...prod, STRIPE_API_BASE: 'http://127.0.0.1:12111' })).toThrow(/STRIPE_API_BASE/);
  });
  it('refuses the public Connect webhook secret in production', () => {
    expect(() => paymentsConfig({ ...prod, STRIPE_CONNECT_WEBHOOK_SECRET: undefined })).toThrow(
      /STRIPE_CONNECT_WEBHOOK_SECRET is a public default/,
    );
  });
  it('retries lost payouts every 5 minutes by default; 0 turns it off; refuses other periods than 1 s to 1 h', () => {
    const dev = { NODE_ENV: 'development', PAYMENTS_PROVIDER: 'sandbox' };
    expect(paymentsConfig(dev).PAYOUT_RETRY_MS).toBe(300_000);
    expect(paymentsConfig({ ...dev, PAYOUT_RETRY_MS: '120000' }).PAYOUT_RETRY_MS).toBe(120_000);
    expect(paymentsConfig({ ...dev, PAYOUT_RETRY_MS: '0' }).PAYOUT_RETRY_MS).toBe(0);
    for (const bad of ['500', '3600001', '-1', '1.5', 'souvent'])
      expect(() => paymentsConfig({ ...dev, PAYOUT_RETRY_MS: bad }), bad).toThrow(/PAYOUT_RETRY_MS/);
  });
  it('takes a commission between 0 and 50 %, 15 % by default, in basis points', () => {
    const dev = { NODE_ENV: 'development', PAYMENTS_PROVIDER: 'sandbox' };
    expect(paymentsConfig(dev).commissionBp).toBe(1500);
    expect(paymentsConfig({ ...dev, PLATFORM_COMMISSION_PERCENT: '12.5' }).commissionBp).toBe(1250);
    expect(paymentsConfig({ ...dev, PLATFORM_COMMISSION_PERCENT: '0' }).commissionBp).toBe(0);
    expect(() => paymentsConfig({ ...dev, PLATFORM_COMMISSION_PERCENT: '50.5' })).toThrow(/between 0 and 50/);
    expect(() => paymentsConfig({ ...dev, PLATFORM_COMMISSION_PERCENT: '-1' })).toThrow(/between 0 and 50/);
    expect(() => paymentsConfig({ ...dev, PLATFORM_COMMISSION_PERCENT: 'quinze' })).toThrow(/PLATFORM_COMMISSION_PERCENT/);
    expect(() => paymentsConfig({ ...dev, PLATFORM_COMMISSION_PERCENT: '12.345' })).toThrow(/two decimals/);
  });
  it('runs payout rounds daily by default; hourly, weekly, off or a period in ms', () => {
    const dev = { NODE_ENV: 'development', PAYMENTS_PROVIDER: 'sandbox' };
    expect(paymentsConfig(dev).payoutEveryMs).toBe(86_400_000);
    expect(paymentsConfig({ ...dev, PAYOUT_SCHEDULE: 'off' }).payoutEveryMs).toBe(0);
    expect(paymentsConfig({ ...dev, PAYOUT_SCHEDULE: '60000' }).payoutEveryMs).toBe(60_000);
    expect(() => paymentsConfig({ ...dev, PAYOUT_SCHEDULE: 'monthly' })).toThrow(/PAYOUT_SCHEDULE/);
    expect(() => paymentsConfig({ ...dev, PAYOUT_SCHEDULE: '5' })).toThrow(/PAYOUT_SCHEDULE/);
  });
});
