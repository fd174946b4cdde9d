import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { MicroserviceOptions } from '@nestjs/microservices';
import { getModelToken } from '@nestjs/mongoose';
import { PAYOUT_MESSAGES, PayoutsRpc, type Actor } from '@popote/contracts';
import { rpcServerOptions, type RpcClient } from '@popote/platform';
import { expectDomainError, resetJetStream, serviceEnv, testRpcClient } from '@popote/testing';
import type { Model } from 'mongoose';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppModule } from '../src/app.module';
import { Checkout } from '../src/checkouts/checkout.schema';
import { paymentsConfig } from '../src/config';
import { LedgerService } from '../src/payouts/ledger.service';
import { PayoutScheduleService } from '../src/payouts/payout-schedule.service';
import { reconcilePayouts } from '../src/payouts/reconcile-payouts';
import { LedgerEntry, Payout, PayoutAccount, PayoutInFlight } from '../src/payouts/payouts.schema';
import { StripeProvider } from '../src/providers/stripe.provider';

const WEBHOOK_SECRET = 'whsec_test_popote';
const CONNECT_SECRET = 'whsec_test_popote_connect';

describe('payouts: Stripe Connect against stripe-mock, signed Connect webhooks, bad input', () => {
  let app: INestApplication;
  let url: string;
  let rpc: RpcClient;
  let stripeMock: string;
  let ledger: LedgerService;
  let checkouts: Model<Checkout>;
  let entries: Model<LedgerEntry>;
  let payouts: Model<Payout>;
  let accounts: Model<PayoutAccount>;
  let inFlight: Model<PayoutInFlight>;
  const signer = new Stripe('sk_test_123');
  const chef: Actor = { user_id: 'cook-connect-1', user_type: 'cook' };
  let accountId: string;
  let n = 0;

  beforeAll(async () => {
    await resetJetStream();
    const env = serviceEnv('payments', __filename);
    stripeMock = env.STRIPE_MOCK_URL!;
    const config = paymentsConfig({
      ...env,
      PAYMENTS_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_SECRET,
      STRIPE_API_BASE: stripeMock,
      PAYOUT_SCHEDULE: 'off',
    });
    app = await NestFactory.create(AppModule.forRoot(config), { logger: ['error'], rawBody: true });
    app.connectMicroservice<MicroserviceOptions>(rpcServerOptions('payments', config), { inheritAppConfig: true });
    await app.startAllMicroservices();
    await app.listen(0, '127.0.0.1');
    url = await app.getUrl();
    rpc = await testRpcClient(env.NATS_URL);
    ledger = app.get(LedgerService);
    checkouts = app.get(getModelToken(Checkout.name));
    entries = app.get(getModelToken(LedgerEntry.name));
    payouts = app.get(getModelToken(Payout.name));
    accounts = app.get(getModelToken(PayoutAccount.name));
    inFlight = app.get(getModelToken(PayoutInFlight.name));
  });

  afterAll(async () => {
    await rpc?.close();
    await app?.close();
  });

  const post = (path: 'stripe' | 'stripe/connect', event: object, secret = path === 'stripe' ? WEBHOOK_SECRET : CONNECT_SECRET) => {
    const payload = JSON.stringify(event);
    return fetch(`${url}/webhooks/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret }) },
      body: payload,
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as { result?: string } }));
  };
  const accountUpdated = (id: string, created: number, enabled: boolean) => ({
    id,
    type: 'account.updated',
    created,
    data: { object: { id: accountId, payouts_enabled: enabled, details_submitted: enabled, charges_enabled: enabled } },
  });
  /** A picked-up sale of `total` cents (15 %) for the cook, straight into the ledger. */
  const sale = async (cookId: string, total: number) => {
    const id = `co-${++n}`;
    await checkouts.create({
      _id: id,
      consumer_id: 'u',
      status: 'succeeded',
      amount_cents: total,
      provider: 'stripe',
      lines: [],
      commission_bp: 1500,
    });
    const order = { order_id: `o-${n}`, checkout_id: id, cook_id: cookId, total_cents: total };
    await ledger.orderPlaced(order);
    await ledger.orderPickedUp(order);
  };
  const available = async (cookId = chef.user_id) => (await ledger.balances(cookId)).available_cents;

  it('the Stripe adapter creates an Express account, its onboarding link and a transfer (stripe-mock)', async () => {
    const provider = new StripeProvider('sk_test_123', null, WEBHOOK_SECRET, stripeMock, CONNECT_SECRET);
    const account = await provider.createConnectedAccount({ cook_id: 'c-x' });
    expect(account.id).toMatch(/^acct_/);
    expect((await provider.onboardingLink({ account_id: account.id, return_url: 'https://popote.fr/cook/dashboard' })).url).toMatch(
      /^https:\/\//,
    );
    const transfer = await provider.transfer({
      account_id: account.id,
      amount_cents: 1700,
      payout_id: 'p-1',
      cook_id: 'c-x',
      idempotency_key: 'payout-p-1',
    });
    expect(transfer.id).toMatch(/^tr_/);
  });

  it('connects (pending), then a signed account.updated enables it; duplicates and older events change nothing', async () => {
    const noAccount = await expectDomainError(rpc.call(PayoutsRpc.requestPayout, { actor: chef }));
    expect(noAccount.message).toBe(PAYOUT_MESSAGES.noAccount);
    const connected = await rpc.call(PayoutsRpc.connect, { actor: chef, return_url: 'https://popote.fr/cook/dashboard?onglet=paiements' });
    expect(connected.url).toMatch(/^https:\/\//);
    accountId = connected.account.account_id!;
    expect(connected.account.status).toBe('pending');
    expect((await expectDomainError(rpc.call(PayoutsRpc.completeSandboxOnboarding, { actor: chef }))).code).toBe('FORBIDDEN');

    expect((await post('stripe/connect', accountUpdated('evt_acct_2', 200, true))).body.result).toBe('applied');
    expect((await post('stripe/connect', accountUpdated('evt_acct_2', 200, true))).body.result).toBe('duplicate');
    // An older "not enabled" arriving late is ignored.
    expect((await post('stripe/connect', accountUpdated('evt_acct_1', 100, false))).body.result).toBe('ignored');
    expect((await accounts.findById(chef.user_id).lean<PayoutAccount>())?.status).toBe('enabled');
    // Signed with the platform endpoint's secret, not Connect's: refused, nothing applied.
    expect((await post('stripe/connect', accountUpdated('evt_acct_3', 300, false), WEBHOOK_SECRET)).status).toBe(400);
    expect((await accounts.findById(chef.user_id).lean<PayoutAccount>())?.status).toBe('enabled');
  });

  it('refuses a payout over the balance and a second one in flight, in French, with nothing half-saved', async () => {
    await sale(chef.user_id, 2000); // 1700 for the cook
    const ledgerBefore = await entries.countDocuments();
    const over = await expectDomainError(rpc.call(PayoutsRpc.requestPayout, { actor: chef, amount_cents: 1701 }));
    expect(over).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Le montant demandé dépasse votre solde disponible (17,00 €).' });
    const bad = await expectDomainError(rpc.call(PayoutsRpc.requestPayout, { actor: chef, amount_cents: -5 }));
    expect(bad.message).toMatch(/Données invalides|montant/i);

    await inFlight.create({ _id: chef.user_id, payout_id: 'elsewhere', created_at: new Date() });
    expect((await expectDomainError(rpc.call(PayoutsRpc.requestPayout, { actor: chef }))).message).toBe(PAYOUT_MESSAGES.inFlight);
    await inFlight.deleteOne({ _id: chef.user_id });
    expect(await entries.countDocuments()).toBe(ledgerBefore);
    expect(await payouts.countDocuments()).toBe(0);

    // Two requests at once: one payout, the other refused; the balance is paid out once.
    const both = await Promise.allSettled([
      rpc.call(PayoutsRpc.requestPayout, { actor: chef }),
      rpc.call(PayoutsRpc.requestPayout, { actor: chef }),
    ]);
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = both.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect([PAYOUT_MESSAGES.inFlight, PAYOUT_MESSAGES.nothingAvailable]).toContain((refused.reason as Error).message);
    expect(await payouts.countDocuments({ cook_id: chef.user_id })).toBe(1);
    expect(await available()).toBe(0);
    expect(await inFlight.countDocuments()).toBe(0);
  });

  it('transfer.created then transfer.reversed: the payout fails once and its amount returns; late or repeated events change nothing', async () => {
    const payout = (await payouts.findOne({ cook_id: chef.user_id }).lean<Payout>())!;
    expect(payout).toMatchObject({ status: 'paid', amount_cents: 1700 });
    expect(payout.transfer_id).toMatch(/^tr_/);
    const transfer = (id: string, type: string) => ({
      id,
      type,
      created: 400,
      data: { object: { id: payout.transfer_id, amount: 1700, destination: accountId, metadata: { payout_id: payout._id } } },
    });
    expect((await post('stripe', transfer('evt_tr_created', 'transfer.created'))).body.result).toBe('ignored'); // already paid
    expect((await post('stripe', transfer('evt_tr_reversed', 'transfer.reversed'))).body.result).toBe('applied');
    expect((await post('stripe', transfer('evt_tr_reversed', 'transfer.reversed'))).body.result).toBe('duplicate');
    expect((await post('stripe', transfer('evt_tr_reversed_again', 'transfer.reversed'))).body.result).toBe('ignored');
    // A transfer.created delivered late does not make a failed payout paid again.
    expect((await post('stripe', transfer('evt_tr_created_late', 'transfer.created'))).body.result).toBe('ignored');
    expect((await payouts.findById(payout._id).lean<Payout>())?.status).toBe('failed');
    expect(await entries.countDocuments({ kind: 'payout_failure', payout_id: payout._id })).toBe(1);
    expect(await available()).toBe(1700);
  });

  it('payout.failed (the bank payout of the connected account) returns the amount to the balance, once', async () => {
    const { payout } = await rpc.call(PayoutsRpc.requestPayout, { actor: chef, amount_cents: 1000 });
    expect(payout.status).toBe('paid');
    expect(await available()).toBe(700);
    const failed = (id: string) => ({
      id,
      type: 'payout.failed',
      created: 500,
      account: accountId,
      data: { object: { id: 'po_123', amount: 1000, failure_message: 'Compte bancaire fermé' } },
    });
    expect((await post('stripe/connect', failed('evt_po_failed'))).body.result).toBe('applied');
    expect((await post('stripe/connect', failed('evt_po_failed'))).body.result).toBe('duplicate');
    expect((await post('stripe/connect', failed('evt_po_failed_2'))).body.result).toBe('ignored');
    expect(await available()).toBe(1700);
    expect(await payouts.findById(payout.payout_id).lean<Payout>()).toMatchObject({
      status: 'failed',
      failure_reason: 'Compte bancaire fermé',
    });
  });

  it('a scheduled round pays every enabled account once per period, and completes a payout a crash left pending', async () => {
    const schedule = app.get(PayoutScheduleService);
    // A payout recorded before a crash, the provider never asked: the round completes it with its key.
    await payouts.create({
      _id: 'p-crashed',
      cook_id: chef.user_id,
      account_id: accountId,
      amount_cents: 200,
      status: 'pending',
      trigger: 'manual',
    });
    await inFlight.create({ _id: chef.user_id, payout_id: 'p-crashed', created_at: new Date(Date.now() - 120_000) });
    await payouts.collection.updateOne({ _id: 'p-crashed' as never }, { $set: { created_at: new Date(Date.now() - 120_000) } });
    const first = await schedule.round('test:1');
    expect(first).toMatchObject({ ran: true, resumed: 1, paid: 1 });
    expect((await payouts.findById('p-crashed').lean<Payout>())?.status).toBe('paid');
    expect(await entries.countDocuments({ _id: 'payout:p-crashed' })).toBe(1);
    expect(await available()).toBe(0); // 1700 − 200 (completed) − 1500 (scheduled)
    expect(await schedule.round('test:1')).toMatchObject({ ran: false });
  });

  it('reconciles the ledger against the provider: transfers = payouts recorded paid; a difference is reported', async () => {
    const models = { accounts, payouts, entries };
    const paid = (await payouts.find({ cook_id: chef.user_id, status: 'paid' }).lean<Payout[]>()).reduce(
      (sum, p) => sum + p.amount_cents,
      0,
    );
    expect(paid).toBe(1700); // 200 (completed after the crash) + 1500 (scheduled); 1700 and 1000 failed
    const [line] = await reconcilePayouts(models, { transferredTo: async () => paid });
    expect(line).toMatchObject({
      cook_id: chef.user_id,
      paid_cents: 1700,
      pending_cents: 0,
      ledger_cents: 1700,
      provider_cents: 1700,
      ok: true,
    });
    const [off] = await reconcilePayouts(models, { transferredTo: async () => paid + 1 });
    expect(off.ok).toBe(false);
    // The Stripe adapter sums the account's transfers (stripe-mock answers its fixture list).
    const provider = new StripeProvider('sk_test_123', null, WEBHOOK_SECRET, stripeMock, CONNECT_SECRET);
    expect(Number.isInteger(await provider.transferredTo(accountId))).toBe(true);
  });
});
