import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DomainError, PAYOUT_MESSAGES, PayoutsRpc, type Actor } from '@popote/contracts';
import { parseRequest } from '@popote/platform';
import { PayoutsService } from './payouts.service';

/** Payout accounts and ledgers are the cooks' (a consumer's actor is refused). */
function cook<T extends { actor: Actor }>(req: T): T {
  if (req.actor.user_type !== 'cook') throw new DomainError('FORBIDDEN', PAYOUT_MESSAGES.cooksOnly);
  return req;
}

/** Thin: validate against the contract, call the rules. Every RPC acts on the calling cook's own data. */
@Controller()
export class PayoutsRpcController {
  constructor(private readonly payouts: PayoutsService) {}

  @MessagePattern(PayoutsRpc.overview.subject)
  overview(@Payload() p: unknown) {
    return this.payouts.overview(cook(parseRequest(PayoutsRpc.overview, p)).actor);
  }

  @MessagePattern(PayoutsRpc.connect.subject)
  connect(@Payload() p: unknown) {
    const req = cook(parseRequest(PayoutsRpc.connect, p));
    return this.payouts.connect(req.actor, req.return_url);
  }

  @MessagePattern(PayoutsRpc.completeSandboxOnboarding.subject)
  completeSandbox(@Payload() p: unknown) {
    return this.payouts.completeSandboxOnboarding(cook(parseRequest(PayoutsRpc.completeSandboxOnboarding, p)).actor);
  }

  @MessagePattern(PayoutsRpc.requestPayout.subject)
  async request(@Payload() p: unknown) {
    const req = cook(parseRequest(PayoutsRpc.requestPayout, p));
    return { payout: await this.payouts.requestPayout(req.actor.user_id, req.amount_cents, 'manual') };
  }

  @MessagePattern(PayoutsRpc.ledgerCsv.subject)
  csv(@Payload() p: unknown) {
    return this.payouts.csv(cook(parseRequest(PayoutsRpc.ledgerCsv, p)).actor);
  }

  @MessagePattern(PayoutsRpc.refundDeliveredOrder.subject)
  refund(@Payload() p: unknown) {
    const req = cook(parseRequest(PayoutsRpc.refundDeliveredOrder, p));
    return this.payouts.refundDeliveredOrder(req.actor, req.order_id);
  }
}
