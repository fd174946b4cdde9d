import { createECDH, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEV_VAPID_PRIVATE_KEY, DEV_VAPID_PUBLIC_KEY, notificationsConfig } from './config';

/** A VAPID key pair as `web-push generate-vapid-keys` gives it (base64url). */
const vapidPair = () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { VAPID_PUBLIC_KEY: ecdh.getPublicKey('base64url'), VAPID_PRIVATE_KEY: ecdh.getPrivateKey('base64url') };
};

const production = {
  NODE_ENV: 'production',
  NATS_USER: 'notifications',
  NATS_PASSWORD: 'Zr8pQ2wX7vK1mT5nB9cL4hD6',
  ACTOR_VERIFY_KEY: generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  MONGO_URL: 'mongodb://db.internal:27017',
  PUBLIC_URL: 'https://popote.fr',
  ...vapidPair(),
};

describe('notifications config', () => {
  it('builds account links on the local shell by default, without a trailing slash', () => {
    expect(notificationsConfig({}).PUBLIC_URL).toBe('http://127.0.0.1:3000');
    expect(notificationsConfig({ PUBLIC_URL: 'https://popote.fr/' }).PUBLIC_URL).toBe('https://popote.fr');
  });

  it('refuses to start in production without PUBLIC_URL (links are never built from a request)', () => {
    const { PUBLIC_URL: _url, ...withoutUrl } = production;
    expect(() => notificationsConfig(withoutUrl)).toThrow(/PUBLIC_URL must be the https address of the site/);
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

  it('signs pushes with the development VAPID pair locally, and refuses it in production', () => {
    const local = notificationsConfig({});
    expect([local.VAPID_PUBLIC_KEY, local.VAPID_PRIVATE_KEY]).toEqual([DEV_VAPID_PUBLIC_KEY, DEV_VAPID_PRIVATE_KEY]);
    expect(local.VAPID_SUBJECT).toBe('mailto:contact@popote.fr');
    const { VAPID_PUBLIC_KEY: _pub, VAPID_PRIVATE_KEY: _priv, ...withoutKeys } = production;
    expect(() => notificationsConfig(withoutKeys)).toThrow(/public development pair/);
    expect(() => notificationsConfig({ ...production, VAPID_PRIVATE_KEY: DEV_VAPID_PRIVATE_KEY })).toThrow(/development pair/);
    expect(() => notificationsConfig({ ...production, VAPID_PUBLIC_KEY: DEV_VAPID_PUBLIC_KEY })).toThrow(/development pair/);
    const own = notificationsConfig(production);
    expect([own.VAPID_PUBLIC_KEY, own.VAPID_PRIVATE_KEY]).toEqual([production.VAPID_PUBLIC_KEY, production.VAPID_PRIVATE_KEY]);
  });

  it('refuses keys that cannot sign: not base64url P-256, or not one pair; and a subject push services cannot write to', () => {
    const other = vapidPair();
    expect(() => notificationsConfig({ ...vapidPair(), VAPID_PUBLIC_KEY: other.VAPID_PUBLIC_KEY })).toThrow(
      /VAPID_PUBLIC_KEY is not the public key of VAPID_PRIVATE_KEY/,
    );
    expect(() => notificationsConfig({ VAPID_PRIVATE_KEY: 'change-me' })).toThrow(/VAPID_PRIVATE_KEY must be 32 bytes/);
    expect(() => notificationsConfig({ VAPID_PUBLIC_KEY: DEV_VAPID_PUBLIC_KEY.slice(0, 40) })).toThrow(/VAPID_PUBLIC_KEY must be 65 bytes/);
    for (const subject of ['contact@popote.fr', 'http://popote.fr', 'mailto:'])
      expect(() => notificationsConfig({ VAPID_SUBJECT: subject }), subject).toThrow(
        /VAPID_SUBJECT must be a mailto: address or an https: URL/,
      );
    expect(notificationsConfig({ VAPID_SUBJECT: 'https://popote.fr/contact' }).VAPID_SUBJECT).toBe('https://popote.fr/contact');
  });
});
