import { releaseFirstPaintWhenReady } from './first-paint/release';

// The server's first paint of the page (if any) stays until the real page has its content.
releaseFirstPaintWhenReady(document, window.location.pathname);
// Async boundary: the Module Federation runtime negotiates the shared
// singletons (React, router, GraphQL client...) before any code that uses them runs.
import('./bootstrap');
// Meanwhile, the remote of the page being opened starts loading (see first-remote.ts: a chunk
// of its own without shared modules, so it runs as soon as it arrives, before the bootstrap).
import('./remotes/first-remote').then(
  ({ startFirstRemote }) => startFirstRemote(window.location.pathname),
  () => undefined, // the bootstrap's own chunk loads report a broken deployment
);
