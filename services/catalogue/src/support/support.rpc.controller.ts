import { Controller } from '@nestjs/common';
import { SupportRpc, type RpcRequest } from '@popote/contracts';
import { RpcHandler } from '@popote/platform';
import { SupportService } from './support.service';

/** The operator console's calls (only the BFF may make them, for an operator whose session it verified): reads only. */
@Controller()
export class SupportRpcController {
  constructor(private readonly support: SupportService) {}

  @RpcHandler(SupportRpc.catalogueStory)
  story(req: RpcRequest<typeof SupportRpc.catalogueStory>) {
    return this.support.orderStory(req.order_id, req.checkout_id);
  }
}
