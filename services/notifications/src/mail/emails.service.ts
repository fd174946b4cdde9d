import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { IdentityRpc, SendEmailJob, type UserDto } from '@popote/contracts';
import type { z } from 'zod';
import { DistributedLocks, insertOnce, PeriodicJob, PLATFORM_CONFIG, RpcClient, WorkQueue, type JobDelivery } from '@popote/platform';
import DataLoader from 'dataloader';
import type { Model } from 'mongoose';
import nodemailer, { type Transporter } from 'nodemailer';
import type { NotificationsConfig } from '../config';
import { CLAIM_MS, queueClaimed, sweepDue, workOn } from '../delivery';
import { Email, RECIPIENT_NAME } from './email.schema';

export { RECIPIENT_NAME };

type SendEmail = z.infer<typeof SendEmailJob.schema>;

const jobData = (email_id: string, claim: number): SendEmail => ({ email_id, claim });

/**
 * A job carrying its email sends it unread only this long before its claim is over (ms): a sweep on
 * a replica whose clock runs ahead claims it anew no earlier than that.
 */
const CLOCK_MARGIN_MS = 60_000;

/** Delay before attempt n+1: 5 s, 10 s, 20 s… capped at 10 minutes. */
export const retryDelayMs = (attempts: number) => Math.min(600_000, 5_000 * 2 ** Math.max(0, attempts - 1));

/** Emails claimed by the sweep in one pass (one lock). */
const BATCH = 50;
/** Email jobs under way at once in a process: most of them wait for their batch's addresses. */
const SENDS_AT_ONCE = 40;
/**
 * How long a sender waits for others to ask for addresses with it (ms): one identity call per
 * batch. An email is not read in real time; a quarter of a second batches the emails of several
 * orders at the rate the checkout bench reaches.
 */
const ADDRESS_BATCH_MS = 250;

/**
 * Stores emails (once per cause) and sends them over SMTP in the background, retrying with back-off:
 * a slow or absent mail server never blocks an order or the contact form. The email is stored,
 * claimed for CLAIM_MS, then its job queued on the work queue (`job.notifications.send-email`);
 * every replica works on that queue, one email at a time per job, held by heartbeats and given to
 * another replica when its sender dies. A failed send is recorded on the email with its next
 * attempt; the sweep (every second, every replica, under the `mail-claim` lock) queues the emails
 * that are due: retries whose time has come, and emails whose job was lost (their claim over). An
 * email addressed to an account takes the account's address and name as they are then: the senders'
 * lookups in flight together are one identity call.
 */
@Injectable()
export class EmailsService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('Emails');
  private readonly transport: Transporter;
  /** The accounts emails are being sent to, as identity knows them now (null: erased, or never was). */
  private readonly people: DataLoader<string, UserDto | null>;

  constructor(
    @InjectModel(Email.name) private readonly emails: Model<Email>,
    @Inject(PLATFORM_CONFIG) private readonly config: NotificationsConfig,
    private readonly locks: DistributedLocks,
    private readonly rpc: RpcClient,
    private readonly queue: WorkQueue,
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
    this.people = new DataLoader(
      async (ids) => {
        const { users } = await this.rpc.call(IdentityRpc.getUsers, { user_ids: [...ids] });
        const known = new Map(users.map((u) => [u.user_id, u]));
        return ids.map((id) => known.get(id) ?? null);
      },
      // Nothing kept between batches: an address changed or an account erased counts from the next email.
      { cache: false, maxBatchSize: 100, batchScheduleFn: (send) => setTimeout(send, ADDRESS_BATCH_MS) },
    );
  }

  /** Every replica sends from the queue. */
  async onApplicationBootstrap(): Promise<void> {
    await workOn(this.queue, SendEmailJob, SENDS_AT_ONCE, (job, delivery) => this.send(job, delivery));
  }

  onApplicationShutdown(): void {
    this.transport.close();
  }

  /**
   * Stores an email and queues its sending; a second call with the same id is a no-op.
   * `account_id`: the account it is sent for, whenever the caller knows it (the person's export and
   * erasure find it by that id).
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
      /** The order it is about, for an order's emails (the support console lists them by it). */
      order_id?: string | null;
      /** A copy an operator asked for: the email copied, and the operator. */
      resent_from?: string | null;
      resent_by?: string | null;
    },
  ): Promise<void> {
    const claim = new Date(Date.now() + CLAIM_MS);
    const stored = await insertOnce(() =>
      this.emails.create({
        _id: id,
        ...email,
        reply_to: email.reply_to ?? null,
        headers: email.headers ?? null,
        account_id: email.account_id ?? null,
        order_id: email.order_id ?? null,
        resent_from: email.resent_from ?? null,
        resent_by: email.resent_by ?? null,
        status: 'pending',
        attempts: 0,
        // Claimed from the start: its job is queued next (the sweep queues it if that never happens).
        next_attempt_at: claim,
      }),
    );
    if (!stored) return;
    // An email to an account travels with its job: the first delivery sends it without reading it back.
    const carried =
      email.to === null && email.account_id
        ? { account_id: email.account_id, subject: email.subject, text: email.text, headers: email.headers ?? null }
        : undefined;
    await queueClaimed(
      this.queue,
      SendEmailJob,
      [{ id, claim }],
      (email_id, at) => ({ ...jobData(email_id, at), email: carried }),
      this.log,
    );
  }

  /**
   * Queues an email to an account (once per id): its text may say RECIPIENT_NAME where the person's
   * name goes; the address and name are the account's when it is sent. `about`: the order it is about.
   */
  enqueueFor(id: string, accountId: string, email: { subject: string; text: string }, about: { order_id?: string } = {}): Promise<void> {
    return this.enqueue(id, { to: null, account_id: accountId, ...email, order_id: about.order_id ?? null });
  }

  /** Queues what is due: retries whose time has come, emails whose job was lost (every second, every replica). */
  @PeriodicJob({ name: 'mail-queue', everyMs: 1_000 })
  async flush(): Promise<void> {
    const due = (limit: number, now: Date) =>
      this.emails
        .find({ status: 'pending', next_attempt_at: { $lte: now } })
        .sort({ next_attempt_at: 1 })
        .limit(limit)
        .lean<Email[]>();
    const claim = async (e: Email, until: Date) => {
      await this.emails.updateOne({ _id: e._id, status: 'pending' }, { $set: { next_attempt_at: until } });
    };
    await sweepDue({ locks: this.locks, lock: 'mail-claim', batch: BATCH, due, claim }, this.queue, SendEmailJob, jobData, this.log);
  }

  /**
   * One job: the email sent and recorded, or its failure recorded with its next attempt. A job whose
   * claim is not the email's any more (sent, given up, erased, or claimed again since) does nothing.
   */
  async send(job: SendEmail, delivery: Pick<JobDelivery, 'attempt'>): Promise<void> {
    const queued = this.carried(job, delivery) ?? (await this.waiting(job.email_id, job.claim));
    if (!queued) return;
    let email = queued;
    if (email.to === null) {
      const person = email.account_id ? await this.people.load(email.account_id) : null;
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

  /**
   * The email a job carries, when nothing but this job can have changed it since it was stored: the
   * first delivery of the job queued then, well within its claim (the sweep leaves it alone until the
   * claim is over, and only this job sends it). Erased since, its account is nobody and it is not sent.
   */
  private carried(job: SendEmail, delivery: Pick<JobDelivery, 'attempt'>): Email | null {
    if (!job.email || delivery.attempt !== 1 || Date.now() >= job.claim - CLOCK_MARGIN_MS) return null;
    const { account_id, subject, text, headers } = job.email;
    return {
      _id: job.email_id,
      to: null,
      account_id,
      subject,
      text,
      headers,
      reply_to: null,
      // Not read by the sending (the stored email keeps them).
      order_id: null,
      resent_from: null,
      resent_by: null,
      status: 'pending',
      attempts: 0,
      next_attempt_at: new Date(job.claim),
      last_error: null,
      sent_at: null,
      created_at: new Date(),
    };
  }

  /** The email, if it still waits for this very claim. */
  private async waiting(id: string, claim: number): Promise<Email | null> {
    const queued = await this.emails.findById(id).lean<Email>();
    return queued && queued.status === 'pending' && queued.next_attempt_at.getTime() === claim ? queued : null;
  }
}
