import './tracing';
import { runService } from '@popote/platform';
import { AppModule } from './app.module';
import { orderingConfig } from './config';

runService('ordering', orderingConfig(), (config) => AppModule.forRoot(config));
