import { createElement, useEffect } from 'react';
import { preloadToasts, toast } from '@popote/ui';
import { shellFr } from '../i18n/texts';
import { OfflineIcon, OnlineIcon } from './connectivity-icons';

/** Spec §4 and §9: each connectivity message follows a 1 s debounce. */
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

/**
 * Downloads the toasts once the page's own loading is over (the load event, like the service
 * worker's registration: nothing competes with the page's first download); a download that failed
 * (the connection dropped meanwhile) is tried again when the browser is back online.
 * Returns the function that stops it.
 */
export function preloadToastsAfterLoad(preload: () => Promise<boolean> = preloadToasts): () => void {
  let stopped = false;
  const attempt = () => {
    void preload().then((loaded) => {
      if (!loaded && !stopped) window.addEventListener('online', attempt, { once: true });
    });
  };
  if (document.readyState === 'complete') attempt();
  else window.addEventListener('load', attempt, { once: true });
  return () => {
    stopped = true;
    window.removeEventListener('load', attempt);
    window.removeEventListener('online', attempt);
  };
}

/**
 * The shell's connectivity toasts (one toast id: coming back online replaces the offline message).
 * 'Mode hors ligne activé' shows when there is no network to download the toasts with: so, unlike
 * every other toast, it cannot wait for its own first call. react-hot-toast is therefore fetched
 * after the page has loaded (off the first download's critical path), again after a failed try.
 */
export function useConnectivityToasts(): void {
  useEffect(() => preloadToastsAfterLoad(), []);
  useEffect(
    () =>
      watchConnectivity(window, (online) => {
        // Same id, explicit icons: the update replaces the whole toast, icon included.
        if (online) toast.success(shellFr.connectivity.online, { id: 'connectivity', icon: createElement(OnlineIcon) });
        else toast(shellFr.connectivity.offline, { id: 'connectivity', icon: createElement(OfflineIcon) });
      }),
    [],
  );
}
