import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PaymentsRpc } from '@popote/contracts';
import { parseRequest } from '@popote/platform';
import { CheckoutsService } from './checkouts.service';

/** Thin: validate against the contract, call the rules. */
@Controller()
export class CheckoutsRpcController {
  constructor(private readonly checkouts: CheckoutsService) {}

  @MessagePattern(PaymentsRpc.createPaymentIntent.subject)
  create(@Payload() p: unknown) {
    const req = parseRequest(PaymentsRpc.createPaymentIntent, p);
    return this.checkouts.createIntent(req.actor, req.slots, req.consumer_name);
  }

  @MessagePattern(PaymentsRpc.confirmSandboxPayment.subject)
  async confirm(@Payload() p: unknown) {
    const req = parseRequest(PaymentsRpc.confirmSandboxPayment, p);
    return { checkout: await this.checkouts.confirmSandbox(req.actor, req.checkout_id, req.card) };
  }

  @MessagePattern(PaymentsRpc.changeCheckoutSlot.subject)
  async changeSlot(@Payload() p: unknown) {
    const req = parseRequest(PaymentsRpc.changeCheckoutSlot, p);
    return { checkout: await this.checkouts.changeSlot(req.actor, req.checkout_id, req.slot) };
  }

  @MessagePattern(PaymentsRpc.renewCheckout.subject)
  async renew(@Payload() p: unknown) {
    const req = parseRequest(PaymentsRpc.renewCheckout, p);
    return { checkout: await this.checkouts.renew(req.actor, req.checkout_id) };
  }

  @MessagePattern(PaymentsRpc.getCheckout.subject)
  async get(@Payload() p: unknown) {
    const req = parseRequest(PaymentsRpc.getCheckout, p);
    return { checkout: await this.checkouts.get(req.actor, req.checkout_id) };
  }
}
