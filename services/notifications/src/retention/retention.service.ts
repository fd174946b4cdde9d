import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { PeriodicJob, PLATFORM_CONFIG } from '@popote/platform';
import type { Model } from 'mongoose';
import type { NotificationsConfig } from '../config';
import { ContactMessage, Email } from '../mail/email.schema';

const DAY_MS = 86_400_000;

/**
 * The retention periods the privacy page states: contact messages are deleted
 * CONTACT_RETENTION_DAYS after they were sent, the log of emails EMAIL_LOG_RETENTION_DAYS after they
 * were queued (an email still waiting to be sent is kept until it is sent or given up). A delete by
 * date is idempotent, so every replica runs it on its own timer — two at once delete the same
 * documents once.
 */
@Injectable()
export class RetentionService {
  private readonly log = new Logger('Retention');

  constructor(
    @InjectModel(Email.name) private readonly emails: Model<Email>,
    @InjectModel(ContactMessage.name) private readonly messages: Model<ContactMessage>,
    @Inject(PLATFORM_CONFIG) private readonly config: NotificationsConfig,
  ) {}

  /** Deletes what is past its retention at `now`; returns how many of each went. */
  async purge(now = new Date()): Promise<{ contact_messages: number; emails: number }> {
    const messagesBefore = new Date(now.getTime() - this.config.CONTACT_RETENTION_DAYS * DAY_MS);
    const emailsBefore = new Date(now.getTime() - this.config.EMAIL_LOG_RETENTION_DAYS * DAY_MS);
    const [messages, emails] = await Promise.all([
      this.messages.deleteMany({ created_at: { $lt: messagesBefore } }),
      this.emails.deleteMany({ created_at: { $lt: emailsBefore }, status: { $in: ['sent', 'failed'] } }),
    ]);
    return { contact_messages: messages.deletedCount, emails: emails.deletedCount };
  }

  /** At start, then every RETENTION_PURGE_INTERVAL_MS. */
  @PeriodicJob<NotificationsConfig>({ name: 'retention-purge', everyMs: (c) => c.RETENTION_PURGE_INTERVAL_MS, atStart: true })
  private async purgeLogged(): Promise<void> {
    try {
      const done = await this.purge();
      if (done.contact_messages || done.emails)
        this.log.log(`retention: ${done.contact_messages} contact message(s), ${done.emails} email(s) deleted`);
    } catch (err) {
      this.log.warn(`retention purge failed (next run in ${this.config.RETENTION_PURGE_INTERVAL_MS} ms): ${(err as Error).message}`);
    }
  }
}
