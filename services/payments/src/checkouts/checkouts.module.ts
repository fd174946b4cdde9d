import { Module, type DynamicModule } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import type { PaymentsConfig } from '../config';
import { OrderCancelledHandler } from '../events/order-cancelled.handler';
import { OrderPickedUpHandler } from '../events/order-picked-up.handler';
import { LedgerService } from '../payouts/ledger.service';
import { PayoutAccountsService } from '../payouts/payout-accounts.service';
import { PayoutScheduleService } from '../payouts/payout-schedule.service';
import { PayoutsRpcController } from '../payouts/payouts.rpc.controller';
import { PayoutsService } from '../payouts/payouts.service';
import { ReceiptsRpcController } from '../receipts/receipts.rpc.controller';
import { ReceiptsService } from '../receipts/receipts.service';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../providers/provider';
import { SandboxProvider } from '../providers/sandbox.provider';
import { StripeProvider } from '../providers/stripe.provider';
import { StripeWebhookController } from '../webhooks/stripe-webhook.controller';
import { BuyerReservations } from './buyer-reservations';
import { CheckoutsRpcController } from './checkouts.rpc.controller';
import { CheckoutsService } from './checkouts.service';
import { PAYMENTS_CONFIG } from '../config';
import { ReconciliationService } from './reconciliation.service';
import { RefundsService } from './refunds.service';
import { PaymentsStore } from '../store';

export function providerFor(config: PaymentsConfig): PaymentProvider {
  if (config.provider === 'stripe') {
    if (!config.STRIPE_SECRET_KEY) throw new Error('STRIPE_SECRET_KEY is required with PAYMENTS_PROVIDER=stripe');
    return new StripeProvider(
      config.STRIPE_SECRET_KEY,
      config.STRIPE_PUBLISHABLE_KEY ?? null,
      config.STRIPE_WEBHOOK_SECRET,
      config.STRIPE_API_BASE,
      config.STRIPE_CONNECT_WEBHOOK_SECRET,
    );
  }
  return new SandboxProvider();
}

@Module({})
export class CheckoutsModule {
  static forRoot(config: PaymentsConfig): DynamicModule {
    return {
      module: CheckoutsModule,
      imports: [MongooseModule.forFeature(PaymentsStore.definitions)],
      controllers: [CheckoutsRpcController, PayoutsRpcController, ReceiptsRpcController, StripeWebhookController],
      providers: [
        PaymentsStore,
        CheckoutsService,
        RefundsService,
        BuyerReservations,
        ReconciliationService,
        OrderCancelledHandler,
        OrderPickedUpHandler,
        LedgerService,
        PayoutsService,
        PayoutAccountsService,
        PayoutScheduleService,
        ReceiptsService,
        { provide: PAYMENT_PROVIDER, useValue: providerFor(config) },
        { provide: PAYMENTS_CONFIG, useValue: config },
      ],
      exports: [
        PaymentsStore,
        CheckoutsService,
        ReconciliationService,
        LedgerService,
        PayoutsService,
        PayoutScheduleService,
        ReceiptsService,
        MongooseModule,
      ],
    };
  }
}
