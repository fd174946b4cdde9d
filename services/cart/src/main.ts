import './tracing';
import { bootstrap } from '@popote/platform';
import { AppModule } from './app.module';
import { cartConfig } from './config';

const config = cartConfig();
void bootstrap({
  service: 'cart',
  module: AppModule.forRoot(config),
  nats: config,
  httpPort: config.HTTP_PORT,
  httpHost: config.HTTP_HOST,
}).catch((err) => {
  console.error(err);
  process.exit(1);
});
