import { TOAST_DURATION_MS } from '@popote/ui';
import { useEffect, useState } from 'react';

/** Each connectivity message follows a 1 s debounce. */
export const CONNECTIVITY_DEBOUNCE_MS = 1000;

interface ConnectivitySource {
  navigator: { onLine: boolean };
  addEventListener(type: 'online' | 'offline', listener: () => void): void;
  removeEventListener(type: 'online' | 'offline', listener: () => void): void;
}

/**
 * Calls `notify(online)` when the connection state has changed and stayed so for
 * `debounceMs`: a flap shorter than that (offline then online again) says nothing.
 * A page that opens offline (served by the service worker) is told so too.
 * Returns the function that stops watching.
 */
export function watchConnectivity(
  source: ConnectivitySource,
  notify: (online: boolean) => void,
  debounceMs = CONNECTIVITY_DEBOUNCE_MS,
): () => void {
  let announced = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onChange = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      const online = source.navigator.onLine;
      if (online === announced) return;
      announced = online;
      notify(online);
    }, debounceMs);
  };
  source.addEventListener('online', onChange);
  source.addEventListener('offline', onChange);
  if (!source.navigator.onLine) onChange();
  return () => {
    clearTimeout(timer);
    source.removeEventListener('online', onChange);
    source.removeEventListener('offline', onChange);
  };
}

/** The message of a connection back stays as long as a toast (3 s); the offline one stays while offline. */
export const BACK_ONLINE_SHOWN_MS = TOAST_DURATION_MS;

export type ConnectivityNotice = 'offline' | 'online' | null;

/**
 * What the connectivity notice shows: 'offline' from 1 s after the connection went until it is
 * back, then 'online' for 3 s (it replaces the offline message), then nothing.
 */
export function useConnectivityNotice(): ConnectivityNotice {
  const [notice, setNotice] = useState<ConnectivityNotice>(null);
  useEffect(() => watchConnectivity(window, (online) => setNotice(online ? 'online' : 'offline')), []);
  useEffect(() => {
    if (notice !== 'online') return undefined;
    const timer = setTimeout(() => setNotice(null), BACK_ONLINE_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  return notice;
}
