import { Controller } from '@nestjs/common';
import { PAYOUT_MESSAGES, PayoutsRpc, type RpcRequest } from '@popote/contracts';
import { RpcHandler } from '@popote/platform';
import { cooksOnly } from '../cooks-only';
import { PayoutAccountsService } from './payout-accounts.service';
import { PayoutsService } from './payouts.service';

/** Payout accounts and ledgers are the cooks' (a consumer's actor is refused). */
const cook = cooksOnly(PAYOUT_MESSAGES.cooksOnly);

/** Thin: validate against the contract, call the rules. Every RPC acts on the calling cook's own data. */
@Controller()
export class PayoutsRpcController {
  constructor(
    private readonly payouts: PayoutsService,
    private readonly accounts: PayoutAccountsService,
  ) {}

  @RpcHandler(PayoutsRpc.overview)
  overview(req: RpcRequest<typeof PayoutsRpc.overview>) {
    return this.payouts.overview(cook(req).actor);
  }

  @RpcHandler(PayoutsRpc.connect)
  connect(req: RpcRequest<typeof PayoutsRpc.connect>) {
    return this.accounts.connect(cook(req).actor, req.return_url);
  }

  @RpcHandler(PayoutsRpc.completeSandboxOnboarding)
  completeSandbox(req: RpcRequest<typeof PayoutsRpc.completeSandboxOnboarding>) {
    return this.accounts.completeSandboxOnboarding(cook(req).actor);
  }

  @RpcHandler(PayoutsRpc.requestPayout)
  async request(req: RpcRequest<typeof PayoutsRpc.requestPayout>) {
    return { payout: await this.payouts.requestPayout(cook(req).actor.user_id, req.amount_cents, 'manual') };
  }

  @RpcHandler(PayoutsRpc.ledgerCsv)
  csv(req: RpcRequest<typeof PayoutsRpc.ledgerCsv>) {
    return this.payouts.csv(cook(req).actor);
  }

  @RpcHandler(PayoutsRpc.refundDeliveredOrder)
  refund(req: RpcRequest<typeof PayoutsRpc.refundDeliveredOrder>) {
    return this.payouts.refundDeliveredOrder(cook(req).actor, req.order_id);
  }
}
