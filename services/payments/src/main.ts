import './tracing';
import { runService } from '@popote/platform';
import { AppModule } from './app.module';
import { paymentsConfig } from './config';

runService('payments', paymentsConfig(), (config) => AppModule.forRoot(config), {
  // Stripe signs the exact bytes of a webhook: keep the raw body.
  rawBody: true,
});
