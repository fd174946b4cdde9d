import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import {
  EXPORT_MESSAGES,
  exportPersonalDataRpc,
  IdentityRpc,
  NotificationsRpc,
  PERSONAL_DATA_SERVICES,
  type PersonalDataPage,
} from '@popote/contracts';
import { RpcClient, type MediaStorage } from '@popote/platform';
import type { BffConfig } from '../../config';
import { MEDIA_STORAGE } from '../../media/media.tokens';
import { BFF_CONFIG } from '../../tokens';
import { ExportArchiveWriter } from './archive-writer';
import { archiveKey, DataExportStore, type ExportJob } from './data-export.store';
import { DataExportsService } from './data-exports.service';

/** A claim whose holder has not written its heartbeat for this long may be taken over (the holder died). */
export const EXPORT_LEASE_MS = 60_000;
const HEARTBEAT_MS = 10_000;
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

class Superseded extends Error {}
/** The job may not be built at all (not an attempt that failed): it fails at once, with this French reason. */
class Refused extends Error {}

/** Pages of one service's part, at most (a cursor that never ends is a bug, not a bigger archive). */
const EXPORT_MAX_PAGES = 10_000;

/**
 * Builds the archives of 'Télécharger mes données' in the background, on every BFF replica
 * (ADR 0009). Jobs live in the BFF's database, so a restart finds them again; each replica polls
 * for jobs in preparation (the one that took the request starts at once) and builds one only after
 * inserting its claim `<export id>#<n>` — a unique `_id`, so of two replicas exactly one builds it.
 * The builder checks again that the owner's address is confirmed, asks every service for its part
 * over NATS (`rpc.<service>.export-personal-data`, as the job's owner: the BFF signs the acting
 * user's assertion), page by page — a reply is one NATS message (1 MB) — and streams the ZIP into
 * the private exports bucket as the pages come (ExportArchiveWriter), records the job ready and asks
 * notifications to email the person.
 */
@Injectable()
export class DataExportWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('DataExportWorker');
  private readonly holder = randomUUID();
  private pollTimer?: NodeJS.Timeout;
  private sweepTimer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = false;

  constructor(
    private readonly store: DataExportStore,
    private readonly exports: DataExportsService,
    private readonly rpc: RpcClient,
    @Inject(MEDIA_STORAGE) private readonly media: MediaStorage,
    @Inject(BFF_CONFIG) private readonly config: BffConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.exports.onRequested = () => this.kick();
    this.pollTimer = setInterval(() => this.kick(), this.config.EXPORT_POLL_MS);
    this.pollTimer.unref();
    this.sweepTimer = setInterval(() => void this.sweep(), this.config.EXPORT_SWEEP_MS);
    this.sweepTimer.unref();
    this.kick();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.pollTimer) clearInterval(this.pollTimer);
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    await this.pause();
  }

  /** Takes no new job and waits for the one under way (shutdown; tests that hold jobs in preparation). */
  async pause(): Promise<void> {
    this.stopped = true;
    await this.running?.catch(() => undefined);
  }

  resume(): void {
    this.stopped = false;
  }

  /** Looks for jobs now (or right after the pass under way). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.pass().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    });
  }

  /** One pass: every job in preparation, oldest first, one at a time on this replica. Tests await it. */
  async pass(): Promise<void> {
    try {
      const pending = await this.store.jobs.find({ status: 'pending' }).sort({ requested_at: 1 }).limit(20).toArray();
      for (const job of pending) {
        if (this.stopped) return;
        await this.tryBuild(job);
      }
    } catch (err) {
      this.log.warn(`export pass failed: ${(err as Error).message}`);
    }
  }

  /** The sweep of expired archives and unsent emails (every EXPORT_SWEEP_MS). */
  async sweep(): Promise<void> {
    try {
      await this.exports.sweep();
      // An archive whose email did not go (notifications unreachable at the time): asked again, once per archive.
      const unsent = await this.store.jobs.find({ status: 'ready', notified_at: null }).limit(20).toArray();
      for (const job of unsent) if (job.expires_at && job.expires_at > new Date()) await this.notify(job, job.expires_at);
    } catch (err) {
      this.log.warn(`export sweep failed: ${(err as Error).message}`);
    }
  }

  /**
   * The claim for the next attempt at `job`, or null: someone holds a live claim, another replica
   * inserted the same claim first, or the attempts are spent (the job is then marked failed).
   */
  async claim(job: ExportJob): Promise<number | null> {
    const claims = await this.store.claims.find({ export_id: job._id }).toArray();
    const latest = claims.sort((a, b) => b.n - a.n)[0];
    if (latest && Date.now() - latest.heartbeat_at.getTime() < EXPORT_LEASE_MS) return null;
    const n = (latest?.n ?? 0) + 1;
    if (n > EXPORT_MAX_ATTEMPTS) {
      await this.fail(job, `${EXPORT_MAX_ATTEMPTS} attempts`);
      return null;
    }
    try {
      await this.store.claims.insertOne({ _id: `${job._id}#${n}`, export_id: job._id, n, holder: this.holder, heartbeat_at: new Date() });
    } catch (err) {
      if ((err as { code?: number }).code === 11000) return null;
      throw err;
    }
    // Read again under the claim: the job may have been finished (its claims then deleted) after
    // this pass listed it, or erased. Finishing writes the status before deleting the claims.
    const now = await this.store.jobs.findOne({ _id: job._id });
    if (now?.status !== 'pending') {
      await this.store.claims.deleteOne({ _id: `${job._id}#${n}` });
      return null;
    }
    return n;
  }

  private async tryBuild(job: ExportJob): Promise<void> {
    const n = await this.claim(job);
    if (n === null) return;
    const claimId = `${job._id}#${n}`;
    let superseded = false;
    const heartbeat = setInterval(() => {
      void (async () => {
        await this.store.claims.updateOne({ _id: claimId }, { $set: { heartbeat_at: new Date() } });
        // Stalled longer than the lease and taken over: stop, the newer claim builds it.
        if (await this.store.claims.findOne({ _id: `${job._id}#${n + 1}` })) superseded = true;
      })().catch((err: Error) => this.log.warn(`export ${job._id}: heartbeat: ${err.message}`));
    }, HEARTBEAT_MS);
    const started = Date.now();
    try {
      const size = await this.build(job, () => superseded);
      await this.finish(job, n, size, Date.now() - started);
    } catch (err) {
      if (err instanceof Superseded) return;
      this.log.warn(`export ${job._id} attempt ${n} failed: ${(err as Error).message}`);
      if (err instanceof Refused) await this.fail(job, err.message, err.message);
      else if (n >= EXPORT_MAX_ATTEMPTS) await this.fail(job, (err as Error).message);
      // Released: the next poll of any replica tries again as n+1.
      else await this.store.claims.updateOne({ _id: claimId }, { $set: { heartbeat_at: new Date(0) } });
    } finally {
      clearInterval(heartbeat);
    }
  }

  /**
   * Asks every service for its part, page by page (a reply is one NATS message: a cook's thousands
   * of orders take several), and streams the ZIP into the bucket as the pages come — every page of
   * every service must answer: never a partial archive. Returns the archive's size.
   */
  private async build(job: ExportJob, superseded: () => boolean): Promise<number> {
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
          if (superseded()) throw new Superseded();
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
  private async finish(job: ExportJob, n: number, size: number, buildMs: number): Promise<void> {
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
          attempts: n,
        },
      },
    );
    if (written.matchedCount === 0 && !(await this.store.jobs.findOne({ _id: job._id }))) {
      await this.store.archives.remove([key]); // erased while it was being built
      return;
    }
    await this.store.slots.deleteOne({ _id: job.user_id, export_id: job._id });
    await this.store.claims.deleteMany({ export_id: job._id });
    // One archive per person: the previous ones go now rather than at their expiry.
    const older = await this.store.jobs.find({ user_id: job.user_id, _id: { $ne: job._id }, status: { $ne: 'pending' } }).toArray();
    for (const o of older) {
      if (o.object_key) await this.store.archives.remove([o.object_key]);
      await this.store.jobs.deleteOne({ _id: o._id });
    }
    this.log.log(`export ${job._id}: ready in ${buildMs} ms (${size} bytes, attempt ${n})`);
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
    await this.store.claims.deleteMany({ export_id: job._id });
    await this.store.archives.remove([archiveKey(job.user_id, job._id)]).catch(() => undefined);
  }
}
