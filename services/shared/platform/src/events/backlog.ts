import { Logger } from '@nestjs/common';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { partitionOf, STREAMS } from '@popote/contracts';

export interface PartitionProgress {
  /** Stream sequence of the last event the partition's worker acknowledged (in order). */
  floor: number;
  /** Events of the partition still to apply (not delivered yet, or in flight). */
  backlog: number;
}

/**
 * How far the worker of a cook's partition has got (ADR 0008): its durable's ack floor and backlog,
 * read from JetStream (a consumer info, no database read). A caller waiting for the worker's answer
 * keeps waiting while the floor moves, and gives up only when the worker stopped applying anything.
 * One info request per partition at a time per process, shared by every waiter (cached `cacheMs`).
 */
export class PartitionBacklog {
  private jsm?: Promise<JetStreamManager>;
  private readonly cache = new Map<string, { at: number; value: Promise<PartitionProgress | null> }>();
  private readonly log = new Logger('PartitionBacklog');

  constructor(
    private readonly nc: NatsConnection,
    private readonly service: string,
    private readonly cacheMs = 40,
  ) {}

  /** The progress of `<service>-<handler>-p<k>`, the partition of `key`; null when JetStream did not answer. */
  progressOf(handler: string, key: string): Promise<PartitionProgress | null> {
    const durable = `${this.service}-${handler}-p${partitionOf(key)}`;
    const cached = this.cache.get(durable);
    if (cached && Date.now() - cached.at < this.cacheMs) return cached.value;
    const value = (async () => {
      this.jsm ??= jetstreamManager(this.nc);
      const info = await (await this.jsm).consumers.info(STREAMS.events.name, durable);
      return { floor: info.ack_floor.stream_seq, backlog: info.num_pending + info.num_ack_pending };
    })().catch((err: Error) => {
      this.jsm = undefined;
      this.log.debug(`${durable}: no consumer info (${err.message})`);
      return null;
    });
    this.cache.set(durable, { at: Date.now(), value });
    return value;
  }

  /**
   * Waits for `read` to give an answer (not undefined) from the worker of the partitions of `keys`.
   * The outcome is read again whenever a partition's floor moved (and at least every `readEveryMs`),
   * so many waiters behind one busy cook do not poll the database in a loop. Gives up (answers
   * undefined after one last read) when no partition moved for `stallMs`, or after `maxMs` in all.
   */
  async waitFor<T>(
    handler: string,
    keys: string[],
    read: () => Promise<T | undefined>,
    opts: { stallMs: number; maxMs: number; readEveryMs?: number },
  ): Promise<{ outcome: T | undefined; waitedMs: number; backlogSeen: number }> {
    const started = Date.now();
    const distinct = [...new Set(keys)];
    let last = '';
    let movedAt = started;
    let readAt = 0;
    let backlogSeen = 0;
    for (;;) {
      const now = Date.now();
      const progress = await Promise.all(distinct.map((k) => this.progressOf(handler, k)));
      const known = progress.every((p) => p !== null);
      const mark = progress.map((p) => p?.floor ?? '?').join(',');
      backlogSeen = Math.max(backlogSeen, ...progress.map((p) => p?.backlog ?? 0));
      const moved = mark !== last;
      if (moved) {
        last = mark;
        movedAt = now;
      }
      if (!known || moved || now - readAt >= (opts.readEveryMs ?? 500)) {
        readAt = now;
        const outcome = await read();
        if (outcome !== undefined) return { outcome, waitedMs: Date.now() - started, backlogSeen };
      }
      if (now - movedAt > opts.stallMs || now - started > opts.maxMs)
        return { outcome: await read(), waitedMs: Date.now() - started, backlogSeen };
      await new Promise((r) => setTimeout(r, known ? 25 : 50));
    }
  }
}
