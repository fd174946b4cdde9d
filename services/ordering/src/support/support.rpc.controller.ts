import { Controller } from '@nestjs/common';
import { SupportRpc, type RpcRequest } from '@popote/contracts';
import { RpcHandler } from '@popote/platform';
import { SupportService } from './support.service';

/** The operator console's calls (only the BFF may make them, for an operator whose session it verified): reads only. */
@Controller()
export class SupportRpcController {
  constructor(private readonly support: SupportService) {}

  @RpcHandler(SupportRpc.findOrders)
  find(req: RpcRequest<typeof SupportRpc.findOrders>) {
    return this.support.find(req);
  }

  @RpcHandler(SupportRpc.orderingStory)
  story(req: RpcRequest<typeof SupportRpc.orderingStory>) {
    return this.support.story(req.order_id);
  }
}
