import { Args, Context, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { DomainError, PayoutsRpc, type Actor } from '@popote/contracts';
import { RpcClient } from '@popote/platform';
import { CookOnly } from '../auth/auth.guard';
import { CurrentActor } from '../auth/current-actor.decorator';
import { IdArg, REFUND_ORDER_ID } from '../errors/id-arguments';
import type { GqlContext } from '../auth/gql-context';
import {
  LedgerCsvModel,
  PayoutAccountModel,
  PayoutConnectLinkModel,
  PayoutModel,
  PayoutOverviewModel,
  RefundMadeModel,
} from './payouts.model';

/** Where Stripe's onboarding sends the cook back: the dashboard's 'Paiements' tab on the site they came from. */
export const PAYOUTS_RETURN_PATH = '/cook/dashboard?onglet=paiements';

/** The cook's money: payout account, balances, ledger, payouts. Always the signed-in cook's own. */
@Resolver()
@CookOnly()
export class PayoutsResolver {
  constructor(private readonly rpc: RpcClient) {}

  @Query(() => PayoutOverviewModel, { description: "The signed-in cook's payout account, balances, ledger and payouts" })
  cookPayouts(@CurrentActor() actor: Actor): Promise<PayoutOverviewModel> {
    return this.rpc.call(PayoutsRpc.overview, { actor });
  }

  @Query(() => LedgerCsvModel, { description: "The signed-in cook's whole ledger as CSV" })
  cookLedgerCsv(@CurrentActor() actor: Actor): Promise<LedgerCsvModel> {
    return this.rpc.call(PayoutsRpc.ledgerCsv, { actor });
  }

  @Mutation(() => PayoutConnectLinkModel, { description: 'Creates the payout account if needed; the onboarding link to open' })
  connectPayoutAccount(@CurrentActor() actor: Actor, @Context() ctx: GqlContext): Promise<PayoutConnectLinkModel> {
    // The browser sets Origin on every GraphQL POST (CSRF prevention requires a non-simple request).
    const origin = ctx.req.headers.origin;
    if (!origin || !/^https?:\/\/[^/]+$/.test(origin)) throw new DomainError('VALIDATION_FAILED', 'Origine de la requête inconnue.');
    return this.rpc.call(PayoutsRpc.connect, { actor, return_url: `${origin}${PAYOUTS_RETURN_PATH}` }, { timeoutMs: 15_000 });
  }

  @Mutation(() => PayoutAccountModel, { description: 'Sandbox only: finishes onboarding (the account becomes enabled)' })
  async completeSandboxOnboarding(@CurrentActor() actor: Actor): Promise<PayoutAccountModel> {
    return (await this.rpc.call(PayoutsRpc.completeSandboxOnboarding, { actor })).account;
  }

  @Mutation(() => PayoutModel, { description: 'Pays out the available balance (or amount_cents of it) now' })
  async requestPayout(
    @CurrentActor() actor: Actor,
    @Args('amount_cents', { type: () => Int, nullable: true }) amount?: number | null,
  ): Promise<PayoutModel> {
    return (await this.rpc.call(PayoutsRpc.requestPayout, { actor, amount_cents: amount ?? undefined }, { timeoutMs: 20_000 })).payout;
  }

  @Mutation(() => RefundMadeModel, { description: 'Refunds a picked-up order in full; the amount is taken back from the cook' })
  refundDeliveredOrder(@CurrentActor() actor: Actor, @IdArg('order_id', REFUND_ORDER_ID) orderId: string): Promise<RefundMadeModel> {
    return this.rpc.call(PayoutsRpc.refundDeliveredOrder, { actor, order_id: orderId }, { timeoutMs: 20_000 });
  }
}
