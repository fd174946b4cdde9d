import { Logger } from '@nestjs/common';
import { euros } from '@popote/contracts';
import type { Model } from 'mongoose';
import { z } from 'zod';
import type { ProviderEvent } from '../providers/provider';
import type { LedgerService } from './ledger.service';
import type { Payout, PayoutAccount } from './payouts.schema';

/** What the cook's dashboard says about a payout after the fact (its `failure_reason`). */
export const PAYOUT_INCIDENT_TEXTS = {
  reversed: 'Virement annulé par le prestataire',
  partlyReversed: (cents: number) => `Virement annulé en partie par le prestataire (${euros(cents)} recrédités)`,
  bankPayoutFailed:
    'Le virement vers votre compte bancaire a échoué : la somme reste sur votre compte Stripe. Vérifiez vos coordonnées bancaires.',
} as const;

const stripeId = z.string().min(1).max(255);

/** Stripe's transfer as `transfer.reversed` carries it: every reversal so far, each with its id and amount. */
const reversedTransferSchema = z.object({
  id: stripeId,
  amount: z.number().int().positive(),
  amount_reversed: z.number().int().min(0),
  metadata: z.record(z.string(), z.string()).nullish(),
  reversals: z.object({
    data: z.array(z.object({ id: stripeId, amount: z.number().int().positive() })),
    has_more: z.boolean().optional(),
  }),
});

/** Stripe's payout (connected account → its bank) as `payout.failed` carries it. */
const failedBankPayoutSchema = z.object({
  id: stripeId,
  amount: z.number().int().positive(),
  failure_message: z.string().max(1000).nullish(),
  failure_code: z.string().max(200).nullish(),
});

interface Deps {
  payouts: Model<Payout>;
  accounts: Model<PayoutAccount>;
  ledger: LedgerService;
  /** A pending payout whose transfer turns out to exist is paid first (its answer was lost). */
  markPaid: (payoutId: string, transferId: string) => Promise<void>;
}

/**
 * What happens to a payout after its transfer: the platform reverses the transfer (whole or in
 * parts), or the connected account's own bank payout fails. Only a reversal brings money back to
 * the platform, so only a reversal credits the ledger — each reversal once, by its id, whatever the
 * order and number of the webhooks that carry it. Anything that cannot be applied is logged at error
 * (the alert: operators watch error lines, as for dead letters).
 */
export class PayoutIncidents {
  private readonly log = new Logger('Payouts');

  constructor(private readonly deps: Deps) {}

  async transferReversed(event: ProviderEvent): Promise<'applied' | 'ignored'> {
    const parsed = reversedTransferSchema.safeParse(event.data.object);
    if (!parsed.success) {
      this.log.error(
        `transfer.reversed ${event.id}: no transfer with its reversals (${parsed.error.issues[0]?.message}); nothing credited`,
      );
      return 'ignored';
    }
    const transfer = parsed.data;
    const payoutId = transfer.metadata?.payout_id;
    const payout = payoutId
      ? await this.deps.payouts.findById(payoutId).lean<Payout>()
      : await this.deps.payouts.findOne({ transfer_id: transfer.id }).lean<Payout>();
    if (!payout || (payout.transfer_id && payout.transfer_id !== transfer.id)) {
      this.log.error(
        `transfer.reversed ${event.id}: transfer ${transfer.id} is no payout of ours (payout ${payoutId ?? '?'}); nothing credited`,
      );
      return 'ignored';
    }
    if (payout.status === 'pending') await this.deps.markPaid(payout._id, transfer.id);

    const credited = await this.deps.ledger.creditedBack(payout.cook_id, payout._id);
    let cents = credited.cents;
    const added: string[] = [];
    for (const reversal of transfer.reversals.data) {
      if (credited.ids.has(`transfer_reversal:${reversal.id}`)) continue;
      if (cents + reversal.amount > payout.amount_cents) {
        this.log.error(
          `payout ${payout._id} of cook ${payout.cook_id}: reversal ${reversal.id} (${reversal.amount} c) would credit more than the payout; not credited`,
        );
        continue;
      }
      const inserted = await this.deps.ledger.transferReversed({
        reversal_id: reversal.id,
        payout_id: payout._id,
        cook_id: payout.cook_id,
        amount_cents: reversal.amount,
      });
      cents += reversal.amount;
      if (inserted) added.push(`${reversal.id} (${reversal.amount} c)`);
    }
    const listed = transfer.reversals.data.reduce((sum, r) => sum + r.amount, 0);
    if (listed < transfer.amount_reversed)
      this.log.error(
        `payout ${payout._id} of cook ${payout.cook_id}: ${transfer.amount_reversed} c reversed but only ${listed} c listed on the event; the rest waits for its own event`,
      );
    if (added.length)
      this.log.warn(`payout ${payout._id} of cook ${payout.cook_id}: transfer ${transfer.id} reversed, credited ${added.join(', ')}`);

    // Only forward: more reversed, and failed once all of it is.
    if (cents <= 0) return 'ignored';
    const whole = cents >= payout.amount_cents;
    const res = await this.deps.payouts.updateOne(
      { _id: payout._id, $or: [{ reversed_cents: { $lt: cents } }, { reversed_cents: { $exists: false } }] },
      {
        $max: { reversed_cents: cents },
        $set: whole
          ? { status: 'failed', failure_reason: PAYOUT_INCIDENT_TEXTS.reversed }
          : { failure_reason: PAYOUT_INCIDENT_TEXTS.partlyReversed(cents) },
      },
    );
    return added.length || res.modifiedCount ? 'applied' : 'ignored';
  }

  /**
   * The connected account's bank payout failed: Stripe returned the money to that account's balance
   * (it will go out again with its next bank payout). The ledger is not touched — crediting it would
   * transfer the same money a second time. Recorded on the account's latest paid payout of that
   * amount (Stripe's payout carries no metadata of ours) and alerted.
   */
  async bankPayoutFailed(event: ProviderEvent): Promise<'applied' | 'ignored'> {
    const parsed = failedBankPayoutSchema.safeParse(event.data.object);
    const account = event.account ? await this.deps.accounts.findOne({ account_id: event.account }).lean<PayoutAccount>() : null;
    if (!parsed.success || !account) {
      this.log.error(
        `payout.failed ${event.id} on account ${event.account ?? '?'}: not a bank payout of a cook's account; nothing recorded`,
      );
      return 'ignored';
    }
    const bankPayout = parsed.data;
    if (await this.deps.payouts.exists({ cook_id: account._id, 'bank_failure.provider_payout_id': bankPayout.id })) return 'ignored';
    const [payout] = await this.deps.payouts
      .find({ cook_id: account._id, status: 'paid', amount_cents: bankPayout.amount, bank_failure: null })
      .sort({ created_at: -1 })
      .limit(1)
      .lean<Payout[]>();
    this.log.error(
      `bank payout ${bankPayout.id} of cook ${account._id} (account ${account.account_id}, ${bankPayout.amount} c) failed: ` +
        `${bankPayout.failure_code ?? '?'} ${bankPayout.failure_message ?? ''}; payout ${payout?._id ?? 'none of that amount'}; ` +
        'the money stays on the connected account, nothing credited to the ledger',
    );
    if (!payout) return 'ignored';
    await this.deps.payouts.updateOne(
      { _id: payout._id, bank_failure: null },
      {
        $set: {
          bank_failed: true,
          bank_failure: {
            provider_payout_id: bankPayout.id,
            message: bankPayout.failure_message ?? null,
            code: bankPayout.failure_code ?? null,
            at: new Date(),
          },
        },
      },
    );
    return 'applied';
  }
}
