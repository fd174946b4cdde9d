import { describe, expect, it } from 'vitest';
import { identityConfig } from './config';

describe('identity configuration in production', () => {
  it('refuses to sign tokens with the public default secret', () => {
    expect(() => identityConfig({ NODE_ENV: 'production' })).toThrow(/AUTH_JWT_SECRET is a public default/);
  });
  it('accepts a strong secret of its own', () => {
    expect(identityConfig({ NODE_ENV: 'production', AUTH_JWT_SECRET: 'q7Xv2pL9sK4mN8rT1wZ6yB3cF5hJ0dGa' }).NODE_ENV).toBe('production');
  });
});
