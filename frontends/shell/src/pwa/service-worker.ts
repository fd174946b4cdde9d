/**
 * Registers the service worker generated at build time (Workbox, see ../../rspack.config.ts):
 * precached shell files, network-first pages, nothing for /graphql, /media or the remotes.
 * Production builds only: a development build has no sw.js.
 */
export function registerServiceWorker(): void {
  if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      console.warn('[popote] service worker not registered', error);
    });
  };
  // After the page's own loading: the precache downloads must not compete with it.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
