import { join } from 'node:path';
import { Module, type DynamicModule } from '@nestjs/common';
import { serviceModule } from '@popote/platform';
import { PaymentsPersonalData } from './account/personal-data';
import { AdvertisingModule } from './advertising/advertising.module';
import { CheckoutsModule } from './checkouts/checkouts.module';
import type { PaymentsConfig } from './config';
import { PayoutsModule } from './payouts/payouts.module';
import { ProvidersModule } from './providers/providers.module';
import { ReceiptsModule } from './receipts/receipts.module';
import { SalesModule } from './sales/sales.module';
import { SupportModule } from './support/support.module';
import { WebhooksModule } from './webhooks/webhooks.module';
import { PromotionsModule } from './promotions/promotions.module';

@Module({})
export class AppModule {
  static forRoot(config: PaymentsConfig): DynamicModule {
    // From the ground up: each module imports only modules listed before it (providers ← promotions ← checkouts ←
    // payouts, receipts ← advertising ← sales; webhooks on checkouts and payouts; support on checkouts, payouts, receipts).
    return serviceModule(AppModule, {
      service: 'payments',
      config,
      features: [
        ProvidersModule,
        PromotionsModule,
        CheckoutsModule,
        PayoutsModule,
        ReceiptsModule,
        AdvertisingModule,
        SalesModule,
        WebhooksModule,
        SupportModule,
      ],
      personalData: PaymentsPersonalData,
      migrations: join(__dirname, 'migrations'),
    });
  }
}
