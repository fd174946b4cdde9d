import { Module } from '@nestjs/common';
import { CheckoutsModule } from '../checkouts/checkouts.module';
import { PayoutsModule } from '../payouts/payouts.module';
import { ProvidersModule } from '../providers/providers.module';
import { StripeWebhookController } from './stripe-webhook.controller';

/** Stripe's webhooks (HTTP): each event verified, then handed to the checkouts or, for Connect's, to the payouts. */
@Module({
  imports: [ProvidersModule, CheckoutsModule, PayoutsModule],
  controllers: [StripeWebhookController],
})
export class WebhooksModule {}
