import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DeliverPolicy, jetstream, type ConsumerMessages } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { AccountEvents, IdentityEvents, STREAMS, type RpcContract } from '@popote/contracts';
import { ensureStreams, NATS_CONNECTION, RpcClient } from '@popote/platform';
import { LRUCache } from 'lru-cache';
import type { BffConfig } from '../config';
import { BFF_CONFIG } from '../tokens';
import { readKey } from './read-key';

/**
 * The events after which a cached public read may be out of date: every catalogue event (a meal
 * created, edited or deleted, stock taken by an order, given back or adjusted, a rating, a cook's
 * new name on the cards) and the identity events that change a cook's public profile, an erased
 * account included (its cook page and name must go at once, not after the TTL).
 */
export const INVALIDATING_SUBJECTS = [
  'evt.catalogue.>',
  IdentityEvents.profileUpdated.subject,
  IdentityEvents.cookProfileChanged.subject,
  IdentityEvents.roleChanged.subject,
  AccountEvents.erasureRequested.subject,
] as const;

type Load = () => Promise<unknown>;
/** A service's answer to a public read, or a whole anonymous answer (`data`). */
interface Entry {
  value: unknown;
  /** Its key's and its value's JSON bytes (UTF-8): what it weighs against READ_CACHE_MAX_BYTES. */
  size: number;
}
/** An anonymous query's whole answer (`data`), kept by PublicResponseCachePlugin. */
export type CachedData = Record<string, unknown>;

/** What an entry weighs: its key and its value as JSON, in bytes. */
const weigh = (key: string, value: unknown): number => Buffer.byteLength(key) + Buffer.byteLength(JSON.stringify(value) ?? '');
/** Keys of the two kinds of entry, side by side in one cache. */
const READ = 'read ';
const ANSWER = 'answer ';

/**
 * Public reads (meals, a meal, featured meals, popular cooks, cook pages) cached in this BFF
 * replica (ADR 0006): filled once per key — concurrent misses for one key wait for a single call
 * (lru-cache's `fetch`) — and dropped whole whenever the catalogue or identity announce a change,
 * on an ordered consumer of every replica's own; `READ_CACHE_TTL_MS` bounds what a missed
 * announcement could leave. Only requests that carry no `actor` can be cached: what depends on who
 * asks never is.
 *
 * It also holds whole answers to anonymous public queries (PublicResponseCachePlugin): a repeated
 * `meals` from a signed-out visitor is answered without running the query; those answers go with the
 * same invalidations and TTL.
 *
 * Reads and answers share one budget, READ_CACHE_MAX_BYTES (their keys and JSON, least recently read
 * out first; an entry heavier than all of it is not kept), and READ_CACHE_MAX_ENTRIES: visitors choose
 * the keys (a commune, ids, a cursor), so what they can make the replica hold is bounded in bytes,
 * not only in entries. What could name nothing makes no key at all (./read-key.ts).
 */
@Injectable()
export class PublicReadCache implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger('PublicReadCache');
  private readonly cache?: LRUCache<string, Entry, Load>;
  /** Bumped by each invalidation: a fill that started before it is not kept, and its waiters read again. */
  private generation = 0;
  private messages?: ConsumerMessages;
  /** Calls made to the services to fill the cache, and reads served from it (tests). */
  readonly stats = { hits: 0, misses: 0, invalidations: 0, responseHits: 0 };
  private readonly streamReplicas: number;

  constructor(
    private readonly rpc: RpcClient,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(BFF_CONFIG) config: BffConfig,
  ) {
    this.streamReplicas = config.EVENTS_STREAM_REPLICAS;
    if (config.READ_CACHE_TTL_MS > 0) {
      this.cache = new LRUCache<string, Entry, Load>({
        max: config.READ_CACHE_MAX_ENTRIES,
        maxSize: config.READ_CACHE_MAX_BYTES,
        sizeCalculation: (entry) => entry.size,
        ttl: config.READ_CACHE_TTL_MS,
        fetchMethod: async (key, _stale, { context }) => {
          this.stats.misses++;
          const value = await context();
          return { value, size: weigh(key, value) };
        },
      });
    }
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.cache) return;
    await ensureStreams(this.nc, this.streamReplicas); // the BFF may start before any service created them
    const consumer = await jetstream(this.nc).consumers.get(STREAMS.events.name, {
      filter_subjects: [...INVALIDATING_SUBJECTS],
      deliver_policy: DeliverPolicy.New,
    });
    this.messages = await consumer.consume();
    void (async () => {
      for await (const m of this.messages!) this.invalidate(m.subject);
    })();
  }

  onApplicationShutdown(): void {
    this.messages?.stop();
  }

  /** A public RPC read through the cache. A request naming an actor is refused: it is someone's own data. */
  async call<Req, Res, ReqIn>(contract: RpcContract<Req, Res, ReqIn>, request: ReqIn): Promise<Res> {
    if (request && typeof request === 'object' && 'actor' in request)
      throw new Error(`${contract.subject}: a request on behalf of a user is never cached`);
    const load = () => this.rpc.call(contract, request);
    const read = this.cache && readKey(contract, request);
    if (!this.cache || !read) return load();
    const key = READ + read;
    for (let attempt = 0; ; attempt++) {
      const generation = this.generation;
      const hit = this.cache.has(key);
      const status: LRUCache.Status<string, Entry, Load> = {};
      try {
        const entry = await this.cache.fetch(key, { context: load, status });
        if (hit) this.stats.hits++;
        return entry!.value as Res;
      } catch (err) {
        // Invalidated while filling (that answer may predate the change), or pushed out by other
        // fills before it came back: ask again, a few times at most; then once, uncached.
        const pushedOut = status.fetchAborted === true && generation === this.generation;
        if ((generation !== this.generation || pushedOut) && attempt < 3) continue;
        if (pushedOut) return load();
        throw err;
      }
    }
  }

  /** Whether whole answers may be kept (the cache is on). */
  get keepsResponses(): boolean {
    return this.cache !== undefined;
  }

  /** Where invalidations are: an answer computed from an earlier generation is not kept. */
  get currentGeneration(): number {
    return this.generation;
  }

  /** A whole anonymous answer kept under `key`, if any (counted as a hit). */
  response(key: string): CachedData | undefined {
    const entry = this.cache?.get(ANSWER + key);
    if (!entry) return undefined;
    this.stats.hits++;
    this.stats.responseHits++;
    return entry.value as CachedData;
  }

  /** Keeps a whole anonymous answer, unless a change was announced since it began (`generation`). */
  keepResponse(key: string, data: CachedData, generation: number): void {
    if (generation !== this.generation || !this.cache) return;
    // Its key weighs too (the variables are in it). An answer heavier than the whole budget is not
    // kept (lru-cache refuses it).
    const k = ANSWER + key;
    this.cache.set(k, { value: data, size: weigh(k, data) });
  }

  /** The whole answers kept, and what they weigh (tests, diagnostics). */
  get responseWeight(): { entries: number; bytes: number } {
    let entries = 0;
    let bytes = 0;
    for (const [key, entry] of this.cache?.entries() ?? [])
      if (key.startsWith(ANSWER)) {
        entries++;
        bytes += entry.size;
      }
    return { entries, bytes };
  }

  /** Everything kept (reads and answers) and what it weighs, as the cache itself counts it (tests, diagnostics). */
  get weight(): { entries: number; bytes: number } {
    return { entries: this.cache?.size ?? 0, bytes: this.cache?.calculatedSize ?? 0 };
  }

  /** Drops every cached read and answer (and the fills under way). */
  invalidate(reason = 'manual'): void {
    this.generation++;
    this.stats.invalidations++;
    this.cache?.clear();
    this.log.debug(`cache cleared (${reason})`);
  }
}
