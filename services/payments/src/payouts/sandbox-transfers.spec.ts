import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDEMPOTENCY_WINDOW_MS, SandboxProvider } from '../providers/sandbox.provider';

const input = { account_id: 'acct_sbx_1', amount_cents: 1700, payout_id: 'p-1', cook_id: 'c-1', idempotency_key: 'payout-p-1' };

describe('sandbox transfers, as Stripe’s: a key for 24 h, a lookup by transfer group', () => {
  afterEach(() => vi.useRealTimers());

  it('answers the same transfer for a key within its window, a new one after it', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-20T10:00:00Z') });
    const sandbox = new SandboxProvider();
    const first = await sandbox.transfer(input);
    vi.setSystemTime(new Date(Date.now() + IDEMPOTENCY_WINDOW_MS - 1));
    expect(await sandbox.transfer(input)).toEqual(first);
    expect(sandbox.transfersInGroup('payout-p-1')).toHaveLength(1);
    vi.setSystemTime(new Date(Date.now() + 2));
    expect((await sandbox.transfer(input)).id).not.toBe(first.id);
    expect(sandbox.transfersInGroup('payout-p-1')).toHaveLength(2);
  });

  it('finds a payout’s transfer by its group and destination only', async () => {
    const sandbox = new SandboxProvider();
    expect(await sandbox.findPayoutTransfer({ account_id: 'acct_sbx_1', payout_id: 'p-1' })).toBeNull();
    const made = await sandbox.transfer(input);
    expect(await sandbox.findPayoutTransfer({ account_id: 'acct_sbx_1', payout_id: 'p-1' })).toEqual({ id: made.id, amount_cents: 1700 });
    expect(await sandbox.findPayoutTransfer({ account_id: 'acct_sbx_2', payout_id: 'p-1' })).toBeNull();
    expect(await sandbox.findPayoutTransfer({ account_id: 'acct_sbx_1', payout_id: 'p-2' })).toBeNull();
  });
});
