import { Controller } from '@nestjs/common';
import { PaymentsRpc, type RpcRequest } from '@popote/contracts';
import { RpcHandler } from '@popote/platform';
import { CheckoutsService } from './checkouts.service';

/** Thin: validate against the contract, call the rules. */
@Controller()
export class CheckoutsRpcController {
  constructor(private readonly checkouts: CheckoutsService) {}

  @RpcHandler(PaymentsRpc.createPaymentIntent)
  create(req: RpcRequest<typeof PaymentsRpc.createPaymentIntent>) {
    return this.checkouts.createIntent(req.actor, req.slots, req.consumer_name, req.delivery_address, req.promo_codes);
  }

  @RpcHandler(PaymentsRpc.confirmSandboxPayment)
  async confirm(req: RpcRequest<typeof PaymentsRpc.confirmSandboxPayment>) {
    return { checkout: await this.checkouts.confirmSandbox(req.actor, req.checkout_id, req.card) };
  }

  @RpcHandler(PaymentsRpc.changeCheckoutSlot)
  async changeSlot(req: RpcRequest<typeof PaymentsRpc.changeCheckoutSlot>) {
    return { checkout: await this.checkouts.changeSlot(req.actor, req.checkout_id, req.slot) };
  }

  @RpcHandler(PaymentsRpc.renewCheckout)
  async renew(req: RpcRequest<typeof PaymentsRpc.renewCheckout>) {
    return { checkout: await this.checkouts.renew(req.actor, req.checkout_id) };
  }

  @RpcHandler(PaymentsRpc.getCheckout)
  async get(req: RpcRequest<typeof PaymentsRpc.getCheckout>) {
    return { checkout: await this.checkouts.get(req.actor, req.checkout_id) };
  }
}
