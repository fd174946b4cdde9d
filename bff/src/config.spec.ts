import { describe, expect, it } from 'vitest';
import { bffConfig } from './config';

const strong = 'q7Xv2pL9sK4mN8rT1wZ6yB3cF5hJ0dGa';
const prod = { NODE_ENV: 'production', AUTH_JWT_SECRET: strong, MINIO_ACCESS_KEY: 'popote-app-9f2c', MINIO_SECRET_KEY: strong };

describe('bff configuration in production', () => {
  it('starts with strong secrets, secure cookies and no GraphiQL', () => {
    const c = bffConfig({ ...prod, COOKIE_SECURE: 'true' });
    expect(c).toMatchObject({ COOKIE_SECURE: 'true', GRAPHIQL: 'false' });
  });
  it('refuses the public default token secret', () => {
    expect(() => bffConfig({ ...prod, AUTH_JWT_SECRET: undefined })).toThrow(/AUTH_JWT_SECRET is a public default/);
  });
  it('refuses GraphiQL and cookies without Secure', () => {
    expect(() => bffConfig({ ...prod, COOKIE_SECURE: 'true', GRAPHIQL: 'true' })).toThrow(/GRAPHIQL must be off in production/);
    expect(() => bffConfig({ ...prod, COOKIE_SECURE: 'false' })).toThrow(/COOKIE_SECURE must be true/);
  });
  it('keeps GraphiQL an explicit opt-in locally', () => {
    expect(bffConfig({ NODE_ENV: 'development' }).GRAPHIQL).toBe('false');
    expect(bffConfig({ NODE_ENV: 'development', GRAPHIQL: 'true' }).GRAPHIQL).toBe('true');
  });
});
