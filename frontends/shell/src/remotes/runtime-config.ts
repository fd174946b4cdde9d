export const REMOTE_NAMES = ['consumer', 'cook', 'ops'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** Shape of /runtime-config.json, written by the shell's server from its environment. */
export interface RuntimeConfig {
  remotes: Partial<Record<RemoteName, string>>;
  /** Support address shown by the footer and the contact page (`CONTACT_EMAIL`); null if absent. */
  contactEmail: string | null;
}

/** A plausible address (the server's value is trusted; this only rejects junk). */
const EMAIL = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  const remotes: RuntimeConfig['remotes'] = {};
  const declared = typeof value === 'object' && value !== null && 'remotes' in value ? (value as { remotes: unknown }).remotes : null;
  if (typeof declared !== 'object' || declared === null) {
    throw new Error('runtime-config.json: "remotes" must be an object');
  }
  for (const name of REMOTE_NAMES) {
    const url: unknown = (declared as Record<string, unknown>)[name];
    if (typeof url === 'string' && url !== '') remotes[name] = new URL(url, window.location.href).href;
  }
  const email: unknown = (value as { contactEmail?: unknown }).contactEmail;
  const contactEmail = typeof email === 'string' && EMAIL.test(email.trim()) ? email.trim() : null;
  return { remotes, contactEmail };
}

let pending: Promise<RuntimeConfig> | null = null;

/**
 * The runtime configuration, fetched once. A failed fetch is forgotten so that
 * the next attempt (the "Réessayer" button) asks the server again.
 */
export function getRuntimeConfig(): Promise<RuntimeConfig> {
  if (!pending) {
    pending = fetch('/runtime-config.json')
      .then((response) => {
        if (!response.ok) throw new Error(`runtime-config.json: HTTP ${response.status}`);
        return response.json() as Promise<unknown>;
      })
      .then(parseRuntimeConfig);
    pending.catch(() => {
      pending = null;
    });
  }
  return pending;
}

export function preloadRuntimeConfig(): void {
  getRuntimeConfig().catch((error: unknown) => {
    console.error('[popote] runtime configuration unavailable', error);
  });
}
