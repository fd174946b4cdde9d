import { PayoutsRpc, type Actor } from '@popote/contracts';
import { eventually } from '@popote/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LedgerService } from '../src/payouts/ledger.service';
import { PayoutScheduleService } from '../src/payouts/payout-schedule.service';
import type { Payout } from '../src/payouts/payouts.schema';
import { PAYMENT_PROVIDER } from '../src/providers/provider';
import { IDEMPOTENCY_WINDOW_MS, SandboxProvider } from '../src/providers/sandbox.provider';
import { pickedUpSale, startPayments, type PaymentsUnderTest, type PaymentsStore } from './payments-app';

/**
 * Payouts whose outcome was lost (the process died between the provider's transfer and its record,
 * or the provider never answered), on the sandbox provider (Stripe's transfer semantics: a key
 * honoured for 24 h, transfers listed by group) with the retry timer at one second and no rounds.
 */
describe('payouts: a lost outcome is retried by a short timer and never paid twice', () => {
  let payments: PaymentsUnderTest;
  let store: PaymentsStore;
  let sandbox: SandboxProvider;
  let ledger: LedgerService;
  const chef: Actor = { user_id: 'cook-retry-1', user_type: 'cook' };
  let accountId: string;
  let n = 0;

  beforeAll(async () => {
    payments = await startPayments(__filename, { PAYOUT_SCHEDULE: 'off', PAYOUT_RETRY_MS: '1000' });
    store = payments.store;
    sandbox = payments.app.get(PAYMENT_PROVIDER);
    ledger = payments.app.get(LedgerService);
    expect(sandbox).toBeInstanceOf(SandboxProvider);
    expect(payments.app.get(PayoutScheduleService).retryEveryMs).toBe(1_000);

    const { account } = await payments.rpc.call(PayoutsRpc.connect, { actor: chef, return_url: 'https://popote.fr/cook/dashboard' });
    accountId = account.account_id!;
    await payments.rpc.call(PayoutsRpc.completeSandboxOnboarding, { actor: chef });
  });

  afterAll(async () => {
    await payments?.close();
  });

  const sale = (total: number) => pickedUpSale(payments, `retry-${++n}`, chef.user_id, total);
  const available = async () => (await ledger.balances(chef.user_id)).available_cents;

  /**
   * What requestPayout leaves when the process dies after its writes (marker, debit, pending payout):
   * the payout written last, `agoMs` old, so the timer never sees half of it.
   */
  const leftPending = async (payoutId: string, amount: number, agoMs: number) => {
    await store.payoutsInFlight.create({ _id: chef.user_id, payout_id: payoutId, created_at: new Date() });
    await ledger.payoutRecorded({ payout_id: payoutId, cook_id: chef.user_id, amount_cents: amount });
    const at = new Date(Date.now() - agoMs);
    await store.payouts.collection.insertOne({
      _id: payoutId as never,
      cook_id: chef.user_id,
      account_id: accountId,
      amount_cents: amount,
      status: 'pending',
      trigger: 'manual',
      transfer_id: null,
      failure_reason: null,
      reversed_cents: 0,
      bank_failure: null,
      created_at: at,
      updated_at: at,
    });
  };
  const paidPayout = (payoutId: string) =>
    eventually(async () => {
      const p = await store.payouts.findById(payoutId).lean<Payout>();
      return p?.status === 'paid' ? p : undefined;
    }, 15_000);

  it('a transfer made a day ago whose record was lost is found by its transfer group and recorded, not made again', async () => {
    await sale(2000); // 1700 for the cook
    expect(await available()).toBe(1700);
    // Yesterday: the transfer was made, then the process died before recording it.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - IDEMPOTENCY_WINDOW_MS - 3_600_000 });
    let lost: { id: string };
    try {
      lost = await sandbox.transfer({
        account_id: accountId,
        amount_cents: 1700,
        payout_id: 'p-lost',
        cook_id: chef.user_id,
        idempotency_key: 'payout-p-lost',
      });
    } finally {
      vi.useRealTimers();
    }
    await leftPending('p-lost', 1700, IDEMPOTENCY_WINDOW_MS + 3_600_000);

    // The retry timer (1 s) completes it — no round runs (PAYOUT_SCHEDULE=off).
    const paid = await paidPayout('p-lost');
    expect(paid.transfer_id).toBe(lost.id);
    expect(sandbox.transfersInGroup('payout-p-lost')).toHaveLength(1);
    expect(await store.ledgerEntries.countDocuments({ payout_id: 'p-lost' })).toBe(1);
    expect(await available()).toBe(0);
    expect(await store.payoutsInFlight.countDocuments({ _id: chef.user_id })).toBe(0);
    // The retry round records its outcome right after the payouts it completed: waited for, as the payout was.
    const retried = () => store.payoutRounds.countDocuments({ _id: { $regex: /^retry:/ }, 'outcome.resumed': { $gte: 1 } });
    expect(await eventually(async () => (await retried()) || undefined)).toBeGreaterThanOrEqual(1);
  });

  it('a payout the provider never answered is made by the timer within seconds, once; later retries change nothing', async () => {
    await sale(1000); // 850
    await leftPending('p-unanswered', 850, 120_000);
    const paid = await paidPayout('p-unanswered');
    expect(sandbox.transfersInGroup('payout-p-unanswered').map((t) => [t.id, t.amount_cents, t.destination])).toEqual([
      [paid.transfer_id, 850, accountId],
    ]);
    // Two more retry periods (the timer's, and one asked here): nothing pending, nothing transferred again.
    const schedule = payments.app.get(PayoutScheduleService);
    await new Promise((r) => setTimeout(r, 2_200));
    expect(await schedule.retryLost(new Date(Date.now() + 3_600_000))).toMatchObject({ ran: true, resumed: 0 });
    expect(sandbox.transfersInGroup('payout-p-unanswered')).toHaveLength(1);
    expect(await store.payouts.countDocuments({ cook_id: chef.user_id })).toBe(2);
    expect(await store.payouts.countDocuments({ cook_id: chef.user_id, status: 'paid' })).toBe(2);
    expect(await store.ledgerEntries.countDocuments({ cook_id: chef.user_id, kind: 'payout' })).toBe(2);
    expect(await available()).toBe(0);
  });
});
