import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { identityConfig } from './config';

describe('identity configuration in production', () => {
  it('refuses to sign tokens with the public default secret', () => {
    expect(() => identityConfig({ NODE_ENV: 'production' })).toThrow(/AUTH_JWT_SECRET is a public default/);
  });
  it('accepts a strong secret of its own', () => {
    const verify = generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const env = {
      NODE_ENV: 'production',
      AUTH_JWT_SECRET: 'q7Xv2pL9sK4mN8rT1wZ6yB3cF5hJ0dGa',
      NATS_USER: 'identity',
      NATS_PASSWORD: 'Zr8pQ2wX7vK1mT5nB9cL4hD6',
      ACTOR_VERIFY_KEY: verify,
    };
    expect(identityConfig(env).NODE_ENV).toBe('production');
  });
});
