/**
 * `node services/payments/dist/reconcile-payouts.js` — the ledger against the payment provider, one
 * JSON line per connected account, exit code 1 when one does not match (runbook). Reads the payments
 * service's own configuration (MONGO_URL, MONGO_DB, STRIPE_SECRET_KEY…).
 */
import mongoose, { type Model } from 'mongoose';
import { providerFor } from './providers/providers.module';
import { paymentsConfig } from './config';
import { reconcilePayouts } from './payouts/reconcile-payouts';
import { LedgerEntry, LedgerEntrySchema, Payout, PayoutAccount, PayoutAccountSchema, PayoutSchema } from './payouts/payouts.schema';

async function main(): Promise<number> {
  const config = paymentsConfig();
  const conn = await mongoose.createConnection(config.MONGO_URL, { dbName: config.MONGO_DB }).asPromise();
  try {
    const report = await reconcilePayouts(
      {
        // The schemas' inferred virtuals differ from Nest's injected models' type; same documents.
        accounts: conn.model(PayoutAccount.name, PayoutAccountSchema) as unknown as Model<PayoutAccount>,
        payouts: conn.model(Payout.name, PayoutSchema) as unknown as Model<Payout>,
        entries: conn.model(LedgerEntry.name, LedgerEntrySchema) as unknown as Model<LedgerEntry>,
      },
      providerFor(config),
    );
    for (const line of report) console.log(JSON.stringify(line));
    const bad = report.filter((r) => !r.ok).length;
    console.error(`${report.length} account(s), ${bad} mismatch(es)`);
    return bad ? 1 : 0;
  } finally {
    await conn.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    console.error(err);
    process.exit(2);
  },
);
