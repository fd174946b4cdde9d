import './tracing';
import { bootstrap } from '@popote/platform';
import { AppModule } from './app.module';
import { bffConfig } from './config';

const config = bffConfig();
void bootstrap({
  service: 'bff',
  module: AppModule.forRoot(config),
  natsUrl: config.NATS_URL,
  httpPort: config.HTTP_PORT,
  httpHost: config.HTTP_HOST,
  rpc: false,
  // Behind the shell's proxy (or an ingress) on loopback: the client address is X-Forwarded-For's.
  configure: (app) => (app as unknown as { set(k: string, v: unknown): void }).set('trust proxy', 'loopback'),
}).catch((err) => {
  console.error(err);
  process.exit(1);
});
