import './tracing';
import { bootstrap } from '@popote/platform';
import { AppModule } from './app.module';
import { bffConfig } from './config';
import { configureHttp } from './http';

const config = bffConfig();
void bootstrap({
  service: 'bff',
  module: AppModule.forRoot(config),
  nats: config,
  httpPort: config.HTTP_PORT,
  httpHost: config.HTTP_HOST,
  rpc: false,
  configure: (app) => configureHttp(app, config),
}).catch((err) => {
  console.error(err);
  process.exit(1);
});
