import './tracing';
import { runService } from '@popote/platform';
import { AppModule } from './app.module';
import { catalogueConfig } from './config';

runService('catalogue', catalogueConfig(), (config) => AppModule.forRoot(config));
