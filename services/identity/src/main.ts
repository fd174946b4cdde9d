import './tracing';
import { bootstrap } from '@popote/platform';
import { AppModule } from './app.module';
import { identityConfig } from './config';

const config = identityConfig();
void bootstrap({
  service: 'identity',
  module: AppModule.forRoot(config),
  nats: config,
  httpPort: config.HTTP_PORT,
  httpHost: config.HTTP_HOST,
}).catch((err) => {
  console.error(err);
  process.exit(1);
});
