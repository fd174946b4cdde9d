import { createECDH, randomBytes } from 'node:crypto';

/** A browser's PushSubscription as its toJSON() gives it: a new endpoint (of a public push service: no other host is accepted), a real P-256 key and a 16-byte secret. */
export function browserSubscription(endpoint = `https://fcm.googleapis.com/fcm/send/${randomBytes(8).toString('hex')}`) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') } };
}

/** Every alert on, as the preferences' input. */
export const ALERTS_ALL_ON = {
  new_dish: { email: true, push: true },
  new_slots: { email: true, push: true },
  back_in_stock: { email: true, push: true },
  order_updates: { push: true },
};
