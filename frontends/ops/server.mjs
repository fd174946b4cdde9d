// @ts-check
// Serves the operators' console remote's build. The shell fetches its remoteEntry.js and chunks
// from another origin (only once an operator is signed in), hence CORS. Running alone (standalone
// mode), it also proxies /graphql and /media/* to the BFF so the page works on its own.
import { fileURLToPath } from 'node:url';
import { serveRemote } from '@popote/static-server';

await serveRemote({
  root: fileURLToPath(new URL('./dist', import.meta.url)),
  defaultPort: 3003,
  name: 'ops remote',
});
