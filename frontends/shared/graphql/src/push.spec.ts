import type { Client } from '@urql/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetThisDevice } from './push';

/** A browser with Web Push and this device subscribed at `endpoint`; what was unsubscribed is recorded. */
function browserSubscribedAt(endpoint: string | null) {
  const dropped: string[] = [];
  const subscription = endpoint ? { endpoint, unsubscribe: vi.fn(async () => (dropped.push(endpoint), true)) } : null;
  vi.stubGlobal('window', { Notification: {}, PushManager: function PushManager() {} });
  vi.stubGlobal('Notification', { permission: 'granted' });
  Object.defineProperty(globalThis, 'navigator', {
    configurable: true,
    value: { serviceWorker: { getRegistration: async () => ({ pushManager: { getSubscription: async () => subscription } }) } },
  });
  return dropped;
}

/** The GraphQL client's mutation as the page gives it: answers with `answer` (or rejects), records the variables. */
function clientAnswering(answer: Promise<unknown>) {
  const sent: unknown[] = [];
  const client = {
    mutation: (_doc: unknown, variables: unknown) => {
      sent.push(variables);
      return { toPromise: () => answer };
    },
  } as unknown as Client;
  return { client, sent };
}

describe('signing out forgets this device for pushes (a shared computer)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(globalThis, 'navigator');
  });

  it('tells the BFF, then drops the browser subscription', async () => {
    const dropped = browserSubscribedAt('https://fcm.googleapis.com/fcm/send/abc');
    const { client, sent } = clientAnswering(Promise.resolve({ data: { unsubscribePush: true } }));
    await forgetThisDevice(client);
    expect(sent).toEqual([{ endpoint: 'https://fcm.googleapis.com/fcm/send/abc' }]);
    expect(dropped).toEqual(['https://fcm.googleapis.com/fcm/send/abc']);
  });

  it('drops the browser subscription even when the BFF cannot be reached, and never throws', async () => {
    const dropped = browserSubscribedAt('https://updates.push.services.mozilla.com/wpush/v2/x');
    const { client } = clientAnswering(Promise.reject(new Error('hors ligne')));
    await expect(forgetThisDevice(client)).resolves.toBeUndefined();
    expect(dropped).toEqual(['https://updates.push.services.mozilla.com/wpush/v2/x']);
  });

  it('asks nothing when this device was never subscribed', async () => {
    browserSubscribedAt(null);
    const { client, sent } = clientAnswering(Promise.resolve({ data: {} }));
    await forgetThisDevice(client);
    expect(sent).toEqual([]);
  });
});
