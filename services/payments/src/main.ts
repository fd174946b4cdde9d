import './tracing';
import { bootstrap } from '@popote/platform';
import { AppModule } from './app.module';
import { paymentsConfig } from './config';

const config = paymentsConfig();
void bootstrap({
  service: 'payments',
  module: AppModule.forRoot(config),
  nats: config,
  httpPort: config.HTTP_PORT,
  httpHost: config.HTTP_HOST,
  // Stripe signs the exact bytes of a webhook: keep the raw body.
  rawBody: true,
}).catch((err) => {
  console.error(err);
  process.exit(1);
});
