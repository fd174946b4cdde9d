import { Controller } from '@nestjs/common';
import { SupportRpc, type RpcRequest } from '@popote/contracts';
import { RpcHandler } from '@popote/platform';
import { SupportService } from './support.service';

/** The operator console's calls (only the BFF may make them, for an operator whose session it verified). */
@Controller()
export class SupportRpcController {
  constructor(private readonly support: SupportService) {}

  @RpcHandler(SupportRpc.notificationsStory)
  story(req: RpcRequest<typeof SupportRpc.notificationsStory>) {
    return this.support.orderStory(req.order_id);
  }

  @RpcHandler(SupportRpc.resendEmail)
  resend(req: RpcRequest<typeof SupportRpc.resendEmail>) {
    return this.support.resend(req.email_id, req.operator_id, req.request_id);
  }
}
