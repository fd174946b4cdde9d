import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bffConfig } from './config';

const strong = 'q7Xv2pL9sK4mN8rT1wZ6yB3cF5hJ0dGa';
const keys = generateKeyPairSync('ed25519');
const prod = {
  NODE_ENV: 'production',
  AUTH_JWT_SECRET: strong,
  MINIO_ACCESS_KEY: 'popote-app-9f2c',
  MINIO_SECRET_KEY: strong,
  TRUST_PROXY: '10.0.0.0/8',
  NATS_USER: 'bff',
  NATS_PASSWORD: 'Zr8pQ2wX7vK1mT5nB9cL4hD6',
  ACTOR_SIGNING_KEY: keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  ACTOR_VERIFY_KEY: keys.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
};

describe('bff configuration in production', () => {
  it('starts with strong secrets, secure cookies and no GraphiQL', () => {
    const c = bffConfig({ ...prod, COOKIE_SECURE: 'true' });
    expect(c).toMatchObject({ COOKIE_SECURE: 'true', GRAPHIQL: 'false' });
  });
  it('refuses the public default token secret', () => {
    expect(() => bffConfig({ ...prod, AUTH_JWT_SECRET: undefined })).toThrow(/AUTH_JWT_SECRET is a public default/);
  });
  it('refuses to sign actors with the development key', () => {
    expect(() => bffConfig({ ...prod, ACTOR_SIGNING_KEY: undefined })).toThrow(/ACTOR_SIGNING_KEY is a public default/);
  });
  it('refuses GraphiQL and cookies without Secure', () => {
    expect(() => bffConfig({ ...prod, COOKIE_SECURE: 'true', GRAPHIQL: 'true' })).toThrow(/GRAPHIQL must be off in production/);
    expect(() => bffConfig({ ...prod, COOKIE_SECURE: 'false' })).toThrow(/COOKIE_SECURE must be true/);
  });
  it('refuses to guess the proxy chain (every client would share one rate limit)', () => {
    expect(() => bffConfig({ ...prod, TRUST_PROXY: undefined })).toThrow(/TRUST_PROXY must name the proxies/);
  });
  it('refuses a malformed rate limit', () => {
    expect(() => bffConfig({ NODE_ENV: 'development', RATE_LIMIT_SIGN_UP: 'lots' })).toThrow(/RATE_LIMIT_SIGN_UP/);
  });
  it('keeps GraphiQL an explicit opt-in locally', () => {
    expect(bffConfig({ NODE_ENV: 'development' }).GRAPHIQL).toBe('false');
    expect(bffConfig({ NODE_ENV: 'development', GRAPHIQL: 'true' }).GRAPHIQL).toBe('true');
  });
  it('keeps the export archives out of the public media bucket, for 7 days by default', () => {
    expect(bffConfig({ NODE_ENV: 'development' })).toMatchObject({ EXPORT_BUCKET: 'popote-exports', EXPORT_TTL_HOURS: 168 });
    expect(() => bffConfig({ NODE_ENV: 'development', EXPORT_BUCKET: 'popote-media' })).toThrow(/EXPORT_BUCKET must not be MEDIA_BUCKET/);
    expect(() => bffConfig({ NODE_ENV: 'development', EXPORT_TTL_HOURS: '0' })).toThrow(/EXPORT_TTL_HOURS/);
  });
});
