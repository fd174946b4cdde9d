import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager, RetentionPolicy, type JsMsg } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { STREAMS, type JobContract } from '@popote/contracts';
import { PullLoops } from '../events/pull-loops';
import { NATS_CONNECTION } from '../tokens';

const JOB_DEDUPE_NS = 2 * 60 * 1_000_000_000;

/** One delivery of a job to a worker. */
export interface JobDelivery {
  /** 1 for the first delivery; a worker that died (its lease ran out) or failed counts as one. */
  attempt: number;
  /** Deliveries allowed before the job is given up (`attempt > attempts`: the last one died). */
  attempts: number;
  /** Whether this is the last attempt the queue makes (a failure now is final). */
  last: boolean;
}

export interface WorkOptions {
  /** Attempts at one job; one more delivery is allowed so a worker can record that the last one died. */
  attempts: number;
  /** How long a delivery is the worker's without a heartbeat before it goes to another (ms). */
  leaseMs: number;
  /** Jobs worked on at once by this process. */
  concurrency?: number;
  /** Delay before a failed job is delivered again (ms). */
  retryDelayMs?: number;
}

/**
 * Background jobs on the JetStream work-queue stream `JOBS` (retention: work queue — a job leaves the
 * stream once a worker acknowledges it). Every replica of a process pulls from one durable consumer
 * per kind of job, so each job is delivered to one worker at a time; the worker holds it by
 * heartbeats (`working`) while it runs; a worker that dies stops beating and the job is delivered
 * again, to any replica, after `leaseMs`. The broker keeps the claims, leases and attempts.
 */
@Injectable()
export class WorkQueue implements OnApplicationShutdown {
  private readonly log = new Logger('WorkQueue');
  private readonly loops = new PullLoops();

  private stream?: Promise<void>;

  constructor(@Inject(NATS_CONNECTION) private readonly nc: NatsConnection) {}

  /**
   * The JOBS stream, created by the first process that queues or works on a job (work-queue
   * retention cannot be changed afterwards; a stream that has another one is reported, not changed).
   */
  private ensureStream(): Promise<void> {
    this.stream ??= (async () => {
      const jsm = await jetstreamManager(this.nc);
      const info = await jsm.streams.info(STREAMS.jobs.name).catch((err: Error) => {
        if (/not found/i.test(err.message)) return null;
        throw err;
      });
      if (!info) {
        await jsm.streams
          .add({
            name: STREAMS.jobs.name,
            subjects: [...STREAMS.jobs.subjects],
            retention: RetentionPolicy.Workqueue,
            duplicate_window: JOB_DEDUPE_NS,
          })
          .catch((err: Error) => {
            if (!/already in use|exists/i.test(err.message)) throw err;
          });
      } else if (info.config.retention !== RetentionPolicy.Workqueue) {
        this.log.error(
          `stream ${STREAMS.jobs.name} is not a work queue (retention ${info.config.retention}): an operator must recreate it`,
        );
      }
    })().catch((err: unknown) => {
      this.stream = undefined;
      throw err;
    });
    return this.stream;
  }

  /** Queues a job once: the same `id` queued again within the stream's dedupe window is dropped by the broker. */
  async enqueue<T>(job: JobContract<T>, data: T, id: string): Promise<void> {
    const payload = job.schema.parse(data);
    await this.ensureStream();
    await jetstream(this.nc).publish(job.subject, JSON.stringify(payload), { msgID: `${job.subject}:${id}` });
  }

  /**
   * Works on `job` with `handler`, pulling from the job's durable (`workers`, shared by the replicas): it returns when the job is done (or given up, having recorded
   * why) — the job leaves the queue; it throws to have it delivered again after `retryDelayMs`
   * (until the attempts are spent). A payload that breaks the contract is dropped (logged at error).
   */
  async work<T>(job: JobContract<T>, handler: (data: T, delivery: JobDelivery) => Promise<void>, options: WorkOptions) {
    const durable = job.workers;
    await this.ensureStream();
    const jsm = await jetstreamManager(this.nc);
    const config = {
      durable_name: durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: job.subject,
      max_deliver: options.attempts + 1,
      ack_wait: options.leaseMs * 1_000_000,
    };
    await jsm.consumers.add(STREAMS.jobs.name, config).catch(async (err: Error) => {
      if (!/already in use|exists/i.test(err.message)) throw err;
      await jsm.consumers.update(STREAMS.jobs.name, durable, { max_deliver: config.max_deliver, ack_wait: config.ack_wait });
    });
    const consumer = await jetstream(this.nc).consumers.get(STREAMS.jobs.name, durable);
    const concurrency = Math.max(1, options.concurrency ?? 1);
    const messages = await consumer.consume({ max_messages: concurrency });
    this.loops.add(messages, concurrency, (msg) => this.handleOne(msg, job, durable, handler, options));
    this.log.log(`working on ${job.subject} as ${durable} (${concurrency} at a time, ${options.attempts} attempts)`);
  }

  private async handleOne<T>(
    msg: JsMsg,
    job: JobContract<T>,
    durable: string,
    handler: (data: T, delivery: JobDelivery) => Promise<void>,
    options: WorkOptions,
  ): Promise<void> {
    let data: T;
    try {
      data = job.schema.parse(msg.json());
    } catch (err) {
      this.log.error(`${durable}: job ${msg.seq} dropped, it breaks its contract: ${(err as Error).message}`);
      msg.term('invalid job');
      return;
    }
    const attempt = msg.info.deliveryCount;
    const heartbeat = setInterval(() => msg.working(), Math.max(100, Math.floor(options.leaseMs / 3)));
    try {
      await handler(data, { attempt, attempts: options.attempts, last: attempt >= options.attempts });
      msg.ack();
    } catch (err) {
      this.log.warn(`${durable}: job ${msg.seq} failed (attempt ${attempt}/${options.attempts}): ${(err as Error).message}`);
      if (attempt > options.attempts) msg.term('attempts spent');
      else msg.nak(options.retryDelayMs ?? 1000);
    } finally {
      clearInterval(heartbeat);
    }
  }

  /** Stops pulling jobs and waits for those under way (`work` starts again). */
  stop(): Promise<void> {
    return this.loops.stop();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stop();
  }
}
