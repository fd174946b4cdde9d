import { Inject, Injectable } from '@nestjs/common';
import { DomainError, PAYOUT_MESSAGES, type Actor } from '@popote/contracts';
import { insertOnce } from '@popote/platform';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../providers/provider';
import { PayoutAccount, PayoutsStore } from './payouts.schema';
import { toPayoutAccountDto } from './payouts.mapper';

/**
 * The cooks' payout accounts (Stripe Connect Express, or the sandbox's; ADR 0007): created once,
 * onboarded at the provider, and enabled by its account.updated (the payouts are PayoutsService's).
 */
@Injectable()
export class PayoutAccountsService {
  constructor(
    private readonly store: PayoutsStore,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
  ) {}

  /** Creates the connected account once (idempotent at the provider too) and answers the onboarding link. */
  async connect(actor: Actor, returnUrl: string) {
    let account = await this.store.payoutAccounts.findById(actor.user_id).lean<PayoutAccount>();
    if (!account) {
      const created = await this.provider.createConnectedAccount({ cook_id: actor.user_id });
      // Two clicks at once: the first one's account stands.
      await insertOnce(() =>
        this.store.payoutAccounts.create({
          _id: actor.user_id,
          provider: this.provider.name,
          account_id: created.id,
          status: created.enabled ? 'enabled' : 'pending',
        }),
      );
      account = await this.store.payoutAccounts.findById(actor.user_id).lean<PayoutAccount>();
    }
    const url =
      account!.status === 'enabled'
        ? returnUrl
        : (await this.provider.onboardingLink({ account_id: account!.account_id, return_url: returnUrl })).url;
    return { url, account: toPayoutAccountDto(account, this.provider.name) };
  }

  /** The sandbox's onboarding step, applied like Stripe's account.updated. */
  async completeSandboxOnboarding(actor: Actor) {
    if (this.provider.name !== 'sandbox') throw new DomainError('FORBIDDEN', PAYOUT_MESSAGES.notSandbox);
    const account = await this.store.payoutAccounts.findById(actor.user_id).lean<PayoutAccount>();
    if (!account) throw new DomainError('CONFLICT', PAYOUT_MESSAGES.noAccount);
    await this.applyAccountUpdate(account.account_id, true, Math.floor(Date.now() / 1000));
    return {
      account: toPayoutAccountDto(await this.store.payoutAccounts.findById(actor.user_id).lean<PayoutAccount>(), this.provider.name),
    };
  }

  /** An account.updated applies only if it is newer than the last one applied (they may arrive out of order). */
  async applyAccountUpdate(accountId: string, enabled: boolean, created: number): Promise<'applied' | 'ignored'> {
    const res = await this.store.payoutAccounts.updateOne(
      { account_id: accountId, status_event_created: { $lte: created } },
      { $set: { status: enabled ? 'enabled' : 'pending', status_event_created: created } },
    );
    return res.matchedCount ? 'applied' : 'ignored';
  }
}
