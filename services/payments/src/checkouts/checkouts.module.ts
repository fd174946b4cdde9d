import { AccountErasureHandler, PaymentsAccountRpcController, PaymentsPersonalData } from '../account/account';
import { Module, type DynamicModule } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import type { PaymentsConfig } from '../config';
import { OrderCancelledHandler } from '../events/order-cancelled.handler';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../providers/provider';
import { SandboxProvider } from '../providers/sandbox.provider';
import { StripeProvider } from '../providers/stripe.provider';
import { StripeWebhookController } from '../webhooks/stripe-webhook.controller';
import { Checkout, CheckoutSchema, PaymentEvent, PaymentEventSchema, Refund, RefundSchema } from './checkout.schema';
import { CheckoutsRpcController } from './checkouts.rpc.controller';
import { CheckoutsService } from './checkouts.service';
import { PAYMENTS_CONFIG, ReconciliationService } from './reconciliation.service';

export function providerFor(config: PaymentsConfig): PaymentProvider {
  if (config.provider === 'stripe') {
    if (!config.STRIPE_SECRET_KEY) throw new Error('STRIPE_SECRET_KEY is required with PAYMENTS_PROVIDER=stripe');
    return new StripeProvider(
      config.STRIPE_SECRET_KEY,
      config.STRIPE_PUBLISHABLE_KEY ?? null,
      config.STRIPE_WEBHOOK_SECRET,
      config.STRIPE_API_BASE,
    );
  }
  return new SandboxProvider();
}

@Module({})
export class CheckoutsModule {
  static forRoot(config: PaymentsConfig): DynamicModule {
    return {
      module: CheckoutsModule,
      imports: [
        MongooseModule.forFeature([
          { name: Checkout.name, schema: CheckoutSchema },
          { name: PaymentEvent.name, schema: PaymentEventSchema },
          { name: Refund.name, schema: RefundSchema },
        ]),
      ],
      controllers: [CheckoutsRpcController, StripeWebhookController, PaymentsAccountRpcController],
      providers: [
        CheckoutsService,
        ReconciliationService,
        OrderCancelledHandler,
        PaymentsPersonalData,
        AccountErasureHandler,
        { provide: PAYMENT_PROVIDER, useValue: providerFor(config) },
        { provide: PAYMENTS_CONFIG, useValue: config },
      ],
      exports: [CheckoutsService, ReconciliationService],
    };
  }
}
