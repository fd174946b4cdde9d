// @ts-check
// Serves the cook remote's build. The shell fetches mf-manifest.json, remoteEntry.js
// and the chunks from another origin, hence CORS. Running alone (standalone mode),
// it also proxies /graphql and /media/* to the BFF so the page works on its own.
import { fileURLToPath } from 'node:url';
import { createStaticServer, listen, portFromEnv } from '@popote/static-server';

const env = process.env;
const bffUrl = env.BFF_URL || 'http://127.0.0.1:4000';

const server = createStaticServer({
  root: fileURLToPath(new URL('./dist', import.meta.url)),
  spa: true,
  cors: true,
  proxy: { prefixes: ['/graphql', '/media/'], target: bffUrl },
  hsts: env.NODE_ENV === 'production',
});

await listen(server, {
  port: portFromEnv(env.PORT, 3002),
  host: env.HOST || '127.0.0.1',
  name: 'cook remote',
});
