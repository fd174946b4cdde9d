import { resetJetStream, serviceEnv, serviceUnderTest, type ServiceUnderTest } from '@popote/testing';
import { AppModule } from '../src/app.module';
import { paymentsConfig, type PaymentsConfig } from '../src/config';
import { CheckoutsStore } from '../src/checkouts/checkout.schema';
import { LedgerService } from '../src/payouts/ledger.service';
import { PayoutsStore } from '../src/payouts/payouts.schema';

export const WEBHOOK_SECRET = 'whsec_test_popote';
export const CONNECT_SECRET = 'whsec_test_popote_connect';

/** The collections the test files read and write: the checkouts' and the payouts' (each module's store, side by side). */
export type PaymentsStore = CheckoutsStore & PayoutsStore;

/** Payments with its collections and its HTTP address (the webhooks), as a test file drives it. */
export interface PaymentsUnderTest extends ServiceUnderTest {
  config: PaymentsConfig;
  store: PaymentsStore;
  url: string;
}

/**
 * A test file's payments: empty streams, a database of its own, the service started as its `main`
 * starts it (RPC listener, HTTP keeping the raw body the webhooks' signatures are checked on).
 * `settings`: the file's environment over the test one; `stripe: true` points Stripe at stripe-mock
 * with the tests' keys and secrets.
 */
export async function startPayments(file: string, settings: Record<string, string> = {}, stripe = false): Promise<PaymentsUnderTest> {
  await resetJetStream();
  const env = serviceEnv('payments', file);
  const stripeMock = {
    PAYMENTS_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_123',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_123',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET,
    STRIPE_API_BASE: env.STRIPE_MOCK_URL!,
  };
  const config = paymentsConfig({ ...env, ...(stripe ? stripeMock : {}), ...settings });
  const under = await serviceUnderTest('payments', AppModule.forRoot(config), config.NATS_URL, { rawBody: true });
  return { ...under, config, store: { ...under.app.get(CheckoutsStore), ...under.app.get(PayoutsStore) }, url: await under.app.getUrl() };
}

/** A picked-up sale of `total` cents (15 % commission) for the cook, straight into the ledger: checkout `co-<id>`, order `o-<id>`. */
export async function pickedUpSale(payments: PaymentsUnderTest, id: string, cookId: string, total: number): Promise<void> {
  await payments.store.checkouts.create({
    _id: `co-${id}`,
    consumer_id: 'u',
    status: 'succeeded',
    amount_cents: total,
    provider: payments.config.provider,
    lines: [],
    commission_bp: 1500,
  });
  const order = { order_id: `o-${id}`, checkout_id: `co-${id}`, cook_id: cookId, total_cents: total };
  const ledger = payments.app.get(LedgerService);
  await ledger.orderPlaced(order);
  await ledger.orderPickedUp(order);
}
