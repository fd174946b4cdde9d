import { Controller } from '@nestjs/common';
import { NotificationsRpc, type RpcRequest } from '@popote/contracts';
import { RpcHandler } from '@popote/platform';
import { ContactService } from './contact.service';

@Controller()
export class ContactRpcController {
  constructor(private readonly contact: ContactService) {}

  @RpcHandler(NotificationsRpc.sendContact)
  async send(req: RpcRequest<typeof NotificationsRpc.sendContact>) {
    return { ok: true, message_id: await this.contact.receive(req) };
  }
}
