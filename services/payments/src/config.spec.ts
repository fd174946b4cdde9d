import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { paymentsConfig } from './config';

const prod = {
  NODE_ENV: 'production',
  STRIPE_SECRET_KEY: 'sk_live_51Abc9xYz',
  STRIPE_WEBHOOK_SECRET: 'whsec_q7Xv2pL9sK4mN8rT1wZ6yB3cF5hJ0dGa',
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
});
