import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { NotificationsRpc } from '@popote/contracts';
import { parseRequest } from '@popote/platform';
import { ContactService } from './contact.service';

@Controller()
export class ContactRpcController {
  constructor(private readonly contact: ContactService) {}

  @MessagePattern(NotificationsRpc.sendContact.subject)
  async send(@Payload() p: unknown) {
    return { ok: true, message_id: await this.contact.receive(parseRequest(NotificationsRpc.sendContact, p)) };
  }
}
