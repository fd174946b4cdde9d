import type { Client } from '@urql/core';
import { useMemo } from 'react';
import { useClient } from 'urql';
import { PushPublicKeyDocument, SubscribePushDocument, UnsubscribePushDocument } from './push.generated';

/**
 * Web Push on this device (docs/alerts.md): the browser's permission, its subscription with the
 * deployment's VAPID key, and the BFF told about it. The permission is asked only from a person's
 * click, at a moment that explains itself (after following a cook, after an order, or the profile's
 * 'Recevoir les notifications sur cet appareil'), never on page load.
 */

/** What this browser allows: no Web Push at all, or the Notification permission. */
export type PushPermission = 'unsupported' | NotificationPermission;
/**
 * How asking went: subscribed; the notifications are blocked; the browser's question was closed
 * without an answer; no Web Push here; or it failed (`message`, French).
 */
export type PushOutcome =
  { status: 'subscribed'; devices: number } | { status: 'denied' | 'dismissed' | 'unsupported' } | { status: 'failed'; message: string };

/** How long the service worker may take to be there (it registers once the page has loaded). */
const WORKER_WAIT_MS = 10_000;
export const PUSH_FAILED = "Cet appareil n'a pas pu être inscrit aux notifications. Réessayez plus tard.";

export function pushPermission(): PushPermission {
  if (typeof window === 'undefined' || !('Notification' in window) || !('serviceWorker' in navigator) || !('PushManager' in window))
    return 'unsupported';
  return Notification.permission;
}

/** The service worker's registration, or null when there is none (a development build has no worker). */
async function workerRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!('serviceWorker' in navigator)) return null;
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), WORKER_WAIT_MS));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

/** This device's current push subscription, if any. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (pushPermission() === 'unsupported') return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** base64url → bytes (the VAPID key as PushManager.subscribe takes it). */
function fromBase64Url(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const sameBytes = (a: ArrayBuffer | null, b: Uint8Array): boolean => {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
};

/**
 * Asks for the permission if it was never given (call it from a click), subscribes this browser
 * with the deployment's key (again if the key changed) and gives the subscription to the BFF.
 */
export async function subscribeThisDevice(client: Client): Promise<PushOutcome> {
  if (pushPermission() === 'unsupported') return { status: 'unsupported' };
  const permission = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  if (permission !== 'granted') return { status: permission === 'denied' ? 'denied' : 'dismissed' };
  const registration = await workerRegistration();
  if (!registration) return { status: 'unsupported' };
  try {
    const key = await client.query(PushPublicKeyDocument, {}, { requestPolicy: 'network-only' }).toPromise();
    if (key.error || !key.data) return { status: 'failed', message: key.error?.graphQLErrors[0]?.message ?? PUSH_FAILED };
    const applicationServerKey = fromBase64Url(key.data.pushPublicKey);
    let subscription = await registration.pushManager.getSubscription();
    if (subscription && !sameBytes(subscription.options.applicationServerKey, applicationServerKey)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
    const json = subscription.toJSON();
    const answer = await client
      .mutation(SubscribePushDocument, {
        subscription: { endpoint: subscription.endpoint, keys: { p256dh: json.keys?.['p256dh'] ?? '', auth: json.keys?.['auth'] ?? '' } },
      })
      .toPromise();
    if (answer.error || !answer.data) return { status: 'failed', message: answer.error?.graphQLErrors[0]?.message ?? PUSH_FAILED };
    return { status: 'subscribed', devices: answer.data.subscribePush };
  } catch {
    // The browser's push service refused (offline, no push service in this browser...).
    return { status: 'failed', message: PUSH_FAILED };
  }
}

/** This device no longer receives the person's pushes: the BFF forgets it, then the browser drops it. */
export async function unsubscribeThisDevice(client: Client): Promise<{ status: 'unsubscribed' } | { status: 'failed'; message: string }> {
  const subscription = await currentPushSubscription();
  if (!subscription) return { status: 'unsubscribed' };
  const answer = await client.mutation(UnsubscribePushDocument, { endpoint: subscription.endpoint }).toPromise();
  if (answer.error) return { status: 'failed', message: answer.error.graphQLErrors[0]?.message ?? PUSH_FAILED };
  await subscription.unsubscribe().catch(() => false);
  return { status: 'unsubscribed' };
}

/**
 * Signing out: this browser stops receiving the person's pushes (a shared computer must not show
 * the next person someone else's orders). The BFF is asked to forget the device while the session
 * still exists; whatever it answers, the browser drops the subscription, so the push service refuses
 * every later send to it (the server then forgets the device on its 404/410). Never throws.
 */
export async function forgetThisDevice(client: Client): Promise<void> {
  try {
    const subscription = await currentPushSubscription();
    if (!subscription) return;
    await client
      .mutation(UnsubscribePushDocument, { endpoint: subscription.endpoint })
      .toPromise()
      .catch(() => undefined);
    await subscription.unsubscribe().catch(() => false);
  } catch {
    // No service worker, or it is gone: nothing subscribed here.
  }
}

/** `subscribe()`, `unsubscribe()` and `forget()` (signing out) with the page's GraphQL client. */
export function usePushDevice() {
  const client = useClient();
  return useMemo(
    () => ({
      subscribe: () => subscribeThisDevice(client),
      unsubscribe: () => unsubscribeThisDevice(client),
      forget: () => forgetThisDevice(client),
    }),
    [client],
  );
}
