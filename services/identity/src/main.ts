import './tracing';
import { runService } from '@popote/platform';
import { AppModule } from './app.module';
import { identityConfig } from './config';

runService('identity', identityConfig(), (config) => AppModule.forRoot(config));
