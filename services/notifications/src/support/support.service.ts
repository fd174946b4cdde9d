import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { DomainError, SUPPORT_MESSAGES, type StoryEntry } from '@popote/contracts';
import type { Model } from 'mongoose';
import { Alert } from '../alerts/alert.schema';
import { Email } from '../mail/email.schema';
import { EmailsService } from '../mail/emails.service';
import { notificationsStory, resendIdOf, type EmailRead, type PushRead } from './story';

/** An order's emails and pushes read at most (a few per status: a dozen is a long story). */
const PER_ORDER = 100;

/**
 * The operator console's part in notifications: an order's emails and pushes, each list
 * one equality on an indexed field (`emails.order_id`, `alerts.about`), and a copy of an email sent
 * again through the mail queue.
 */
@Injectable()
export class SupportService {
  constructor(
    @InjectModel(Email.name) private readonly emails: Model<Email>,
    @InjectModel(Alert.name) private readonly alerts: Model<Alert>,
    private readonly mail: EmailsService,
  ) {}

  async orderStory(orderId: string): Promise<{ entries: StoryEntry[] }> {
    const [emails, pushes] = await Promise.all([
      this.emails.find({ order_id: orderId }, { text: 0, headers: 0 }).limit(PER_ORDER).lean<EmailRead[]>(),
      this.alerts
        .find(
          { about: orderId, channel: 'push' },
          { title: 1, status: 1, attempts: 1, last_error: 1, sent_at: 1, created_at: 1, updated_at: 1 },
        )
        .limit(PER_ORDER)
        .lean<PushRead[]>(),
    ]);
    return { entries: notificationsStory(emails, pushes) };
  }

  /**
   * A copy of the email, stored as a new email and queued like any (the work queue, its retries): to
   * the address it went to, or — never sent, addressed to an account — to the account's address when
   * it is sent. Its id is derived from the email and the request (`resendIdOf`): a retried call
   * queues nothing more and answers the same id. An email still being sent is not copied (its own
   * sending goes on).
   */
  async resend(emailId: string, operatorId: string, requestId: string): Promise<{ email_id: string }> {
    const original = await this.emails.findById(emailId).lean<Email>();
    if (!original) throw new DomainError('NOT_FOUND', SUPPORT_MESSAGES.emailNotFound);
    if (original.status === 'pending') throw new DomainError('CONFLICT', SUPPORT_MESSAGES.emailPending);
    if (!original.to && !original.account_id) throw new DomainError('CONFLICT', SUPPORT_MESSAGES.emailNoRecipient);
    const id = resendIdOf(original._id, requestId);
    await this.mail.enqueue(id, {
      to: original.to,
      account_id: original.account_id,
      subject: original.subject,
      text: original.text,
      ...(original.reply_to ? { reply_to: original.reply_to } : {}),
      headers: original.headers,
      order_id: original.order_id ?? null,
      resent_from: original._id,
      resent_by: operatorId,
    });
    return { email_id: id };
  }
}
