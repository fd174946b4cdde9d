import { Controller } from '@nestjs/common';
import { PaymentsSupportRpc, type RpcRequest } from '@popote/contracts';
import { RpcHandler } from '@popote/platform';
import { SupportRefundsService } from './support-refunds.service';
import { SupportService } from './support.service';

/** The operator console's calls (only the BFF may call them, for an operator whose session it verified). */
@Controller()
export class SupportRpcController {
  constructor(
    private readonly refunds: SupportRefundsService,
    private readonly support: SupportService,
  ) {}

  @RpcHandler(PaymentsSupportRpc.refund)
  async refund(req: RpcRequest<typeof PaymentsSupportRpc.refund>) {
    return { refund: await this.refunds.refund(req) };
  }

  @RpcHandler(PaymentsSupportRpc.orderStory)
  story(req: RpcRequest<typeof PaymentsSupportRpc.orderStory>) {
    return this.support.orderStory(req.order_id, req.checkout_id);
  }

  @RpcHandler(PaymentsSupportRpc.failedPayouts)
  async failedPayouts() {
    return { items: await this.support.failedPayouts() };
  }
}
