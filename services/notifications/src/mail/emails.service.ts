import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { DistributedLocks, PeriodicJob, PLATFORM_CONFIG } from '@popote/platform';
import type { Model } from 'mongoose';
import nodemailer, { type Transporter } from 'nodemailer';
import type { NotificationsConfig } from '../config';
import { Email } from './email.schema';

/** Delay before attempt n+1: 5 s, 10 s, 20 s… capped at 10 minutes. */
export const retryDelayMs = (attempts: number) => Math.min(600_000, 5_000 * 2 ** Math.max(0, attempts - 1));

/**
 * Queues emails (once per cause) and sends them over SMTP in the background, retrying with
 * back-off: a slow or absent mail server never blocks an order or the contact form. Every replica
 * flushes the queue; an email is sent under its own lease (`email:<id>`) after its state is read
 * again, so two replicas that find it due at the same moment send it once.
 */
@Injectable()
export class EmailsService implements OnApplicationShutdown {
  private readonly log = new Logger('Emails');
  private readonly transport: Transporter;
  private sending = false;

  constructor(
    @InjectModel(Email.name) private readonly emails: Model<Email>,
    @Inject(PLATFORM_CONFIG) private readonly config: NotificationsConfig,
    private readonly locks: DistributedLocks,
  ) {
    this.transport = nodemailer.createTransport({
      host: config.SMTP_HOST,
      port: config.SMTP_PORT,
      secure: config.SMTP_SECURE === 'true',
      ...(config.SMTP_USER ? { auth: { user: config.SMTP_USER, pass: config.SMTP_PASSWORD } } : {}),
      connectionTimeout: 5_000,
      greetingTimeout: 5_000,
      socketTimeout: 10_000,
    });
  }

  onApplicationShutdown(): void {
    this.transport.close();
  }

  /**
   * Queues an email; a second call with the same id is a no-op. `account_id`: the account it is
   * sent for, whenever the caller knows it (the person's export and erasure find it by that id).
   */
  async enqueue(
    id: string,
    email: {
      to: string;
      subject: string;
      text: string;
      reply_to?: string;
      account_id?: string | null;
      headers?: Record<string, string> | null;
    },
  ): Promise<void> {
    try {
      await this.emails.create({
        _id: id,
        ...email,
        reply_to: email.reply_to ?? null,
        headers: email.headers ?? null,
        account_id: email.account_id ?? null,
        status: 'pending',
        attempts: 0,
        next_attempt_at: new Date(),
      });
    } catch (err) {
      if ((err as { code?: number }).code !== 11000) throw err;
    }
    void this.flush();
  }

  /** Sends what is due, one at a time (every second, and at once after a queueing). */
  @PeriodicJob({ name: 'mail-queue', everyMs: 1_000 })
  async flush(): Promise<void> {
    if (this.sending) return;
    this.sending = true;
    try {
      const due = await this.emails
        .find({ status: 'pending', next_attempt_at: { $lte: new Date() } })
        .sort({ next_attempt_at: 1 })
        .limit(20)
        .lean<Email[]>();
      for (const email of due) await this.locks.run(`email:${email._id}`, () => this.sendIfStillDue(email._id));
    } catch (err) {
      this.log.warn(`mail queue pass failed: ${(err as Error).message}`);
    } finally {
      this.sending = false;
    }
  }

  /** Under the email's lease: sent only if no other replica sent it (or moved its next attempt) meanwhile. */
  private async sendIfStillDue(id: string): Promise<void> {
    const email = await this.emails.findOne({ _id: id, status: 'pending', next_attempt_at: { $lte: new Date() } }).lean<Email>();
    if (email) await this.sendOne(email);
  }

  private async sendOne(email: Email): Promise<void> {
    try {
      await this.transport.sendMail({
        from: this.config.MAIL_FROM,
        to: email.to,
        subject: email.subject,
        text: email.text,
        ...(email.reply_to ? { replyTo: email.reply_to } : {}),
        ...(email.headers ? { headers: email.headers } : {}),
        messageId: `<${email._id}@popote.local>`,
      });
      await this.emails.updateOne(
        { _id: email._id },
        { $set: { status: 'sent', sent_at: new Date(), last_error: null }, $inc: { attempts: 1 } },
      );
    } catch (err) {
      const attempts = email.attempts + 1;
      const failed = attempts >= this.config.MAIL_MAX_ATTEMPTS;
      this.log.warn(
        `email ${email._id} to ${email.to} failed (attempt ${attempts}${failed ? ', giving up' : ''}): ${(err as Error).message}`,
      );
      await this.emails.updateOne(
        { _id: email._id },
        {
          $set: {
            status: failed ? 'failed' : 'pending',
            last_error: (err as Error).message,
            next_attempt_at: new Date(Date.now() + retryDelayMs(attempts)),
            attempts,
          },
        },
      );
    }
  }
}
