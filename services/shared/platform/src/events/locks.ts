import { createHash, randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { Kvm, type KV } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import { leasesTaken } from '../metrics';

/**
 * One writer at a time per document, within this process: FerretDB applies an update by reading
 * the document, changing it and writing it whole back, so two overlapping writes lose one.
 */
export class KeyedMutex {
  private readonly tails = new Map<string, Promise<void>>();

  async run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((r) => (release = r));
    const tail = previous.then(() => mine);
    this.tails.set(key, tail);
    await previous;
    try {
      return await fn();
    } finally {
      release();
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}

/** Longest lock key kept readable in the bucket; longer ones are hashed (see lockKey). */
const MAX_READABLE_KEY = 200;

/**
 * The bucket key of a lock. A key is the last part of a NATS subject (`$KV.<bucket>.<key>`): made of
 * subject-safe characters, with no empty token (a leading, trailing or double dot) and short — a
 * subject over the server's control line (4 KB) makes it drop the whole connection. A document's key
 * is its collection and id, and ids arrive from requests: whatever one holds (10 KB of text,
 * `../../etc/passwd`, `>`), the lock gets a valid key, readable when it can be, else the key's SHA-256.
 */
export function lockKey(key: string): string {
  const readable = key.replace(/[^-/_=.a-zA-Z0-9]/g, '_');
  if (readable && readable.length <= MAX_READABLE_KEY && !readable.startsWith('.') && !readable.endsWith('.') && !readable.includes('..'))
    return readable;
  return `sha256_${createHash('sha256').update(key).digest('hex')}`;
}

/** Lock leases expire after this long (a holder killed mid-write never blocks a document for longer). */
export const LOCK_LEASE_MS = 15_000;

/**
 * One writer at a time per document across all processes (ADR 0004): a lease in a NATS JetStream
 * KV bucket. `create` succeeds only if the key does not exist (atomic at the server), so two
 * replicas never write the same document at once — which FerretDB, whose updates are
 * read-modify-write, needs (the chaos test caught an outbox clear in one replica undoing another
 * replica's update), and which keeps MongoDB's multi-step changes (read, decide, write) exact too.
 * Within a process a KeyedMutex queues the waiters first, so the bucket sees one request per key.
 * A lease expires after LOCK_LEASE_MS (bucket TTL); a writer stalled longer than that could overlap.
 */
export class DistributedLocks {
  private readonly local = new KeyedMutex();
  private readonly log = new Logger('Locks');
  private kv?: Promise<KV>;
  private readonly holder = randomUUID();

  constructor(
    private readonly nc: NatsConnection,
    private readonly replicas = 1,
    private readonly opts: { bucket: string; leaseMs: number } = { bucket: 'popote_locks', leaseMs: LOCK_LEASE_MS },
  ) {}

  private bucket(): Promise<KV> {
    this.kv ??= new Kvm(this.nc).create(this.opts.bucket, { ttl: this.opts.leaseMs, history: 1, replicas: this.replicas }).catch((err) => {
      this.kv = undefined;
      throw err;
    });
    return this.kv;
  }

  async run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    return this.local.run(key, async () => {
      const kv = await this.bucket();
      const k = lockKey(key);
      const deadline = Date.now() + this.opts.leaseMs * 2;
      let revision: number | undefined;
      for (let attempt = 0; revision === undefined; attempt++) {
        try {
          revision = await kv.create(k, this.holder);
        } catch (err) {
          if (!/wrong last sequence|key exists/i.test((err as Error).message)) throw err;
          if (Date.now() > deadline) throw new Error(`lock ${key}: still held after ${this.opts.leaseMs * 2} ms`, { cause: err });
          await new Promise((r) => setTimeout(r, Math.min(50, 2 + attempt * 3) * (0.5 + Math.random())));
        }
      }
      leasesTaken.inc({ lock: /^[^.:]*/.exec(key)![0] });
      try {
        return await fn();
      } finally {
        // Only our own lease (if it expired and someone else holds the key now, leave theirs).
        await kv.delete(k, { previousSeq: revision }).catch((err) => this.log.debug(`lock ${key}: release: ${(err as Error).message}`));
      }
    });
  }
}
