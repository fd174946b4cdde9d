import type { Model } from 'mongoose';
import type { PaymentProvider } from '../providers/provider';
import type { LedgerEntry, Payout, PayoutAccount } from './payouts.schema';

export interface PayoutReconciliation {
  cook_id: string;
  account_id: string;
  /** Payouts recorded paid, net of what was reversed of their transfers. */
  paid_cents: number;
  /** Payouts still pending (asked of the provider, not confirmed). */
  pending_cents: number;
  /** What the ledger debited for payouts, net of refusals and reversals: must equal paid + pending. */
  ledger_cents: number;
  /** Net transfers the provider made to the account (null: the sandbox keeps no record). */
  provider_cents: number | null;
  ok: boolean;
}

/**
 * The ledger against the provider, per connected account: the sum of the
 * provider's transfers (net of reversals) must equal the sum of the payouts recorded paid, and the
 * ledger's payout debits (net of failures) the payouts paid or pending. Pending payouts are
 * reported, not counted as a mismatch on the provider side (a round will complete them).
 */
export async function reconcilePayouts(
  models: { accounts: Model<PayoutAccount>; payouts: Model<Payout>; entries: Model<LedgerEntry> },
  provider: Pick<PaymentProvider, 'transferredTo'>,
): Promise<PayoutReconciliation[]> {
  const report: PayoutReconciliation[] = [];
  for (const account of await models.accounts.find({}, { _id: 1, account_id: 1 }).lean<PayoutAccount[]>()) {
    const payouts = await models.payouts.find({ cook_id: account._id }, { amount_cents: 1, status: 1, reversed_cents: 1 }).lean<Payout[]>();
    const sum = (status: Payout['status']) =>
      payouts.filter((p) => p.status === status).reduce((s, p) => s + p.amount_cents - (p.reversed_cents ?? 0), 0);
    const entries = await models.entries
      .find({ cook_id: account._id, kind: { $in: ['payout', 'payout_failure'] } }, { available_cents: 1 })
      .lean<LedgerEntry[]>();
    const ledger = -entries.reduce((s, e) => s + e.available_cents, 0);
    const paid = sum('paid');
    const pending = sum('pending');
    const providerCents = await provider.transferredTo(account.account_id);
    report.push({
      cook_id: account._id,
      account_id: account.account_id,
      paid_cents: paid,
      pending_cents: pending,
      ledger_cents: ledger,
      provider_cents: providerCents,
      ok: ledger === paid + pending && (providerCents === null || providerCents === paid),
    });
  }
  return report;
}
