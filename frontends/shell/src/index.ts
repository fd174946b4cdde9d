import { releaseFirstPaintWhenReady } from './first-paint/release';
import { startFirstRemote } from './remotes/first-remote';

// The server's first paint of the page (if any) stays until the real page has its content.
releaseFirstPaintWhenReady(document, window.location.pathname);
// Async boundary: the Module Federation runtime negotiates the shared
// singletons (React, router, GraphQL client...) before any code that uses them runs.
import('./bootstrap');
// Meanwhile, the remote of the page being opened starts loading (see first-remote.ts). It uses no
// shared module, so it is part of main.js and starts at once: in a chunk of its own, it and the
// bootstrap's chunk each carried a copy of the remote registry (~1 KB gzip, ADR 0012).
startFirstRemote(window.location.pathname);
