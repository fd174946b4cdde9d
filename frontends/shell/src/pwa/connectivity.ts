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
 * Runs `task` once the page's own loading is over and the browser is idle (like the service
 * worker's registration: nothing competes with the page's first download). Returns a canceller.
 */
export function afterLoadWhenIdle(task: () => void): () => void {
  let cancelled = false;
  let idle: number | undefined;
  const schedule = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(task, { timeout: 5000 });
    else idle = window.setTimeout(task, 0);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', schedule);
    if (idle !== undefined) {
      if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    }
  };
}

/**
 * The shell's connectivity toasts (one toast id: coming back online replaces the offline message).
 * 'Mode hors ligne activé' shows when there is no network to download the toasts with: so, unlike
 * every other toast, it cannot wait for its own first call. react-hot-toast is therefore fetched
 * after the page has loaded, when the browser is idle (off the first download's critical path).
 */
export function useConnectivityToasts(): void {
  useEffect(() => afterLoadWhenIdle(preloadToasts), []);
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
