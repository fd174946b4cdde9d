/*
 * What wouter imports as `use-sync-external-store/shim/index.js`, resolved here instead (see
 * createWebConfig's `resolve.alias`): the shim exists for React < 18 and ships its fallback
 * (~0.4 KiB gzip on every page) even when React has the hook. React 19 has it.
 */
export { useSyncExternalStore } from 'react';
