import './tracing';
import { runService } from '@popote/platform';
import { AppModule } from './app.module';
import { notificationsConfig } from './config';

runService('notifications', notificationsConfig(), (config) => AppModule.forRoot(config));
