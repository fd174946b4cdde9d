import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { IdentityRpc, type UserDto } from '@popote/contracts';
import { DistributedLocks, insertOnce, PeriodicJob, PLATFORM_CONFIG, RpcClient } from '@popote/platform';
import type { Model } from 'mongoose';
import nodemailer, { type Transporter } from 'nodemailer';
import type { NotificationsConfig } from '../config';
import { Email, RECIPIENT_NAME } from './email.schema';

export { RECIPIENT_NAME };

/** Delay before attempt n+1: 5 s, 10 s, 20 s… capped at 10 minutes. */
export const retryDelayMs = (attempts: number) => Math.min(600_000, 5_000 * 2 ** Math.max(0, attempts - 1));

/** Emails claimed by a replica in one pass (one lease, one question to identity for their addresses). */
const BATCH = 20;
/** A claimed email is due again after this long (its replica died mid-send): it is its claim's lease. */
const CLAIM_MS = 60_000;

/**
 * Queues emails (once per cause) and sends them over SMTP in the background, retrying with
 * back-off: a slow or absent mail server never blocks an order or the contact form. Every replica
 * flushes the queue: under a short lock (`mail-claim`) a replica claims a batch of due emails — each
 * one's next attempt moved CLAIM_MS ahead, so another replica does not find it due — then sends
 * them outside the lock. An email addressed to an account takes the account's address and name as
 * they are then, one identity call per batch: an address changed since is used, an erased account
 * is written to no more.
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
    private readonly rpc: RpcClient,
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
      /** Null: addressed to `account_id`, whose address (and name, for RECIPIENT_NAME) is read when it is sent. */
      to: string | null;
      subject: string;
      text: string;
      reply_to?: string;
      account_id?: string | null;
      headers?: Record<string, string> | null;
    },
  ): Promise<void> {
    await insertOnce(() =>
      this.emails.create({
        _id: id,
        ...email,
        reply_to: email.reply_to ?? null,
        headers: email.headers ?? null,
        account_id: email.account_id ?? null,
        status: 'pending',
        attempts: 0,
        next_attempt_at: new Date(),
      }),
    );
    void this.flush();
  }

  /**
   * Queues an email to an account (once per id): its text may say RECIPIENT_NAME where the person's
   * name goes; the address and name are the account's when it is sent.
   */
  enqueueFor(id: string, accountId: string, email: { subject: string; text: string }): Promise<void> {
    return this.enqueue(id, { to: null, account_id: accountId, ...email });
  }

  /** Sends what is due, a claimed batch at a time (every second, and at once after a queueing). */
  @PeriodicJob({ name: 'mail-queue', everyMs: 1_000 })
  async flush(): Promise<void> {
    if (this.sending) return;
    this.sending = true;
    try {
      for (;;) {
        const claimed = await this.claim();
        if (!claimed.length) break;
        const people = await this.recipients(claimed);
        for (const email of claimed) await this.sendOne(email, people);
        if (claimed.length < BATCH) break;
      }
    } catch (err) {
      this.log.warn(`mail queue pass failed: ${(err as Error).message}`);
    } finally {
      this.sending = false;
    }
  }

  private due(limit: number): Promise<Email[]> {
    return this.emails
      .find({ status: 'pending', next_attempt_at: { $lte: new Date() } })
      .sort({ next_attempt_at: 1 })
      .limit(limit)
      .lean<Email[]>();
  }

  /** Under the claim lock: what is due now (read again), each one's next attempt moved past its send. */
  private async claim(): Promise<Email[]> {
    if (!(await this.due(BATCH)).length) return [];
    return this.locks.run('mail-claim', async () => {
      const due = await this.due(BATCH);
      const until = new Date(Date.now() + CLAIM_MS);
      for (const e of due) await this.emails.updateOne({ _id: e._id, status: 'pending' }, { $set: { next_attempt_at: until } });
      return due;
    });
  }

  /** The accounts the batch is addressed to, as identity knows them now (erased ones are absent). */
  private async recipients(batch: Email[]): Promise<Map<string, UserDto>> {
    const ids = [...new Set(batch.filter((e) => e.to === null && e.account_id).map((e) => e.account_id!))];
    if (!ids.length) return new Map();
    const { users } = await this.rpc.call(IdentityRpc.getUsers, { user_ids: ids });
    return new Map(users.map((u) => [u.user_id, u]));
  }

  private async sendOne(queued: Email, people: Map<string, UserDto>): Promise<void> {
    let email = queued;
    if (email.to === null) {
      const person = email.account_id ? people.get(email.account_id) : undefined;
      if (!person) {
        await this.emails.updateOne({ _id: email._id }, { $set: { status: 'failed', last_error: 'account no longer exists' } });
        return;
      }
      email = { ...email, to: person.email, text: email.text.replaceAll(RECIPIENT_NAME, person.name) };
    }
    try {
      await this.transport.sendMail({
        from: this.config.MAIL_FROM,
        to: email.to!,
        subject: email.subject,
        text: email.text,
        ...(email.reply_to ? { replyTo: email.reply_to } : {}),
        ...(email.headers ? { headers: email.headers } : {}),
        messageId: `<${email._id}@popote.local>`,
      });
      await this.emails.updateOne(
        { _id: email._id },
        { $set: { status: 'sent', sent_at: new Date(), last_error: null, to: email.to, text: email.text }, $inc: { attempts: 1 } },
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
