import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { mayPushTo, SendPushJob } from '@popote/contracts';
import { DistributedLocks, PeriodicJob, PLATFORM_CONFIG, WorkQueue } from '@popote/platform';
import type { Model } from 'mongoose';
import webpush from 'web-push';
import type { NotificationsConfig } from '../config';
import { PushDevice } from '../audience/audience.schema';
import { queueClaimed, sweepDue, workOn, type Claimed } from '../delivery';
import { Alert, type PushPayload } from './alert.schema';

/** Pushes claimed by the sweep in one pass (one lock). */
const BATCH = 100;
/**
 * Pushes in flight at once in a process: FerretDB serves every service from one PostgreSQL pool
 * (50 connections locally), which hundreds of requests at once stall.
 */
const SENDS_AT_ONCE = 8;
/** A push service that has not answered in this time is tried again later. */
const SEND_TIMEOUT_MS = 10_000;
/**
 * A push service (host) that let a push time out is left alone this long: its pushes wait (not
 * counted as attempts) instead of taking the sender's slots, which other buyers' pushes ('Votre
 * commande est prête') need. After the pause one push at a time probes it until one gets an answer.
 */
export const SLOW_HOST_PAUSE_MS = 60_000;
/** How long a push waits while its host is probed by another one. */
const PROBE_WAIT_MS = 5_000;
/** How long a push service keeps a push for a device that is off (s): alerts older than a day are stale. */
const TTL_SECONDS = 86_400;

/** Delay before attempt n+1 of a push: 5 s, 10 s, 20 s… capped at 10 minutes (or the service's Retry-After). */
export const pushRetryDelayMs = (attempts: number, retryAfterSeconds?: number) =>
  Math.max(retryAfterSeconds ? retryAfterSeconds * 1000 : 0, Math.min(600_000, 5_000 * 2 ** Math.max(0, attempts - 1)));

/** How an attempt ended: sent, the device is gone (404/410), worth retrying (5xx, 429, no answer), or refused for good (other 4xx). */
export type PushOutcome =
  | { kind: 'sent' }
  | { kind: 'gone'; status: number }
  | { kind: 'retry'; error: string; retryAfter?: number }
  | { kind: 'refused'; error: string };

export function outcomeOf(status: number, retryAfter: string | null): PushOutcome {
  if (status >= 200 && status < 300) return { kind: 'sent' };
  if (status === 404 || status === 410) return { kind: 'gone', status };
  if (status === 429 || status >= 500) {
    const seconds = Number(retryAfter);
    return {
      kind: 'retry',
      error: `push service answered ${status}`,
      ...(Number.isFinite(seconds) && seconds > 0 ? { retryAfter: seconds } : {}),
    };
  }
  return { kind: 'refused', error: `push service answered ${status}` };
}

const jobData = (alert_id: string, claim: number) => ({ alert_id, claim });

/**
 * Sends the stored pushes (docs/alerts.md) with `web-push` (VAPID signature, aes128gcm encryption
 * of the payload for the device's keys); the request goes out with fetch and a timeout. A push is
 * stored `sending`, claimed until `lease_until`, and its job queued on the work queue
 * (`job.notifications.send-push`): every replica works on that queue, one push per job, held by
 * heartbeats and given to another replica when its sender dies. The sweep (every second, every
 * replica, under the `alerts:push-claim` lock) queues the pushes that are due: `queued` ones (stored
 * without a job), retries whose time has come, and `sending` ones whose claim is over (their job
 * was lost). A device that answers 404/410 is deleted; 5xx, 429 and timeouts are retried with
 * back-off, PUSH_MAX_ATTEMPTS times. A push sent twice (a sender stalled past its claim) shows once
 * on the device: same tag, same Topic.
 */
@Injectable()
export class PushSender implements OnApplicationBootstrap {
  private readonly log = new Logger('PushSender');
  /** Hosts that let a push time out, in this process: paused until, and whether a probe is out. */
  private readonly slowHosts = new Map<string, { pausedUntil: number; probing: boolean }>();
  private readonly vapid: { subject: string; publicKey: string; privateKey: string };

  constructor(
    @InjectModel(Alert.name) private readonly alerts: Model<Alert>,
    @InjectModel(PushDevice.name) private readonly devices: Model<PushDevice>,
    @Inject(PLATFORM_CONFIG) private readonly config: NotificationsConfig,
    private readonly locks: DistributedLocks,
    private readonly queue: WorkQueue,
  ) {
    this.vapid = { subject: config.VAPID_SUBJECT, publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY };
  }

  /** Every replica sends from the queue. */
  async onApplicationBootstrap(): Promise<void> {
    await workOn(this.queue, SendPushJob, SENDS_AT_ONCE, (job) => this.send(job.alert_id, job.claim));
  }

  /** Queues the jobs of pushes stored `sending` with these claims (the fan-out, right after storing them). */
  queueStored(pushes: Claimed[]): Promise<void> {
    return queueClaimed(this.queue, SendPushJob, pushes, jobData, this.log);
  }

  /** Queues what is due (every second, every replica). Returns how many were queued. */
  @PeriodicJob({ name: 'push-queue', everyMs: 1_000 })
  flush(): Promise<number> {
    const claim = async (a: Alert, lease_until: Date) => {
      await this.alerts.updateOne({ _id: a._id, status: a.status }, { $set: { status: 'sending', lease_until } });
    };
    const due = (limit: number, now: Date) => this.due(limit, now);
    return sweepDue({ locks: this.locks, lock: 'alerts:push-claim', batch: BATCH, due, claim }, this.queue, SendPushJob, jobData, this.log);
  }

  /** Due pushes: waiting for a retry whose time has come, or claimed by a job that was lost. */
  private async due(limit: number, now: Date): Promise<Alert[]> {
    const [retry, stale] = await Promise.all([
      this.alerts
        .find({ status: 'retry', next_attempt_at: { $lte: now } })
        .limit(limit)
        .lean<Alert[]>(),
      this.alerts
        .find({ status: 'sending', lease_until: { $lte: now } })
        .limit(limit)
        .lean<Alert[]>(),
    ]);
    return [...retry, ...stale].slice(0, limit);
  }

  /** One job: the push sent, or what became of it recorded. A job whose claim is not the push's any more does nothing. */
  async send(id: string, claim: number): Promise<void> {
    const alert = await this.alerts.findById(id).lean<Alert>();
    if (alert?.status !== 'sending' || alert.lease_until?.getTime() !== claim) return;
    await this.sendOne(alert);
  }

  private async sendOne(alert: Alert): Promise<void> {
    const device = alert.device_id ? await this.devices.findById(alert.device_id).lean<PushDevice>() : null;
    // Unsubscribed meanwhile, or the device now belongs to another account (a shared computer).
    if (!device || device.user_id !== alert.user_id) return this.finish(alert, 'dropped', 'device no longer subscribed');
    // Stored before endpoints were checked, or loopback in production: never sent there; the device goes.
    if (!mayPushTo(device.endpoint, this.config.NODE_ENV === 'production')) {
      await this.devices.deleteOne({ _id: device._id, endpoint: device.endpoint });
      return this.finish(alert, 'dropped', 'endpoint not a public push service');
    }
    const host = new URL(device.endpoint).host;
    const slow = this.slowHosts.get(host);
    if (slow && (slow.pausedUntil > Date.now() || slow.probing))
      return this.later(alert, Math.max(slow.pausedUntil, Date.now() + PROBE_WAIT_MS), `push service ${host} paused: it did not answer`);
    if (slow) slow.probing = true;
    const payload: PushPayload = { title: alert.title, body: alert.body, url: alert.url, tag: alert.tag };
    let outcome: PushOutcome;
    try {
      const request = webpush.generateRequestDetails({ endpoint: device.endpoint, keys: device.keys }, JSON.stringify(payload), {
        vapidDetails: this.vapid,
        TTL: TTL_SECONDS,
        urgency: alert.kind === 'order_updates' ? 'high' : 'normal',
        // The push service replaces a push not delivered yet by a newer one of the same topic.
        topic: createHash('sha256').update(alert.tag).digest('base64url').slice(0, 32),
      });
      const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)]));
      const res = await fetch(request.endpoint, {
        method: 'POST',
        headers,
        body: request.body ?? undefined,
        // A push service answers; it never sends us elsewhere (a redirect could point inside the network).
        redirect: 'error',
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      await res.arrayBuffer().catch(() => undefined);
      outcome = outcomeOf(res.status, res.headers.get('retry-after'));
    } catch (err) {
      outcome = { kind: 'retry', error: (err as Error).message };
      // No answer in time: the host is paused (a probe that fails pauses it again).
      if ((err as Error).name === 'TimeoutError')
        this.slowHosts.set(host, { pausedUntil: Date.now() + SLOW_HOST_PAUSE_MS, probing: false });
    }
    // An answer, whatever it says: the host is back.
    const paused = (this.slowHosts.get(host)?.pausedUntil ?? 0) > Date.now();
    if (!(outcome.kind === 'retry' && paused)) this.slowHosts.delete(host);
    switch (outcome.kind) {
      case 'sent':
        await this.finish(alert, 'sent', null);
        // When the device last took a push (at most one write an hour per device).
        if (!device.last_success_at || Date.now() - +device.last_success_at > 3_600_000)
          await this.devices.updateOne({ _id: device._id, endpoint: device.endpoint }, { $set: { last_success_at: new Date() } });
        return;
      case 'gone':
        // The push service forgot this subscription: so do we (its other pushes are dropped when their turn comes).
        await this.devices.deleteOne({ _id: device._id, endpoint: device.endpoint });
        return this.finish(alert, 'dropped', `push service answered ${outcome.status}: subscription gone`);
      case 'refused':
        this.log.warn(`push ${alert._id} refused: ${outcome.error}`);
        return this.finish(alert, 'failed', outcome.error);
      case 'retry': {
        const attempts = alert.attempts + 1;
        const failed = attempts >= this.config.PUSH_MAX_ATTEMPTS;
        this.log.warn(`push ${alert._id} failed (attempt ${attempts}${failed ? ', giving up' : ''}): ${outcome.error}`);
        await this.alerts.updateOne(
          { _id: alert._id },
          {
            $set: {
              status: failed ? 'failed' : 'retry',
              attempts,
              last_error: outcome.error,
              lease_until: null,
              next_attempt_at: new Date(Date.now() + pushRetryDelayMs(attempts, outcome.retryAfter)),
            },
          },
        );
        return;
      }
    }
  }

  /** Waits until `at` without counting an attempt (its push service is paused). */
  private async later(alert: Alert, at: number, reason: string): Promise<void> {
    await this.alerts.updateOne(
      { _id: alert._id },
      { $set: { status: 'retry', last_error: reason, lease_until: null, next_attempt_at: new Date(at) } },
    );
  }

  private async finish(alert: Alert, status: 'sent' | 'dropped' | 'failed', error: string | null): Promise<void> {
    await this.alerts.updateOne(
      { _id: alert._id },
      {
        $set: { status, last_error: error, lease_until: null, ...(status === 'sent' ? { sent_at: new Date() } : {}) },
        $inc: { attempts: 1 },
      },
    );
  }
}
