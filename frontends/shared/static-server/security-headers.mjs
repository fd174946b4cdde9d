// The security headers of every Popote page: what the browser may load and use.

/** Features no page of Popote uses (payment stays for Stripe's card form). */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), usb=(), serial=(), bluetooth=(), midi=(), display-capture=()';

/** Stripe.js (the card form, when Stripe is the provider): its script, frames and API. */
const STRIPE = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

/**
 * A strict Content-Security-Policy for a Popote page: no inline or evaluated script; scripts, styles
 * and fonts from this origin and the Module Federation remotes' origins (their manifests, entries
 * and chunks); data from this origin (GraphQL over HTTP and WebSocket, /media); the service worker
 * and the manifest from this origin; no plugins, no framing, no <base>, forms post here only.
 * Styles allow inline `<style>` (the toast library writes one); scripts never do.
 * @param {{ remotes?: string[] }} [options]  URLs of the remotes (any URL on their origin)
 * @returns {string}
 */
export function contentSecurityPolicy({ remotes = [] } = {}) {
  const origins = [...new Set(remotes.map((url) => new URL(url).origin))];
  const self = ["'self'", ...origins];
  /** @type {Record<string, string[]>} */
  const directives = {
    'default-src': ["'self'"],
    'script-src': [...self, ...STRIPE.script],
    'style-src': [...self, "'unsafe-inline'"],
    // Cooks' avatars may be any https picture (images run no code).
    'img-src': ["'self'", 'data:', 'blob:', 'https:', ...origins],
    'font-src': self,
    'connect-src': [...self, ...STRIPE.connect],
    'frame-src': STRIPE.frame,
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}
