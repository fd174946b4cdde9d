import { Controller } from '@nestjs/common';
import { ReceiptsRpc, type RpcRequest } from '@popote/contracts';
import { RpcHandler } from '@popote/platform';
import { ReceiptsService } from './receipts.service';

/** Thin: validate against the contract, call the rules (the order's consumer or cook only). */
@Controller()
export class ReceiptsRpcController {
  constructor(private readonly receipts: ReceiptsService) {}

  @RpcHandler(ReceiptsRpc.get)
  async get(req: RpcRequest<typeof ReceiptsRpc.get>) {
    return { receipt: await this.receipts.get(req.actor, req.order_id) };
  }

  @RpcHandler(ReceiptsRpc.pdf)
  pdf(req: RpcRequest<typeof ReceiptsRpc.pdf>) {
    return this.receipts.pdf(req.actor, req.order_id, req.document);
  }
}
