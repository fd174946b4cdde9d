import { useSyncExternalStore } from 'react';

/** The buyer's commune: chosen once (the prompt on /meals or the profile), kept in this browser. */
export interface BuyerCommune {
  /** INSEE code, sent to the BFF as `near` (public reads are cached per commune, never per person). */
  code: string;
  name: string;
}

const KEY = 'popote.near';
const CHANGED = 'popote:near-changed';

function read(): BuyerCommune | null {
  try {
    const raw = globalThis.localStorage?.getItem(KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<BuyerCommune>;
    return typeof value.code === 'string' && /^(\d{5}|2[AB]\d{3})$/.test(value.code) && typeof value.name === 'string'
      ? { code: value.code, name: value.name }
      : null;
  } catch {
    return null; // storage refused (private mode) or a hand-edited value: no commune
  }
}

// The same object while the stored text is the same (useSyncExternalStore compares snapshots).
let cachedRaw: string | null | undefined;
let cached: BuyerCommune | null = null;
function snapshot(): BuyerCommune | null {
  let raw: string | null = null;
  try {
    raw = globalThis.localStorage?.getItem(KEY) ?? null;
  } catch {
    raw = null;
  }
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cached = read();
  }
  return cached;
}

export function saveBuyerCommune(commune: BuyerCommune | null): void {
  try {
    if (commune) globalThis.localStorage?.setItem(KEY, JSON.stringify({ code: commune.code, name: commune.name }));
    else globalThis.localStorage?.removeItem(KEY);
  } catch {
    // Storage refused: the choice lasts for this page only.
  }
  globalThis.dispatchEvent?.(new Event(CHANGED));
}

function subscribe(onChange: () => void): () => void {
  globalThis.addEventListener?.(CHANGED, onChange);
  globalThis.addEventListener?.('storage', onChange); // another tab
  return () => {
    globalThis.removeEventListener?.(CHANGED, onChange);
    globalThis.removeEventListener?.('storage', onChange);
  };
}

/** The buyer's commune (null until chosen), following changes from any page or tab. */
export function useBuyerCommune(): BuyerCommune | null {
  return useSyncExternalStore(subscribe, snapshot, () => null);
}
