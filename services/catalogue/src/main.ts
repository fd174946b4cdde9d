import './tracing';
import { bootstrap } from '@popote/platform';
import { AppModule } from './app.module';
import { catalogueConfig } from './config';

const config = catalogueConfig();
void bootstrap({
  service: 'catalogue',
  module: AppModule.forRoot(config),
  nats: config,
  httpPort: config.HTTP_PORT,
  httpHost: config.HTTP_HOST,
}).catch((err) => {
  console.error(err);
  process.exit(1);
});
