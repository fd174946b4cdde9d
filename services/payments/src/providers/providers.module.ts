import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { PLATFORM_CONFIG } from '@popote/platform';
import type { PaymentsConfig } from '../config';
import { PAYMENT_PROVIDER, type PaymentProvider } from './provider';
import { ProviderEvents } from './provider-events';
import { PaymentEvent, PaymentEventSchema } from './providers.schema';
import { SandboxProvider } from './sandbox.provider';
import { StripeProvider } from './stripe.provider';

/** The card payment provider the configuration names (also used by the reconcile-payouts script). */
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

/**
 * The payment provider (Stripe, or the offline sandbox), one instance for the service, and the record
 * of its events applied. Below every other module of payments: it uses none of them.
 */
@Module({
  imports: [MongooseModule.forFeature([{ name: PaymentEvent.name, schema: PaymentEventSchema }])],
  providers: [{ provide: PAYMENT_PROVIDER, useFactory: providerFor, inject: [PLATFORM_CONFIG] }, ProviderEvents],
  exports: [PAYMENT_PROVIDER, ProviderEvents],
})
export class ProvidersModule {}
