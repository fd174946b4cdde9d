import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import {
  DataExportJob,
  EXPORT_MESSAGES,
  exportPersonalDataRpc,
  IdentityRpc,
  NotificationsRpc,
  PERSONAL_DATA_SERVICES,
  type PersonalDataPage,
} from '@popote/contracts';
import { PeriodicJob, RpcClient, WorkQueue, type MediaStorage } from '@popote/platform';
import type { BffConfig } from '../../config';
import { MEDIA_STORAGE } from '../../media/media.tokens';
import { BFF_CONFIG } from '../../tokens';
import { ExportArchiveWriter } from './archive-writer';
import { archiveKey, DataExportStore, type ExportJob } from './data-export.store';
import { DataExportsService } from './data-exports.service';

/** Attempts at building one job (a builder that died counts as one) before it is marked failed. */
export const EXPORT_MAX_ATTEMPTS = 3;

const README = `Export de vos données Popote (RGPD, articles 15 et 20)

Chaque dossier correspond au service qui détient les données :
- identity : votre profil, votre profil de cuisinier, vos sessions (dates seulement) ;
- catalogue : vos plats (et leurs photos dans pictures/) ;
- cart : votre panier ;
- ordering : vos commandes passées et reçues, les avis écrits et reçus ;
- payments : vos paiements et remboursements, et pour les cuisiniers le grand livre, les versements et les reçus
  (les numéros de carte ne sont jamais stockés par Popote) ;
- notifications : les emails envoyés pour votre compte (les liens personnels qu'ils contenaient sont retirés)
  et les messages de contact envoyés depuis votre compte.

Les fichiers sont au format JSON (lisible par une machine, UTF-8).
`;

/** The job may not be built at all (not an attempt that failed): it fails at once, with this French reason. */
class Refused extends Error {}

/** Pages of one service's part, at most (a cursor that never ends is a bug, not a bigger archive). */
const EXPORT_MAX_PAGES = 10_000;

/**
 * Builds the archives of 'Télécharger mes données' in the background (ADR 0026, 0027). A request queues
 * its job on the JetStream work queue (`job.bff.data-export`, DataExportsService.request); every
 * BFF replica pulls from one durable consumer, so a job goes to one builder at a time, held by
 * heartbeats while it is built; a builder that dies stops beating and the job goes to another after
 * EXPORT_LEASE_MS; a failed attempt is retried, EXPORT_MAX_ATTEMPTS in all (counted on the job). Job records stay in the
 * BFF's database (what the profile shows). The builder checks again that the owner's address is
 * confirmed, asks every service for its part over NATS (`rpc.<service>.export-personal-data`, as the
 * job's owner: the BFF signs the acting user's assertion), page by page — a reply is one NATS
 * message (1 MB) — and streams the ZIP into the private exports bucket as the pages come
 * (ExportArchiveWriter), records the job ready and asks notifications to email the person.
 */
@Injectable()
export class DataExportWorker implements OnApplicationBootstrap {
  private readonly log = new Logger('DataExportWorker');

  constructor(
    private readonly store: DataExportStore,
    private readonly exports: DataExportsService,
    private readonly rpc: RpcClient,
    private readonly queue: WorkQueue,
    @Inject(MEDIA_STORAGE) private readonly media: MediaStorage,
    @Inject(BFF_CONFIG) private readonly config: BffConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.start();
  }

  /** Pulls jobs from the queue (at bootstrap; tests that held the builders back). */
  start(): Promise<void> {
    return this.queue.work(DataExportJob, (job) => this.run(job.export_id), {
      // Attempts are counted on the job (a build started); a delivery that never reached a builder
      // (a replica stopping) does not spend one. The queue's own bound only stops a poison loop.
      attempts: 20,
      leaseMs: this.config.EXPORT_LEASE_MS,
      retryDelayMs: 2_000,
    });
  }

  /** Takes no new job and waits for the ones under way (tests that keep jobs in preparation). */
  pause(): Promise<void> {
    return this.queue.stop();
  }

  /** One delivery of a job: built, or given up with its reason (the job then leaves the queue); throws to be tried again. */
  async run(exportId: string): Promise<void> {
    // This attempt counted before it starts: a builder that dies has spent one.
    const job = await this.store.jobs.findOneAndUpdate(
      { _id: exportId, status: 'pending' },
      { $inc: { attempts: 1 } },
      { returnDocument: 'after' },
    );
    if (!job) return; // built already (a duplicate delivery), failed, or erased
    const attempt = job.attempts ?? 1;
    if (attempt > EXPORT_MAX_ATTEMPTS) {
      await this.fail(job, `${EXPORT_MAX_ATTEMPTS} attempts`);
      return;
    }
    const started = Date.now();
    try {
      const size = await this.build(job);
      await this.finish(job, size, Date.now() - started);
    } catch (err) {
      this.log.warn(`export ${job._id} attempt ${attempt} failed: ${(err as Error).message}`);
      if (err instanceof Refused) await this.fail(job, err.message, err.message);
      else if (attempt >= EXPORT_MAX_ATTEMPTS) await this.fail(job, (err as Error).message);
      else throw err;
    }
  }

  /** The sweep of expired archives and unsent emails, and the queueing of jobs whose queueing failed (every EXPORT_SWEEP_MS). */
  @PeriodicJob<BffConfig>({ name: 'data-export-sweep', everyMs: (c) => c.EXPORT_SWEEP_MS })
  async sweep(): Promise<void> {
    await this.exports.sweep();
    await this.exports.enqueueStranded();
    // An archive whose email did not go (notifications unreachable at the time): asked again, once per archive.
    const unsent = await this.store.jobs.find({ status: 'ready', notified_at: null }).limit(20).toArray();
    for (const job of unsent) if (job.expires_at && job.expires_at > new Date()) await this.notify(job, job.expires_at);
  }

  /**
   * Asks every service for its part, page by page (a reply is one NATS message: a cook's thousands
   * of orders take several), and streams the ZIP into the bucket as the pages come — every page of
   * every service must answer: never a partial archive. Returns the archive's size.
   */
  private async build(job: ExportJob): Promise<number> {
    const actor = { user_id: job.user_id, user_type: job.user_type };
    // Checked again now: the address may have changed (and not be confirmed) since the request.
    const { user } = await this.rpc.call(IdentityRpc.getMe, { actor });
    if (!user.email_verified) throw new Refused(EXPORT_MESSAGES.emailNotVerified);
    // Same key whoever builds it: a second builder (a lease taken over) overwrites it whole.
    const archive = new ExportArchiveWriter((body) =>
      this.store.archives.putStream(archiveKey(job.user_id, job._id), body, 'application/zip'),
    );
    try {
      archive.file('LISEZMOI.txt', README);
      archive.file(
        'export.json',
        JSON.stringify({ generated_at: new Date().toISOString(), user_id: job.user_id, export_id: job._id }, null, 2),
      );
      for (const service of PERSONAL_DATA_SERVICES) {
        const mediaKeys = new Set<string>();
        let cursor: string | null = null;
        for (let pages = 0; ; pages++) {
          if (pages >= EXPORT_MAX_PAGES) throw new Error(`${service}: more than ${EXPORT_MAX_PAGES} pages`);
          const page: PersonalDataPage = await this.rpc.call(exportPersonalDataRpc(service), { actor, cursor }, { timeoutMs: 20_000 });
          await archive.page(service, page.sections);
          for (const key of page.media_keys) mediaKeys.add(key);
          if (page.next_cursor !== null && page.next_cursor === cursor) throw new Error(`${service}: the export does not move forward`);
          cursor = page.next_cursor;
          if (cursor === null) break;
        }
        await archive.closeSection();
        for (const key of mediaKeys) {
          const object = await this.media.get(key);
          if (object) archive.file(`${service}/pictures/${key.split('/').pop()}`, object.stream);
        }
      }
      await archive.finish();
    } catch (err) {
      await archive.abort(err as Error);
      throw err;
    }
    return archive.bytes;
  }

  /** Ready: recorded (unless the account was erased meanwhile — then the archive goes), the slot freed, older archives removed, the email asked for. */
  private async finish(job: ExportJob, size: number, buildMs: number): Promise<void> {
    const key = archiveKey(job.user_id, job._id);
    const readyAt = new Date();
    const expiresAt = new Date(readyAt.getTime() + this.config.EXPORT_TTL_HOURS * 3_600_000);
    const written = await this.store.jobs.updateOne(
      { _id: job._id, status: 'pending' },
      {
        $set: {
          status: 'ready',
          ready_at: readyAt,
          expires_at: expiresAt,
          object_key: key,
          size_bytes: size,
          build_ms: buildMs,
        },
      },
    );
    if (written.matchedCount === 0 && !(await this.store.jobs.findOne({ _id: job._id }))) {
      await this.store.archives.remove([key]); // erased while it was being built
      return;
    }
    await this.store.slots.deleteOne({ _id: job.user_id, export_id: job._id });
    // One archive per person: the previous ones go now rather than at their expiry.
    const older = await this.store.jobs.find({ user_id: job.user_id, _id: { $ne: job._id }, status: { $ne: 'pending' } }).toArray();
    for (const o of older) {
      if (o.object_key) await this.store.archives.remove([o.object_key]);
      await this.store.jobs.deleteOne({ _id: o._id });
    }
    this.log.log(`export ${job._id}: ready in ${buildMs} ms (${size} bytes, attempt ${job.attempts})`);
    await this.notify(job, expiresAt);
  }

  private async notify(job: ExportJob, expiresAt: Date): Promise<void> {
    try {
      await this.rpc.call(NotificationsRpc.sendDataExportReady, {
        actor: { user_id: job.user_id, user_type: job.user_type },
        export_id: job._id,
        expires_at: expiresAt.toISOString(),
      });
      await this.store.jobs.updateOne({ _id: job._id, status: 'ready' }, { $set: { notified_at: new Date() } });
    } catch (err) {
      this.log.warn(`export ${job._id}: email not asked yet (the sweep retries): ${(err as Error).message}`);
    }
  }

  private async fail(job: ExportJob, reason: string, shown: string = EXPORT_MESSAGES.failed): Promise<void> {
    this.log.error(`export ${job._id} failed for good: ${reason}`);
    await this.store.jobs.updateOne({ _id: job._id, status: 'pending' }, { $set: { status: 'failed', error: shown } });
    await this.store.slots.deleteOne({ _id: job.user_id, export_id: job._id });
    await this.store.archives.remove([archiveKey(job.user_id, job._id)]).catch(() => undefined);
  }
}
