import { Logger } from '@nestjs/common';
import { set as setMongooseOption, type Connection, type Model } from 'mongoose';
import type { EventPublisher } from './publisher';
import { KeyedMutex, type DistributedLocks } from './locks';
import { savedOutbox, step, type OutboxEntry, type Step } from './outbox-record';
import { eventsPublished } from '../metrics';
import { PeriodicTask } from '../jobs/periodic-task';

// The recording side (the outbox on the documents, `recordEvent`, `outboxUpdate`) lives in
// outbox-record.ts; its public names are importable from here as before.
export { outboxPlugin, outboxUpdate, recordEvent, type OutboxEntry, type WithOutbox } from './outbox-record';

// Queries inside `connection.transaction(fn)` join its session without being handed it (see `change`).
setMongooseOption('transactionAsyncLocalStorage', true);

/**
 * Publish on write (ADR 0004): a write that records events publishes them right after it, waiting
 * for JetStream's ack, then clears them from the document — under the lock the write took (one
 * lease for the three), or in the background under the document's lock after an insert (which takes
 * none). The periodic sweep is the recovery path only: it republishes what a crash or a broker
 * outage left pending.
 */
export class OutboxRelay {
  private readonly locks: Pick<DistributedLocks, 'run'>;
  private readonly log = new Logger('OutboxRelay');
  private readonly models: Model<any>[] = [];
  private sweeper?: PeriodicTask;
  private running = false;
  private again = false;
  private stopped = false;
  private readonly clearing = new Set<Promise<void>>();

  constructor(
    private readonly publisher: EventPublisher,
    /** Writers of one document across processes (ADR 0004); a process-local mutex when absent. */
    locks?: Pick<DistributedLocks, 'run'>,
    /** Sweep period; an entry is swept only once older than `graceMs` (the hot path had its chance). */
    private readonly intervalMs = 5000,
    private readonly graceMs = 2000,
  ) {
    this.locks = locks ?? new KeyedMutex();
  }

  register(model: Model<any>): void {
    if (!this.models.includes(model)) this.models.push(model);
  }

  /** Every model of the connection whose documents carry an outbox (`outboxPlugin`): what the sweep watches. */
  registerOutboxModels(connection: Pick<Connection, 'modelNames' | 'model'>): void {
    for (const name of connection.modelNames()) {
      const model = connection.model(name) as Model<any>;
      if (model.schema.path('_outbox')) this.register(model);
    }
  }

  /** The models the sweep watches. */
  get registered(): readonly Model<any>[] {
    return this.models;
  }

  start(): void {
    this.stopped = false;
    this.sweeper ??= new PeriodicTask('outbox-sweep', this.intervalMs, () => this.kick(), this.log);
    this.sweeper.start();
    this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.sweeper?.stop();
    while (this.running) await new Promise((r) => setTimeout(r, 20));
    await Promise.allSettled([...this.clearing]);
  }

  /**
   * One step on one aggregate, the only way services write one (ADR 0023): under the document's lock
   * (one writer across all replicas), inside a MongoDB transaction where the deployment offers one
   * (a replica set; every query of `fn` joins it without passing a session), then the events `fn`
   * recorded on that document (`recordEvent`, `outboxUpdate`) published at once and cleared.
   * `fn` reads, decides, records and writes; what it returns is returned. A step that recorded
   * nothing publishes nothing; if `fn` throws, nothing of it is published (and, in a transaction,
   * nothing of it is written).
   */
  async change<T>(model: Model<any>, id: unknown, fn: () => Promise<T>): Promise<T> {
    const scope: Step = { recorded: false, id };
    return step.run(scope, () =>
      this.locked(model, id, async () => {
        const result = await this.inTransaction(model.db, fn);
        // Still under the document's lock (one lease for the step, its publish and its clear).
        if (scope.recorded) await this.flush(model, id, savedOutbox(scope));
        return result;
      }),
    );
  }

  private readonly transactional = new WeakMap<Connection, Promise<boolean>>();

  /** A transaction where the server offers one (a replica set or a sharded cluster; not FerretDB, not a lone mongod). */
  private async inTransaction<T>(connection: Connection, fn: () => Promise<T>): Promise<T> {
    if (!connection?.db) return fn();
    let offered = this.transactional.get(connection);
    if (!offered) {
      offered = connection.db
        .admin()
        .command({ hello: 1 })
        .then((hello) => offersTransactions(hello))
        .catch(() => false);
      this.transactional.set(connection, offered);
    }
    if (!(await offered)) return fn();
    return connection.transaction(fn);
  }

  private locked<T>(model: Model<any>, id: unknown, fn: () => Promise<T>): Promise<T> {
    return this.locks.run(`${model.collection.name}:${String(id)}`, fn);
  }

  /** Saves a document (with the events recorded on it) under its lock, then publishes them at once. */
  async save<D extends { save(): Promise<unknown>; _id: unknown; _outbox?: OutboxEntry[]; isNew?: boolean }>(
    model: Model<any>,
    doc: D,
  ): Promise<D> {
    const entries = [...(doc._outbox ?? [])].map((e) => (typeof (e as any).toObject === 'function' ? (e as any).toObject() : e));
    // A new document is an insert (a second creator gets a duplicate-key error): nothing to lock.
    if (doc.isNew) {
      await doc.save();
      await this.publishNow(model, doc._id, entries);
      return doc;
    }
    await this.locked(model, doc._id, async () => {
      await doc.save();
      if (await this.publishAll(entries))
        await this.clear(model, doc._id, entries).catch((err) =>
          this.log.warn(`outbox clear failed, the sweep will retry: ${(err as Error).message}`),
        );
    });
    return doc;
  }

  /**
   * Under the document's lock: its pending events published now (as the step saved them, or read by
   * `_id`; the publishes in order), then cleared, before the lock goes.
   */
  private async flush(model: Model<any>, id: unknown, known?: OutboxEntry[]): Promise<void> {
    const entries =
      known ??
      (
        (await model.collection.findOne({ _id: id } as never, { projection: { _outbox: 1 } })) as unknown as {
          _outbox?: OutboxEntry[];
        } | null
      )?._outbox ??
      [];
    if (await this.publishAll(entries))
      await this.clear(model, id, entries).catch((err) =>
        this.log.warn(`outbox clear failed, the sweep will retry: ${(err as Error).message}`),
      );
  }

  /** Publishes in order; false (and the sweep will retry) if the broker did not take them all. */
  private async publishAll(entries: OutboxEntry[]): Promise<boolean> {
    if (!entries.length || this.stopped) return false;
    try {
      // In order: the events of one document are announced in the order they were recorded.
      for (const entry of entries) await this.publisher.publishEnvelope(entry.subject, entry.envelope, entry.trace);
      this.sent += entries.length;
      eventsPublished.inc({ path: 'hot' }, entries.length);
      return true;
    } catch (err) {
      // The write stands; the sweep publishes the entries once the broker answers again.
      this.log.warn(`publish after write failed, the sweep will retry: ${(err as Error).message}`);
      return false;
    }
  }

  /** After a write that took no lock (an insert): published now, cleared in the background under the document's lock. */
  private async publishNow(model: Model<any>, id: unknown, entries: OutboxEntry[]): Promise<void> {
    if (!(await this.publishAll(entries))) return;
    const clear = this.locked(model, id, () => this.clear(model, id, entries))
      .catch((err) => this.log.warn(`outbox clear failed, the sweep will retry: ${(err as Error).message}`))
      .finally(() => this.clearing.delete(clear));
    this.clearing.add(clear);
  }

  private async clear(model: Model<any>, id: unknown, published: OutboxEntry[]): Promise<void> {
    // Under the document's lock nobody else writes it. Entries are only ever appended, so when the
    // outbox has as many entries as we published, the same first and the same last, it holds exactly
    // ours: one write empties it (the usual case).
    if (!published.length) return;
    const last = published.length - 1;
    const whole = await model.collection.updateOne(
      {
        _id: id,
        _outbox: { $size: published.length },
        '_outbox.0._id': published[0]._id,
        [`_outbox.${last}._id`]: published[last]._id,
      } as never,
      { $set: { _outbox: [], _outbox_pending: false } },
    );
    if (whole.modifiedCount === 1) return;
    // Raw driver calls, exact entries: FerretDB's $pull only removes whole-document matches
    // (a condition such as {_id: {$in: …}} silently matches nothing), so we $pullAll what we read.
    await model.collection.updateOne({ _id: id } as never, { $pullAll: { _outbox: published } } as never);
    await model.collection.updateOne({ _id: id, _outbox: { $size: 0 } } as never, { $set: { _outbox_pending: false } });
  }

  /** Ask for a sweep now. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    void this.drain()
      .catch((err) => this.log.warn(`outbox sweep failed, will retry: ${(err as Error).message}`))
      .finally(() => {
        this.running = false;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  private sent = 0;

  /** Events published by this relay (hot path and sweep). */
  get publishedCount(): number {
    return this.sent;
  }

  /** The sweep: republishes whatever is still pending (older than the grace period). */
  async drain(graceMs = this.graceMs): Promise<number> {
    const before = this.sent;
    for (const model of this.models) {
      const docs = (await model.collection
        .find({ _outbox_pending: true }, { projection: { _outbox: 1 }, limit: 100 })
        .toArray()) as unknown as { _id: unknown; _outbox: OutboxEntry[] }[];
      const cutoff = Date.now() - graceMs;
      for (const listed of docs) {
        const stale = (listed._outbox ?? []).some((e) => Date.parse(e.envelope.occurred_at) <= cutoff);
        if (!stale && (listed._outbox ?? []).length) continue;
        await this.locked(model, listed._id, () => this.relayOne(model, listed._id));
      }
    }
    return this.sent - before;
  }

  private async relayOne(model: Model<any>, id: unknown): Promise<void> {
    const doc = (await model.collection.findOne({ _id: id } as never, {
      projection: { _outbox: 1 },
    })) as unknown as { _id: unknown; _outbox?: OutboxEntry[] } | null;
    if (!doc) return;
    const published: OutboxEntry[] = [];
    for (const entry of doc._outbox ?? []) {
      await this.publisher.publishEnvelope(entry.subject, entry.envelope, entry.trace);
      published.push(entry);
      this.sent++;
      eventsPublished.inc({ path: 'sweep' });
    }
    await this.clear(model, doc._id, published);
  }
}

/**
 * Whether a server's `hello` answer offers multi-document transactions: a replica-set member
 * (`setName`) or a mongos (`msg: 'isdbgrid'`) with logical sessions. FerretDB 1.x and a standalone
 * mongod answer neither, and their steps run under the lock alone.
 */
export function offersTransactions(hello: Record<string, unknown>): boolean {
  const clustered = typeof hello.setName === 'string' || hello.msg === 'isdbgrid';
  return clustered && hello.logicalSessionTimeoutMinutes != null;
}
