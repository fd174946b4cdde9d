import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { Injectable, Logger } from '@nestjs/common';
import { DataExportJob, DomainError, EXPORT_MESSAGES, IdentityRpc, type Actor, type DataExportStatus } from '@popote/contracts';
import { RpcClient, WorkQueue, insertOnce } from '@popote/platform';
import { RateLimitedError, RateLimitService } from '../../security/rate-limit.service';
import { DataExportStore, type ExportJob } from './data-export.store';

/** What the profile shows of a person's latest export. */
export interface DataExportView {
  export_id: string;
  status: DataExportStatus;
  requested_at: string;
  ready_at: string | null;
  expires_at: string | null;
  size_bytes: number | null;
  download_url: string | null;
}

/** The download address of an archive (BFF route behind the shell's /media proxy; the owner's session is required). */
export const downloadPath = (exportId: string) => `/media/account/exports/${exportId}.zip`;

/** Finished jobs (failed, expired) are forgotten this long after they were asked for. */
const FORGET_AFTER_MS = 30 * 86_400_000;
/** A job whose queueing failed (NATS unreachable at the request) is queued by the sweep once this old. */
const STRANDED_AFTER_MS = 30_000;

/**
 * The rules of 'Télécharger mes données' as a job (ADR 0026, 0027): one export in preparation per person
 * (a unique-`_id` slot), a rate limit per person, the owner alone downloads, expired archives and
 * those of erased accounts are deleted. Building is DataExportWorker's, from the work queue.
 */
@Injectable()
export class DataExportsService {
  private readonly log = new Logger('DataExports');

  constructor(
    private readonly store: DataExportStore,
    private readonly limits: RateLimitService,
    private readonly rpc: RpcClient,
    private readonly queue: WorkQueue,
  ) {}

  static view(job: ExportJob, now = new Date()): DataExportView {
    const expired = job.status === 'expired' || (job.status === 'ready' && !!job.expires_at && job.expires_at <= now);
    const status: DataExportStatus = expired
      ? 'expired'
      : job.status === 'pending'
        ? 'preparing'
        : job.status === 'ready'
          ? 'ready'
          : 'failed';
    return {
      export_id: job._id,
      status,
      requested_at: job.requested_at.toISOString(),
      ready_at: job.ready_at?.toISOString() ?? null,
      expires_at: job.expires_at?.toISOString() ?? null,
      size_bytes: status === 'ready' ? (job.size_bytes ?? null) : null,
      download_url: status === 'ready' ? downloadPath(job._id) : null,
    };
  }

  /** The person's most recent export, or null. */
  async latest(userId: string): Promise<DataExportView | null> {
    const [job] = await this.store.jobs.find({ user_id: userId }).sort({ requested_at: -1 }).limit(1).toArray();
    return job ? DataExportsService.view(job) : null;
  }

  /**
   * 'Télécharger mes données': a new job, unless the account's address is not confirmed (asked of
   * identity now, and again when the archive is built: what the archive holds was sent to that
   * address), one is in preparation, or the person asked too often.
   */
  async request(actor: Actor): Promise<DataExportView> {
    const { user } = await this.rpc.call(IdentityRpc.getMe, { actor: { user_id: actor.user_id, user_type: actor.user_type } });
    if (!user.email_verified)
      throw new DomainError('FORBIDDEN', EXPORT_MESSAGES.emailNotVerified, undefined, { reason: 'EMAIL_NOT_VERIFIED' });
    await this.freeStaleSlot(actor.user_id);
    const job: ExportJob = {
      _id: randomBytes(24).toString('base64url'),
      user_id: actor.user_id,
      user_type: actor.user_type,
      status: 'pending',
      requested_at: new Date(),
      attempts: 0,
      notified_at: null,
      // Counted as queued from the start: on FerretDB an update rewrites the whole document, so a
      // write after the publish could undo what the builder (already at work) wrote. Only a failed
      // publish writes it (back to null), and then no builder has the job.
      enqueued_at: new Date(),
    };
    // The slot first: a request refused because one is in preparation does not count against the limit.
    const claimed = await insertOnce(() =>
      this.store.slots.insertOne({ _id: actor.user_id, export_id: job._id, created_at: job.requested_at }),
    );
    if (!claimed) throw new DomainError('CONFLICT', EXPORT_MESSAGES.inProgress);
    try {
      await this.limits.consume('export', `user:${actor.user_id}`);
      await this.store.jobs.insertOne(job);
    } catch (err) {
      await this.store.slots.deleteOne({ _id: actor.user_id, export_id: job._id }).catch(() => undefined);
      if (err instanceof RateLimitedError) throw new RateLimitedError(err.retryAfterS, EXPORT_MESSAGES.rateLimited(err.retryAfterS));
      throw err;
    }
    await this.enqueue(job._id);
    return DataExportsService.view(job);
  }

  /** Queues the job for a builder (DataExportWorker) once; if NATS does not answer now, the sweep queues it later. */
  private async enqueue(exportId: string): Promise<void> {
    try {
      await this.queue.enqueue(DataExportJob, { export_id: exportId }, exportId);
    } catch (err) {
      this.log.warn(`export ${exportId} not queued yet (the sweep queues it): ${(err as Error).message}`);
      await this.store.jobs.updateOne({ _id: exportId }, { $set: { enqueued_at: null } }).catch(() => undefined);
    }
  }

  /** Jobs in preparation that never reached the queue (a failed publish, a replica stopped in between), queued now. */
  async enqueueStranded(now = new Date()): Promise<number> {
    const stranded = await this.store.jobs
      .find({ status: 'pending', enqueued_at: null, requested_at: { $lt: new Date(now.getTime() - STRANDED_AFTER_MS) } })
      .limit(50)
      .toArray();
    for (const job of stranded) {
      await this.store.jobs.updateOne({ _id: job._id, status: 'pending' }, { $set: { enqueued_at: new Date() } });
      await this.enqueue(job._id);
    }
    return stranded.length;
  }

  /**
   * The slot of a job that is no longer in preparation (a builder stopped between finishing the job
   * and freeing the slot; a request stopped between its slot and its job) is freed. A job still in
   * preparation keeps it: the request is refused.
   */
  private async freeStaleSlot(userId: string): Promise<void> {
    const slot = await this.store.slots.findOne({ _id: userId });
    if (!slot) return;
    const job = await this.store.jobs.findOne({ _id: slot.export_id });
    if (job?.status === 'pending') throw new DomainError('CONFLICT', EXPORT_MESSAGES.inProgress);
    // Only if it is still that slot: a new request's slot is never deleted here.
    if (job || Date.now() - slot.created_at.getTime() > 60_000)
      await this.store.slots.deleteOne({ _id: userId, export_id: slot.export_id });
  }

  /** The archive, for its owner only; someone else's reads as not found (nothing tells it exists). */
  async open(actor: Actor, exportId: string): Promise<{ stream: Readable; size: number }> {
    const job = /^[A-Za-z0-9_-]{16,64}$/.test(exportId) ? await this.store.jobs.findOne({ _id: exportId }) : null;
    if (!job || job.user_id !== actor.user_id) throw new DomainError('NOT_FOUND', EXPORT_MESSAGES.notFound);
    const view = DataExportsService.view(job);
    if (view.status === 'expired') throw new DomainError('NOT_FOUND', EXPORT_MESSAGES.expired, undefined, { reason: 'EXPIRED' });
    if (view.status === 'preparing') throw new DomainError('CONFLICT', EXPORT_MESSAGES.notReady);
    if (view.status !== 'ready' || !job.object_key) throw new DomainError('NOT_FOUND', EXPORT_MESSAGES.notFound);
    const object = await this.store.archives.get(job.object_key);
    if (!object) throw new DomainError('NOT_FOUND', EXPORT_MESSAGES.notFound);
    return { stream: object.stream, size: object.size };
  }

  /**
   * Erasure (and the erasure event's backstop on every replica): the person's jobs, then their
   * archives — in that order, so a builder finishing meanwhile finds its job gone and deletes its
   * own archive (DataExportWorker.finish). Idempotent.
   */
  async eraseUser(userId: string): Promise<void> {
    await this.store.jobs.deleteMany({ user_id: userId });
    await this.store.slots.deleteOne({ _id: userId });
    await this.store.archives.remove(await this.store.archives.keys(`${userId}/`));
  }

  /**
   * Every replica, every EXPORT_SWEEP_MS (idempotent): archives past their date are deleted from the
   * bucket (the job stays 'expired' so the profile can say so), finished jobs are forgotten after
   * 30 days, and objects without a ready job (a builder that stopped, an erasure that raced a build)
   * are deleted once older than an hour.
   */
  async sweep(now = new Date()): Promise<{ expired: number; orphans: number }> {
    const due = await this.store.jobs.find({ status: 'ready', expires_at: { $lte: now } }).toArray();
    for (const job of due) {
      if (job.object_key) await this.store.archives.remove([job.object_key]);
      await this.store.jobs.updateOne({ _id: job._id }, { $set: { status: 'expired', object_key: null } });
    }
    await this.store.jobs.deleteMany({
      status: { $in: ['expired', 'failed'] },
      requested_at: { $lt: new Date(now.getTime() - FORGET_AFTER_MS) },
    });
    let orphans = 0;
    for (const object of await this.store.archives.list()) {
      if (now.getTime() - object.lastModified.getTime() < 3_600_000) continue;
      const id = /^[^/]+\/([A-Za-z0-9_-]+)\.zip$/.exec(object.key)?.[1];
      const job = id ? await this.store.jobs.findOne({ _id: id }) : null;
      if (job?.status === 'ready' && job.object_key === object.key) continue;
      await this.store.archives.remove([object.key]);
      orphans++;
    }
    if (due.length || orphans) this.log.log(`sweep: ${due.length} archive(s) expired, ${orphans} orphaned object(s) deleted`);
    return { expired: due.length, orphans };
  }
}
