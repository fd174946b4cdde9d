import './tracing';
import { runService } from '@popote/platform';
import { AppModule } from './app.module';
import { cartConfig } from './config';

runService('cart', cartConfig(), (config) => AppModule.forRoot(config));
