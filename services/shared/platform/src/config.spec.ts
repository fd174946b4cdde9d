import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEV_ACTOR_VERIFY_KEY } from './actor-assertion';
import { authConfigSchema } from './auth';
import { assertDemoDataAllowed, loadConfig, secretProblem, serviceConfigSchema } from './config';
import { mediaConfigSchema } from './media';

describe('loadConfig', () => {
  it('gives every variable a working local default', () => {
    const c = loadConfig(serviceConfigSchema('catalogue', 4102), {});
    expect(c).toMatchObject({
      SERVICE_NAME: 'catalogue',
      MONGO_DB: 'popote_catalogue',
      HTTP_PORT: 4102,
      NATS_URL: 'nats://127.0.0.1:14222',
    });
  });
  it('refuses a bad value and says which one', () => {
    expect(() => loadConfig(serviceConfigSchema('catalogue', 4102), { HTTP_PORT: 'eighty' })).toThrow(/HTTP_PORT/);
  });
});

const productionVerifyKey = generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }).toString();

describe('production secrets', () => {
  const strong = 'q7Xv2pL9sK4mN8rT1wZ6yB3cF5hJ0dGa';
  const schema = serviceConfigSchema('identity', 4101).extend(authConfigSchema.shape).extend(mediaConfigSchema.shape);
  const prod = {
    NODE_ENV: 'production',
    AUTH_JWT_SECRET: strong,
    MINIO_ACCESS_KEY: 'popote-app-9f2c',
    MINIO_SECRET_KEY: strong,
    NATS_USER: 'identity',
    NATS_PASSWORD: 'Zr8pQ2wX7vK1mT5nB9cL4hD6',
    ACTOR_VERIFY_KEY: productionVerifyKey,
  };

  it('starts in production with strong secrets of its own', () => {
    expect(loadConfig(schema, prod).AUTH_JWT_SECRET).toBe(strong);
  });
  it('refuses the public default token secret (the one in this repository)', () => {
    const { AUTH_JWT_SECRET: _, ...noSecret } = prod;
    expect(() => loadConfig(schema, noSecret)).toThrow(/Refusing to start in production[\s\S]*AUTH_JWT_SECRET is a public default/);
  });
  it('refuses a weak, short or placeholder secret, naming the variable', () => {
    expect(() => loadConfig(schema, { ...prod, AUTH_JWT_SECRET: 'a'.repeat(40) })).toThrow(/AUTH_JWT_SECRET is too predictable/);
    expect(() => loadConfig(schema, { ...prod, AUTH_JWT_SECRET: '0123456789abcdef0123456789abcdef'.slice(0, 33) })).not.toThrow();
    expect(() => loadConfig(schema, { ...prod, MINIO_SECRET_KEY: 'short-but-random-x1' })).toThrow(/MINIO_SECRET_KEY is too short/);
    expect(() => loadConfig(schema, { ...prod, AUTH_JWT_SECRET: 'please-change-me-before-going-live-2024' })).toThrow(
      /AUTH_JWT_SECRET is a public default or a placeholder/,
    );
  });
  it("refuses MinIO's root credentials of the local setup", () => {
    expect(() => loadConfig(schema, { ...prod, MINIO_ACCESS_KEY: 'popote', MINIO_SECRET_KEY: 'popote-secret-key' })).toThrow(
      /MINIO_ACCESS_KEY[\s\S]*MINIO_SECRET_KEY/,
    );
  });
  it('refuses to join NATS without a user of its own, or with a weak password', () => {
    const { NATS_USER: _u, ...noUser } = prod;
    expect(() => loadConfig(schema, noUser)).toThrow(/NATS_USER must be set in production/);
    expect(() => loadConfig(schema, { ...prod, NATS_PASSWORD: 'nats' })).toThrow(/NATS_PASSWORD is too short/);
  });
  it('refuses the development key pair of the actor assertions (its private half is in this repository)', () => {
    expect(() => loadConfig(schema, { ...prod, ACTOR_VERIFY_KEY: undefined })).toThrow(/ACTOR_VERIFY_KEY is a public default/);
    expect(() => loadConfig(schema, { ...prod, ACTOR_VERIFY_KEY: DEV_ACTOR_VERIFY_KEY.replace(/\n/g, '\\n') })).toThrow(
      /ACTOR_VERIFY_KEY is a public default/,
    );
  });
  it('keeps the local defaults outside production', () => {
    expect(() => loadConfig(schema, { NODE_ENV: 'development' })).not.toThrow();
    expect(() => loadConfig(schema, { NODE_ENV: 'test' })).not.toThrow();
  });
  it('checks a Stripe webhook secret for its prefix', () => {
    expect(secretProblem('STRIPE_WEBHOOK_SECRET', 'whsec_popote_local_development')).toMatch(/public default/);
    expect(secretProblem('STRIPE_WEBHOOK_SECRET', strong)).toMatch(/must start with whsec_/);
    expect(secretProblem('STRIPE_WEBHOOK_SECRET', `whsec_${strong}`)).toBeNull();
  });
});

describe('demo data', () => {
  it('is seeded only on explicit request, and never in production', () => {
    expect(() => assertDemoDataAllowed({ NODE_ENV: 'development' })).toThrow(/DEMO_DATA=true/);
    expect(() => assertDemoDataAllowed({ NODE_ENV: 'development', DEMO_DATA: 'true' })).not.toThrow();
    expect(() => assertDemoDataAllowed({ NODE_ENV: 'production', DEMO_DATA: 'true' })).toThrow(/production/);
  });
});
