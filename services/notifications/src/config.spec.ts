import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { notificationsConfig } from './config';

const production = {
  NODE_ENV: 'production',
  NATS_USER: 'notifications',
  NATS_PASSWORD: 'Zr8pQ2wX7vK1mT5nB9cL4hD6',
  ACTOR_VERIFY_KEY: generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  MONGO_URL: 'mongodb://db.internal:27017',
};

describe('notifications config', () => {
  it('builds account links on the local shell by default, without a trailing slash', () => {
    expect(notificationsConfig({}).PUBLIC_URL).toBe('http://127.0.0.1:3000');
    expect(notificationsConfig({ PUBLIC_URL: 'https://popote.fr/' }).PUBLIC_URL).toBe('https://popote.fr');
  });

  it('refuses to start in production without PUBLIC_URL (links are never built from a request)', () => {
    expect(() => notificationsConfig(production)).toThrow(/PUBLIC_URL must be the https address of the site/);
    expect(() => notificationsConfig({ ...production, PUBLIC_URL: 'http://popote.fr' })).toThrow(/https/);
    expect(notificationsConfig({ ...production, PUBLIC_URL: 'https://popote.fr' }).PUBLIC_URL).toBe('https://popote.fr');
  });

  it('states the retention periods of the privacy page by default, and refuses nonsense at startup', () => {
    const c = notificationsConfig({});
    expect([c.CONTACT_RETENTION_DAYS, c.EMAIL_LOG_RETENTION_DAYS]).toEqual([1095, 365]);
    expect(notificationsConfig({ EMAIL_LOG_RETENTION_DAYS: '90' }).EMAIL_LOG_RETENTION_DAYS).toBe(90);
    for (const bad of [{ CONTACT_RETENTION_DAYS: 'trois ans' }, { EMAIL_LOG_RETENTION_DAYS: '0' }, { RETENTION_PURGE_INTERVAL_MS: '10' }])
      expect(() => notificationsConfig(bad)).toThrow(/Invalid configuration/);
  });
});
