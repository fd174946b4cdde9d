// @ts-check
// Serves the cook remote's build. The shell fetches mf-manifest.json, remoteEntry.js
// and the chunks from another origin, hence CORS. Running alone (standalone mode),
// it also proxies /graphql and /media/* to the BFF so the page works on its own.
import { fileURLToPath } from 'node:url';
import { serveRemote } from '@popote/static-server';

await serveRemote({
  root: fileURLToPath(new URL('./dist', import.meta.url)),
  defaultPort: 3002,
  name: 'cook remote',
});
