import { createECDH, randomBytes } from 'node:crypto';
import { getModelToken } from '@nestjs/mongoose';
import { AlertsRpc, DEFAULT_ALERT_PREFERENCES, FOLLOW_MESSAGES, IdentityEvents, type AlertPreferences } from '@popote/contracts';
import {
  eventually,
  expectDomainError,
  resetJetStream,
  serviceEnv,
  type ServiceUnderTest,
  serviceUnderTest,
  testNats,
} from '@popote/testing';
import type { Model } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppModule } from '../src/app.module';
import { AlertPreferencesService } from '../src/audience/alert-preferences.service';
import { PushDevice, pushDeviceId } from '../src/audience/audience.schema';
import { PUSH_DEVICES_MAX } from '../src/audience/push-devices.service';
import { DEV_VAPID_PUBLIC_KEY, notificationsConfig } from '../src/config';
import { publishEvent } from './alert-helpers';

/** A browser's PushSubscription as `toJSON()` gives it: its push service's address and real P-256 / auth keys. */
const device = (host = 'fcm.googleapis.com') => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://${host}/fcm/send/${randomBytes(24).toString('base64url')}`,
    keys: { p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') },
  };
};

/** Devices and preferences of the alerts, through the RPCs the BFF calls (real NATS and database). */
describe('notifications: push devices and alert preferences', () => {
  let under: ServiceUnderTest;
  let devices: Model<PushDevice>;
  const tag = Date.now().toString(36);
  let n = 0;
  const person = () => ({ user_id: `p-${tag}-${++n}`, user_type: 'consumer' as const });

  beforeAll(async () => {
    await resetJetStream();
    const env = serviceEnv('notifications', __filename);
    under = await serviceUnderTest('notifications', AppModule.forRoot(notificationsConfig(env)), env.NATS_URL!);
    devices = under.app.get(getModelToken(PushDevice.name));
  });

  afterAll(async () => {
    await under?.close();
  });

  it('gives the browsers the deployment’s VAPID public key', async () => {
    expect(await under.rpc.call(AlertsRpc.pushKey, {})).toEqual({ public_key: DEV_VAPID_PUBLIC_KEY });
  });

  it('keeps one subscription per device: subscribing again updates it, another device counts once more', async () => {
    const actor = person();
    const phone = device();
    expect(await under.rpc.call(AlertsRpc.subscribePush, { actor, subscription: phone, user_agent: 'Firefox Android' })).toEqual({
      devices: 1,
    });
    // The same device again (the page re-registers on every visit), with renewed keys.
    const renewed = { ...device(), endpoint: phone.endpoint };
    expect(await under.rpc.call(AlertsRpc.subscribePush, { actor, subscription: renewed })).toEqual({ devices: 1 });
    const stored = await devices.findById(pushDeviceId(phone.endpoint)).lean<PushDevice>();
    expect(stored).toMatchObject({ user_id: actor.user_id, endpoint: phone.endpoint, keys: renewed.keys, user_agent: null });
    expect(await under.rpc.call(AlertsRpc.subscribePush, { actor, subscription: device('updates.push.services.mozilla.com') })).toEqual({
      devices: 2,
    });
    // Ten tabs of one device at once: still one document.
    const laptop = device('web.push.apple.com');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => under.rpc.call(AlertsRpc.subscribePush, { actor, subscription: laptop })),
    );
    expect(answers.at(-1)).toEqual({ devices: 3 });
    expect(await devices.countDocuments({ user_id: actor.user_id })).toBe(3);
    expect(await devices.countDocuments({ endpoint: laptop.endpoint })).toBe(1);
  });

  it('moves a device to the account that subscribes it last, and lets only its owner unsubscribe it', async () => {
    const [first, second] = [person(), person()];
    const shared = device();
    await under.rpc.call(AlertsRpc.subscribePush, { actor: first, subscription: shared });
    await under.rpc.call(AlertsRpc.subscribePush, { actor: first, subscription: device() });
    expect(await under.rpc.call(AlertsRpc.subscribePush, { actor: second, subscription: shared })).toEqual({ devices: 1 });
    expect((await devices.findById(pushDeviceId(shared.endpoint)).lean<PushDevice>())?.user_id).toBe(second.user_id);
    expect(await under.rpc.call(AlertsRpc.preferences, { actor: first })).toMatchObject({ push_devices: 1 });
    // The former owner cannot take it away from the new one.
    expect(await under.rpc.call(AlertsRpc.unsubscribePush, { actor: first, endpoint: shared.endpoint })).toEqual({ devices: 1 });
    expect(await devices.exists({ _id: pushDeviceId(shared.endpoint) })).toBeTruthy();
    expect(await under.rpc.call(AlertsRpc.unsubscribePush, { actor: second, endpoint: shared.endpoint })).toEqual({ devices: 0 });
    expect(await devices.exists({ _id: pushDeviceId(shared.endpoint) })).toBeNull();
    // Unsubscribing twice is harmless.
    expect(await under.rpc.call(AlertsRpc.unsubscribePush, { actor: second, endpoint: shared.endpoint })).toEqual({ devices: 0 });
  });

  it(`keeps the ${PUSH_DEVICES_MAX} devices that subscribed last`, async () => {
    const actor = person();
    const all = Array.from({ length: PUSH_DEVICES_MAX + 2 }, () => device());
    for (const d of all) await under.rpc.call(AlertsRpc.subscribePush, { actor, subscription: d });
    const kept = (await devices.find({ user_id: actor.user_id }, { endpoint: 1 }).lean<PushDevice[]>()).map((d) => d.endpoint);
    expect(kept.sort()).toEqual(
      all
        .slice(2)
        .map((d) => d.endpoint)
        .sort(),
    );
  });

  it('drops every device of a person whose sessions were all closed (a password reset, a stolen token), not on a partial revocation', async () => {
    const [closed, partly] = [person(), person()];
    for (const actor of [closed, partly]) {
      await under.rpc.call(AlertsRpc.subscribePush, { actor, subscription: device() });
      await under.rpc.call(AlertsRpc.subscribePush, { actor, subscription: device('updates.push.services.mozilla.com') });
    }
    const nc = await testNats(serviceEnv('notifications', __filename).NATS_URL!);
    try {
      const revoked = (user_id: string, everywhere: boolean) =>
        publishEvent(nc, IdentityEvents.sessionsRevoked, {
          user_id,
          session_ids: ['s1'],
          revoked_at: new Date().toISOString(),
          everywhere,
        });
      await revoked(partly.user_id, false); // a password change keeps the session that made it
      await revoked(closed.user_id, true);
      await eventually(async () => ((await devices.countDocuments({ user_id: closed.user_id })) === 0 ? true : undefined), 15_000);
      expect(await devices.countDocuments({ user_id: partly.user_id })).toBe(2);
      expect(await under.rpc.call(AlertsRpc.unsubscribePush, { actor: closed, endpoint: device().endpoint })).toEqual({ devices: 0 });
    } finally {
      await nc.close();
    }
  });

  it('refuses what is not a push subscription, in French, and stores nothing', async () => {
    const actor = person();
    const good = device();
    for (const subscription of [
      { ...good, endpoint: 'http://evil.example/push' },
      { ...good, endpoint: 'pas une adresse' },
      // Inside the network, or this machine in disguise: the server would send there.
      { ...good, endpoint: 'http://localhost.attacker.example/push' },
      { ...good, endpoint: 'https://10.0.0.5/push' },
      { ...good, endpoint: 'https://fcm.googleapis.com:8443/fcm/send/abc' },
      { ...good, endpoint: 'https://evil.example/fcm/send/abc' },
      { ...good, keys: { ...good.keys, p256dh: 'court' } },
      { ...good, keys: { ...good.keys, auth: '!!!' } },
    ]) {
      const err = await expectDomainError(under.rpc.call(AlertsRpc.subscribePush, { actor, subscription }));
      expect(err.code, JSON.stringify(subscription)).toBe('VALIDATION_FAILED');
      expect(Object.values(err.fields ?? {})).toContain(FOLLOW_MESSAGES.subscriptionInvalid);
    }
    expect(await devices.countDocuments({ user_id: actor.user_id })).toBe(0);
  });

  it('answers the defaults until the person chooses, then their choices, kind by kind', async () => {
    const actor = person();
    await under.rpc.call(AlertsRpc.subscribePush, { actor, subscription: device() });
    expect(await under.rpc.call(AlertsRpc.preferences, { actor })).toEqual({ preferences: DEFAULT_ALERT_PREFERENCES, push_devices: 1 });
    const chosen: AlertPreferences = {
      new_dish: { email: false, push: true },
      new_slots: { email: false, push: false },
      back_in_stock: { email: true, push: false },
      order_updates: { push: false },
    };
    expect(await under.rpc.call(AlertsRpc.updatePreferences, { actor, preferences: chosen })).toEqual({
      preferences: chosen,
      push_devices: 1,
    });
    expect(await under.rpc.call(AlertsRpc.preferences, { actor })).toEqual({ preferences: chosen, push_devices: 1 });
    // Someone else's are still the defaults.
    expect((await under.rpc.call(AlertsRpc.preferences, { actor: person() })).preferences).toEqual(DEFAULT_ALERT_PREFERENCES);

    // The one-click unsubscribe turns one kind's emails off and leaves the rest as chosen…
    const service = under.app.get(AlertPreferencesService);
    await service.stopEmails(actor.user_id, 'back_in_stock');
    expect((await under.rpc.call(AlertsRpc.preferences, { actor })).preferences).toEqual({
      ...chosen,
      back_in_stock: { email: false, push: false },
    });
    // …and for someone who never chose, only that kind differs from the defaults.
    const other = person();
    await service.stopEmails(other.user_id, 'new_dish');
    await service.stopEmails(other.user_id, 'new_dish');
    expect((await under.rpc.call(AlertsRpc.preferences, { actor: other })).preferences).toEqual({
      ...DEFAULT_ALERT_PREFERENCES,
      new_dish: { email: false, push: true },
    });
  });

  it('refuses incomplete or malformed preferences with French messages, and keeps the previous ones', async () => {
    const actor = person();
    const off = { ...DEFAULT_ALERT_PREFERENCES, new_dish: { email: false, push: false } };
    await under.rpc.call(AlertsRpc.updatePreferences, { actor, preferences: off });
    const missing = await expectDomainError(
      under.rpc.call(AlertsRpc.updatePreferences, {
        actor,
        preferences: { ...DEFAULT_ALERT_PREFERENCES, new_slots: { email: true } } as unknown as AlertPreferences,
      }),
    );
    // In French, in the contracts' wording (french-errors.ts, the one source of zod's messages).
    expect(missing).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Données invalides',
      fields: { push: 'Ce champ est obligatoire' },
    });
    const wrong = await expectDomainError(
      under.rpc.call(AlertsRpc.updatePreferences, {
        actor,
        preferences: { ...DEFAULT_ALERT_PREFERENCES, order_updates: { push: 'oui' } } as unknown as AlertPreferences,
      }),
    );
    expect(wrong).toMatchObject({ code: 'VALIDATION_FAILED', fields: { push: 'Valeur invalide' } });
    expect(Object.keys(wrong.fields ?? {})).toEqual(['push']);
    expect((await under.rpc.call(AlertsRpc.preferences, { actor })).preferences).toEqual(off);
  });
});
