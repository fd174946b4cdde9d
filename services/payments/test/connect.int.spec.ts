import { PAYOUT_MESSAGES, PayoutsRpc, type Actor } from '@popote/contracts';
import { expectDomainError } from '@popote/testing';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LedgerService } from '../src/payouts/ledger.service';
import { PayoutScheduleService } from '../src/payouts/payout-schedule.service';
import { reconcilePayouts } from '../src/payouts/reconcile-payouts';
import type { LedgerEntry, Payout, PayoutAccount } from '../src/payouts/payouts.schema';
import { StripeProvider } from '../src/providers/stripe.provider';
import { CONNECT_SECRET, pickedUpSale, startPayments, WEBHOOK_SECRET, type PaymentsUnderTest, type PaymentsStore } from './payments-app';

describe('payouts: Stripe Connect against stripe-mock, signed Connect webhooks, bad input', () => {
  let payments: PaymentsUnderTest;
  let store: PaymentsStore;
  let stripeMock: string;
  let ledger: LedgerService;
  const signer = new Stripe('sk_test_123');
  const chef: Actor = { user_id: 'cook-connect-1', user_type: 'cook' };
  let accountId: string;
  let n = 0;

  beforeAll(async () => {
    payments = await startPayments(__filename, { PAYOUT_SCHEDULE: 'off' }, true);
    store = payments.store;
    stripeMock = payments.config.STRIPE_API_BASE!;
    ledger = payments.app.get(LedgerService);
  });

  afterAll(async () => {
    await payments?.close();
  });

  const post = (path: 'stripe' | 'stripe/connect', event: object, secret = path === 'stripe' ? WEBHOOK_SECRET : CONNECT_SECRET) => {
    const payload = JSON.stringify(event);
    return fetch(`${payments.url}/webhooks/${path}`, {
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
  const sale = (cookId: string, total: number) => pickedUpSale(payments, String(++n), cookId, total);
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
    // The lookup by transfer group is a valid request; stripe-mock's fixture transfer is of another group.
    expect(await provider.findPayoutTransfer({ account_id: account.id, payout_id: 'p-1' })).toBeNull();
  });

  it('connects (pending), then a signed account.updated enables it; duplicates and older events change nothing', async () => {
    const noAccount = await expectDomainError(payments.rpc.call(PayoutsRpc.requestPayout, { actor: chef }));
    expect(noAccount.message).toBe(PAYOUT_MESSAGES.noAccount);
    const connected = await payments.rpc.call(PayoutsRpc.connect, {
      actor: chef,
      return_url: 'https://popote.fr/cook/dashboard?onglet=paiements',
    });
    expect(connected.url).toMatch(/^https:\/\//);
    accountId = connected.account.account_id!;
    expect(connected.account.status).toBe('pending');
    expect((await expectDomainError(payments.rpc.call(PayoutsRpc.completeSandboxOnboarding, { actor: chef }))).code).toBe('FORBIDDEN');

    expect((await post('stripe/connect', accountUpdated('evt_acct_2', 200, true))).body.result).toBe('applied');
    expect((await post('stripe/connect', accountUpdated('evt_acct_2', 200, true))).body.result).toBe('duplicate');
    // An older "not enabled" arriving late is ignored.
    expect((await post('stripe/connect', accountUpdated('evt_acct_1', 100, false))).body.result).toBe('ignored');
    expect((await store.payoutAccounts.findById(chef.user_id).lean<PayoutAccount>())?.status).toBe('enabled');
    // Signed with the platform endpoint's secret, not Connect's: refused, nothing applied.
    expect((await post('stripe/connect', accountUpdated('evt_acct_3', 300, false), WEBHOOK_SECRET)).status).toBe(400);
    expect((await store.payoutAccounts.findById(chef.user_id).lean<PayoutAccount>())?.status).toBe('enabled');
  });

  it('refuses a payout over the balance and a second one in flight, in French, with nothing half-saved', async () => {
    await sale(chef.user_id, 2000); // 1700 for the cook
    const ledgerBefore = await store.ledgerEntries.countDocuments();
    const over = await expectDomainError(payments.rpc.call(PayoutsRpc.requestPayout, { actor: chef, amount_cents: 1701 }));
    expect(over).toMatchObject({ code: 'VALIDATION_FAILED', message: 'Le montant demandé dépasse votre solde disponible (17,00 €).' });
    const bad = await expectDomainError(payments.rpc.call(PayoutsRpc.requestPayout, { actor: chef, amount_cents: -5 }));
    expect(bad.message).toMatch(/Données invalides|montant/i);

    await store.payoutsInFlight.create({ _id: chef.user_id, payout_id: 'elsewhere', created_at: new Date() });
    expect((await expectDomainError(payments.rpc.call(PayoutsRpc.requestPayout, { actor: chef }))).message).toBe(PAYOUT_MESSAGES.inFlight);
    await store.payoutsInFlight.deleteOne({ _id: chef.user_id });
    expect(await store.ledgerEntries.countDocuments()).toBe(ledgerBefore);
    expect(await store.payouts.countDocuments()).toBe(0);

    // Two requests at once: one payout, the other refused; the balance is paid out once.
    const both = await Promise.allSettled([
      payments.rpc.call(PayoutsRpc.requestPayout, { actor: chef }),
      payments.rpc.call(PayoutsRpc.requestPayout, { actor: chef }),
    ]);
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = both.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect([PAYOUT_MESSAGES.inFlight, PAYOUT_MESSAGES.nothingAvailable]).toContain((refused.reason as Error).message);
    expect(await store.payouts.countDocuments({ cook_id: chef.user_id })).toBe(1);
    expect(await available()).toBe(0);
    expect(await store.payoutsInFlight.countDocuments()).toBe(0);
  });

  it('transfer.reversed credits each reversal once, by its id: two partial ones, replays and late copies credit exactly their amounts', async () => {
    const payout = (await store.payouts.findOne({ cook_id: chef.user_id }).lean<Payout>())!;
    expect(payout).toMatchObject({ status: 'paid', amount_cents: 1700 });
    expect(payout.transfer_id).toMatch(/^tr_/);
    const credits = () => store.ledgerEntries.countDocuments({ kind: 'payout_failure', payout_id: payout._id });
    /** Stripe's transfer as its webhooks carry it: every reversal so far. */
    const transfer = (id: string, type: string, reversals: Array<[string, number]> = []) => ({
      id,
      type,
      created: 400,
      data: {
        object: {
          id: payout.transfer_id,
          amount: 1700,
          amount_reversed: reversals.reduce((sum, [, cents]) => sum + cents, 0),
          reversals: { object: 'list', has_more: false, data: reversals.map(([rid, amount]) => ({ id: rid, amount })) },
          destination: accountId,
          metadata: { payout_id: payout._id },
        },
      },
    });
    expect((await post('stripe', transfer('evt_tr_created', 'transfer.created'))).body.result).toBe('ignored'); // already paid

    // First partial reversal (5,00 €), then its replay.
    expect((await post('stripe', transfer('evt_rev_1', 'transfer.reversed', [['trr_1', 500]]))).body.result).toBe('applied');
    expect((await post('stripe', transfer('evt_rev_1', 'transfer.reversed', [['trr_1', 500]]))).body.result).toBe('duplicate');
    expect(await credits()).toBe(1);
    expect(await available()).toBe(500);
    // Second partial reversal (3,00 €): its event lists both; only the new one is credited. Replayed, and the first arriving late under another id: nothing more.
    const both: Array<[string, number]> = [
      ['trr_1', 500],
      ['trr_2', 300],
    ];
    expect((await post('stripe', transfer('evt_rev_2', 'transfer.reversed', both))).body.result).toBe('applied');
    expect((await post('stripe', transfer('evt_rev_2', 'transfer.reversed', both))).body.result).toBe('duplicate');
    expect((await post('stripe', transfer('evt_rev_1_late', 'transfer.reversed', [['trr_1', 500]]))).body.result).toBe('ignored');
    expect(await credits()).toBe(2);
    expect(
      (await store.ledgerEntries.find({ payout_id: payout._id, kind: 'payout_failure' }).lean<LedgerEntry[]>())
        .map((e) => [e._id, e.available_cents])
        .sort(),
    ).toEqual([
      ['transfer_reversal:trr_1', 500],
      ['transfer_reversal:trr_2', 300],
    ]);
    expect(await available()).toBe(800);
    expect(await store.payouts.findById(payout._id).lean<Payout>()).toMatchObject({
      status: 'paid',
      reversed_cents: 800,
      failure_reason: 'Virement annulé en partie par le prestataire (8,00 € recrédités)',
    });

    // A reversal that would credit more than the payout is refused (alerted); the rest of it fails the payout.
    const over: Array<[string, number]> = [...both, ['trr_x', 1000]];
    expect((await post('stripe', transfer('evt_rev_over', 'transfer.reversed', over))).body.result).toBe('ignored');
    expect(await available()).toBe(800);
    const all: Array<[string, number]> = [...both, ['trr_3', 900]];
    expect((await post('stripe', transfer('evt_rev_3', 'transfer.reversed', all))).body.result).toBe('applied');
    expect((await post('stripe', transfer('evt_rev_3_again', 'transfer.reversed', all))).body.result).toBe('ignored');
    // A transfer.created delivered late does not make a failed payout paid again.
    expect((await post('stripe', transfer('evt_tr_created_late', 'transfer.created'))).body.result).toBe('ignored');
    expect(await store.payouts.findById(payout._id).lean<Payout>()).toMatchObject({ status: 'failed', reversed_cents: 1700 });
    expect(await credits()).toBe(3);
    expect(await available()).toBe(1700);
    // Without its reversals (an unknown shape) nothing is credited.
    expect(
      (
        await post('stripe', {
          ...transfer('evt_rev_bad', 'transfer.reversed'),
          data: { object: { id: payout.transfer_id, amount: 1700 } },
        })
      ).body.result,
    ).toBe('ignored');
    expect(await credits()).toBe(3);
  });

  it('payout.failed (the bank payout of the connected account): recorded and alerted, nothing credited; the next round transfers nothing more', async () => {
    const schedule = payments.app.get(PayoutScheduleService);
    const { payout } = await payments.rpc.call(PayoutsRpc.requestPayout, { actor: chef });
    expect(payout).toMatchObject({ status: 'paid', amount_cents: 1700 });
    expect(await available()).toBe(0);
    const ledgerBefore = await store.ledgerEntries.countDocuments({ cook_id: chef.user_id });
    const payoutsBefore = await store.payouts.countDocuments({ cook_id: chef.user_id });
    const failed = (id: string) => ({
      id,
      type: 'payout.failed',
      created: 500,
      account: accountId,
      data: { object: { id: 'po_123', amount: 1700, failure_code: 'account_closed', failure_message: 'The bank account has been closed' } },
    });
    expect((await post('stripe/connect', failed('evt_po_failed'))).body.result).toBe('applied');
    expect((await post('stripe/connect', failed('evt_po_failed'))).body.result).toBe('duplicate');
    expect((await post('stripe/connect', failed('evt_po_failed_2'))).body.result).toBe('ignored');
    // Stripe put the money back on the connected account's balance: the platform owes nothing more.
    expect(await available()).toBe(0);
    expect(await store.ledgerEntries.countDocuments({ cook_id: chef.user_id })).toBe(ledgerBefore);
    const recorded = (await store.payouts.findById(payout.payout_id).lean<Payout>())!;
    expect(recorded).toMatchObject({ status: 'paid', bank_failure: { provider_payout_id: 'po_123', code: 'account_closed' } });
    const overview = await payments.rpc.call(PayoutsRpc.overview, { actor: chef });
    expect(overview.payouts.find((p) => p.payout_id === payout.payout_id)?.failure_reason).toBe(
      'Le virement vers votre compte bancaire a échoué : la somme reste sur votre compte Stripe. Vérifiez vos coordonnées bancaires.',
    );

    // The next round: nothing to pay, no transfer asked.
    expect(await schedule.round('test:after-bank-failure')).toMatchObject({ ran: true, resumed: 0, paid: 0, failed: 0 });
    expect(await store.payouts.countDocuments({ cook_id: chef.user_id })).toBe(payoutsBefore);
    expect(await store.ledgerEntries.countDocuments({ cook_id: chef.user_id })).toBe(ledgerBefore);
    expect(await available()).toBe(0);
  });

  it('a scheduled round pays every enabled account once per period, and completes a payout a crash left pending', async () => {
    const schedule = payments.app.get(PayoutScheduleService);
    await sale(chef.user_id, 2000); // 1700 for the cook
    // A payout recorded before a crash, the provider never asked: the round completes it with its key.
    await store.payouts.create({
      _id: 'p-crashed',
      cook_id: chef.user_id,
      account_id: accountId,
      amount_cents: 200,
      status: 'pending',
      trigger: 'manual',
    });
    await store.payoutsInFlight.create({ _id: chef.user_id, payout_id: 'p-crashed', created_at: new Date(Date.now() - 120_000) });
    await store.payouts.collection.updateOne({ _id: 'p-crashed' as never }, { $set: { created_at: new Date(Date.now() - 120_000) } });
    const first = await schedule.round('test:1');
    expect(first).toMatchObject({ ran: true, resumed: 1, paid: 1 });
    expect((await store.payouts.findById('p-crashed').lean<Payout>())?.status).toBe('paid');
    expect(await store.ledgerEntries.countDocuments({ _id: 'payout:p-crashed' })).toBe(1);
    expect(await available()).toBe(0); // 1700 − 200 (completed) − 1500 (scheduled)
    expect(await schedule.round('test:1')).toMatchObject({ ran: false });
  });

  it('reconciles the ledger against the provider: transfers net of reversals = payouts recorded paid; a difference is reported', async () => {
    const models = { accounts: store.payoutAccounts, payouts: store.payouts, entries: store.ledgerEntries };
    const paidPayouts = await store.payouts.find({ cook_id: chef.user_id, status: 'paid' }).lean<Payout[]>();
    // 1700 (its bank payout failed: still transferred), 200 (completed after the crash), 1500 (scheduled); the first 1700 was reversed.
    expect(paidPayouts.map((p) => p.amount_cents).sort((a, b) => a - b)).toEqual([200, 1500, 1700]);
    // 3,00 € of the scheduled one reversed.
    const scheduled = paidPayouts.find((p) => p.amount_cents === 1500)!;
    const reversed = {
      id: 'evt_rev_sched',
      type: 'transfer.reversed',
      created: 600,
      data: {
        object: {
          id: scheduled.transfer_id,
          amount: 1500,
          amount_reversed: 300,
          reversals: { data: [{ id: 'trr_sched_1', amount: 300 }], has_more: false },
          metadata: { payout_id: scheduled._id },
        },
      },
    };
    expect((await post('stripe', reversed)).body.result).toBe('applied');
    const net = 3400 - 300;
    const [line] = await reconcilePayouts(models, { transferredTo: async () => net });
    expect(line).toMatchObject({
      cook_id: chef.user_id,
      paid_cents: net,
      pending_cents: 0,
      ledger_cents: net,
      provider_cents: net,
      ok: true,
    });
    const [off] = await reconcilePayouts(models, { transferredTo: async () => net + 1 });
    expect(off.ok).toBe(false);
    // The Stripe adapter sums the account's transfers (stripe-mock answers its fixture list).
    const provider = new StripeProvider('sk_test_123', null, WEBHOOK_SECRET, stripeMock, CONNECT_SECRET);
    expect(Number.isInteger(await provider.transferredTo(accountId))).toBe(true);
  });
});
