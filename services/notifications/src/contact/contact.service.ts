import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { NotificationsRpc } from '@popote/contracts';
import { PLATFORM_CONFIG } from '@popote/platform';
import type { Model } from 'mongoose';
import type { z } from 'zod';
import type { NotificationsConfig } from '../config';
import { ContactMessage } from '../mail/email.schema';
import { EmailsService } from '../mail/emails.service';

/**
 * The contact form: stored, then emailed to support (the sender can be answered directly). A
 * signed-in sender's account is recorded with the message (their export lists it; an address typed
 * in the form proves nothing).
 */
@Injectable()
export class ContactService {
  constructor(
    @InjectModel(ContactMessage.name) private readonly messages: Model<ContactMessage>,
    private readonly emails: EmailsService,
    @Inject(PLATFORM_CONFIG) private readonly config: NotificationsConfig,
  ) {}

  async receive(request: z.infer<typeof NotificationsRpc.sendContact.request>): Promise<string> {
    const { actor, ...input } = request;
    const id = randomUUID();
    const accountId = actor?.user_id ?? null;
    await this.messages.create({ _id: id, ...input, account_id: accountId });
    await this.emails.enqueue(`contact-${id}`, {
      to: this.config.SUPPORT_EMAIL,
      reply_to: input.email,
      subject: `[Contact] ${input.subject}`,
      text: `Message de ${input.name} <${input.email}> :\n\n${input.message}\n`,
      account_id: accountId,
    });
    return id;
  }
}
