import { Controller } from '@nestjs/common';
import { SupportRpc, type RpcRequest } from '@popote/contracts';
import { RpcHandler } from '@popote/platform';
import { SupportService } from './support.service';

/** The operator console's calls (only the BFF may make them, for an operator whose session it verified). */
@Controller()
export class SupportRpcController {
  constructor(private readonly support: SupportService) {}

  @RpcHandler(SupportRpc.findUser)
  async findUser(req: RpcRequest<typeof SupportRpc.findUser>) {
    return { user: await this.support.findUser(req.email) };
  }
}
