import { Injectable, Logger, SetMetadata, type OnApplicationShutdown } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager, type JsMsg, type StoredMsg } from '@nats-io/jetstream';
import { headers as natsHeaders, type MsgHdrs, type NatsConnection } from '@nats-io/transport-node';
import { envelopeSchema, EVENT_PARTITIONS, filterOf, partitionFilter, STREAMS, type Envelope, type EventContract } from '@popote/contracts';
import { Schema, type Connection, type Model } from 'mongoose';
import { deadLettered, eventsApplied, eventsRetried } from '../metrics';
import { DEAD_LETTER_DURABLE_HEADER, DEAD_LETTER_REASON_HEADER, DEAD_LETTER_SEQ_HEADER, DEAD_LETTER_SUBJECT_HEADER } from './dead-letters';
import { KeyedMutex } from './locks';
import { PullLoops } from './pull-loops';
import type { Span } from '@opentelemetry/api';
import { extractTraceContext, inSpan, SpanKind, context } from '../telemetry';

/**
 * How long a failed event is retried before it is dead-lettered:
 * - `standard`: a few deliveries, seconds apart (notifications, read models);
 * - `hours`: money and stock (payment-succeeded, refunds, stock moves): back-off up to 10 minutes
 *   between deliveries, for hours, so a database outage never leaves a paid order missing.
 */
export type RetryPolicy = 'standard' | 'hours';

export interface EventHandlerOptions {
  /** Events worked on at once by one process. The effect must be idempotent by event/aggregate id. */
  concurrency?: number;
  retry?: RetryPolicy;
  /** Durable name suffix; defaults to the handler class name. */
  name?: string;
  /**
   * The handler is idempotent by keys of its own (derived ids, a record of what it applied, a
   * conditional write), said in its comment: no `processed_events` mark is read or written for it
   * (two store operations saved per delivery). Without it, each event is marked once applied.
   */
  idempotent?: boolean;
}

/** A consumer of one integration event. Its `handle` runs at most once per event id per durable. */
export interface IntegrationEventHandler<T> {
  handle(envelope: Envelope<T>): Promise<void>;
}

/** One event of a partitioned stream, with its stream sequence (strictly increasing within a partition). */
export interface PartitionedEvent {
  envelope: Envelope<unknown>;
  contract: EventContract<unknown>;
  /** JetStream stream sequence: monotonic per partition, so a handler can tell what it already applied. */
  seq: number;
  partition: number;
}

/**
 * A handler of several partitioned events (same partition key), applied strictly in order per
 * partition and in parallel across partitions and replicas: one durable per partition with
 * max_ack_pending 1, so at most one event of a partition is in flight in the whole system.
 * The handler is responsible for its own idempotency (e.g. the sequence it last applied).
 */
export interface PartitionedEventHandler {
  handle(event: PartitionedEvent): Promise<void>;
}

const EVENT_HANDLER = Symbol('popote:event-handler');
const PARTITIONED_HANDLER = Symbol('popote:partitioned-handler');
interface HandlerMeta {
  contract: EventContract<unknown>;
  options: EventHandlerOptions;
}
interface PartitionedMeta {
  contracts: EventContract<unknown>[];
  options: { name: string; retry?: RetryPolicy };
}

/** Marks a provider as the handler of `contract` (one consumed event per file, conventions). */
export const EventHandler = <T>(contract: EventContract<T>, options: EventHandlerOptions = {}) =>
  SetMetadata(EVENT_HANDLER, { contract, options } satisfies HandlerMeta);

/** Marks a provider as the in-order, per-partition handler of `contracts` (all partitioned alike). */
export const PartitionedHandler = (contracts: EventContract<any>[], options: { name: string; retry?: RetryPolicy }) => {
  for (const c of contracts) if (!c.partitionBy) throw new Error(`${c.subject} is not partitioned`);
  return SetMetadata(PARTITIONED_HANDLER, { contracts, options } satisfies PartitionedMeta);
};

/** Delay before redelivery n (1-based): 1 s, 2 s, 4 s, … capped at `capMs`. */
export function redeliveryDelayMs(deliveryCount: number, capMs = 30_000): number {
  return Math.min(capMs, 1000 * 2 ** Math.max(0, deliveryCount - 1));
}

/** Deliveries and back-off cap of a retry policy. `hours`: 1 s … 10 min, ~5 h in all by default. */
export function retrySchedule(policy: RetryPolicy, opts: { maxDeliver: number; criticalMaxDeliver: number }) {
  return policy === 'hours' ? { deliveries: opts.criticalMaxDeliver, capMs: 600_000 } : { deliveries: opts.maxDeliver, capMs: 30_000 };
}

/** Total time a message is retried before dead-lettering (sum of the back-off delays). */
export function retryBudgetMs(schedule: { deliveries: number; capMs: number }): number {
  let total = 0;
  for (let n = 1; n < schedule.deliveries; n++) total += redeliveryDelayMs(n, schedule.capMs);
  return total;
}

interface ProcessedEvent {
  _id: string;
  consumer: string;
  type: string;
  processed_at: Date;
}

export interface ConsumerHostOptions {
  service: string;
  maxDeliver: number;
  /** Deliveries of `hours` handlers (money, stock). */
  criticalMaxDeliver?: number;
  /** Default per-process concurrency of ordinary handlers. */
  concurrency?: number;
}

type Js = ReturnType<typeof jetstream>;
const ACK_WAIT_MS = 30_000;

/** A message of EVENTS as a durable handles it: a delivery, or the original of a dead letter replayed. */
interface EventMessage {
  subject: string;
  /** Its sequence in EVENTS. */
  seq: number;
  data: Uint8Array;
  headers?: MsgHdrs;
  json<T>(): T;
}

/** How one durable of this process handles a message: registered at start, taken by deliveries and replays alike. */
interface DurableRoute {
  durable: string;
  /** The partition of a per-partition, in-order durable (null: an ordinary handler's). */
  partition: number | null;
  contractOf(subject: string): EventContract<unknown> | undefined;
  /** The handler, behind what the durable adds (the processed-event mark, the same-event mutex). */
  apply(envelope: Envelope<unknown>, contract: EventContract<unknown>, msg: EventMessage): Promise<void>;
}

/** What a replay of one dead letter came to (see `replay`). */
export type DeadLetterHandling = { applied: true } | { failed: string };

/**
 * Runs the durable JetStream consumers of a process:
 * - one per ordinary handler (`<service>-<handler>`), worked on with bounded concurrency, applied
 *   once per event id through a `processed_events` collection (unless the handler is `idempotent`
 *   by keys of its own);
 * - one per partition for partitioned handlers (`<service>-<name>-p<k>`), strictly serial per
 *   partition (max_ack_pending 1), parallel across partitions.
 * Explicit acks, redelivery with back-off through nak(delay), a heartbeat (`working`) while a
 * handler runs, and a dead-letter subject (`dlq.<durable>`) when the retry budget is spent.
 */
@Injectable()
export class EventConsumerHost implements OnApplicationShutdown {
  private readonly log = new Logger('EventConsumers');
  private readonly loops = new PullLoops();
  private processed?: Model<ProcessedEvent>;
  private deadLettered = 0;
  /** Every durable this process consumes, by name. */
  private readonly routes = new Map<string, DurableRoute>();

  constructor(private readonly discovery: DiscoveryService) {}

  /** Dead-lettered by this process since it started (also logged at error; the stream keeps them all). */
  get deadLetteredCount(): number {
    return this.deadLettered;
  }

  async start(nc: NatsConnection, connection: Connection, opts: ConsumerHostOptions): Promise<void> {
    this.processed =
      (connection.models.ProcessedEvent as Model<ProcessedEvent> | undefined) ??
      connection.model<ProcessedEvent>(
        'ProcessedEvent',
        new Schema<ProcessedEvent>({ _id: String, consumer: String, type: String, processed_at: Date }, { versionKey: false }),
        'processed_events',
      );
    const providers = this.discovery.getProviders().filter((w) => w.metatype && w.instance);
    const jsm = await jetstreamManager(nc);
    const js = jetstream(nc);
    const schedules = {
      standard: retrySchedule('standard', { maxDeliver: opts.maxDeliver, criticalMaxDeliver: opts.criticalMaxDeliver ?? 40 }),
      hours: retrySchedule('hours', { maxDeliver: opts.maxDeliver, criticalMaxDeliver: opts.criticalMaxDeliver ?? 40 }),
    };

    const ensure = async (durable: string, filters: string[], maxAckPending: number, deliveries: number) => {
      const config = {
        durable_name: durable,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        ...(filters.length === 1 ? { filter_subject: filters[0] } : { filter_subjects: filters }),
        max_deliver: deliveries + 1, // the last delivery is the one we dead-letter
        max_ack_pending: maxAckPending,
        ack_wait: ACK_WAIT_MS * 1_000_000,
      };
      try {
        await jsm.consumers.info(STREAMS.events.name, durable);
        await jsm.consumers.update(STREAMS.events.name, durable, {
          max_deliver: config.max_deliver,
          max_ack_pending: config.max_ack_pending,
          ...(filters.length === 1 ? { filter_subject: filters[0] } : { filter_subjects: filters }),
        });
      } catch {
        try {
          await jsm.consumers.add(STREAMS.events.name, config);
        } catch (err) {
          // Another replica created it between our info and add.
          if (!/already in use|exists/i.test((err as Error).message)) throw err;
        }
      }
      return js.consumers.get(STREAMS.events.name, durable);
    };

    const sameEvent = new KeyedMutex();
    for (const w of providers) {
      const meta = Reflect.getMetadata(EVENT_HANDLER, w.metatype!) as HandlerMeta | undefined;
      if (!meta) continue;
      const handler = w.instance as IntegrationEventHandler<unknown>;
      const name = (meta.options.name ?? w.metatype!.name).replace(/Handler$/, '').replace(/[^A-Za-z0-9_-]/g, '');
      const durable = `${opts.service}-${name}`;
      const schedule = schedules[meta.options.retry ?? 'standard'];
      const concurrency = Math.max(1, meta.options.concurrency ?? opts.concurrency ?? 8);
      const consumer = await ensure(durable, [filterOf(meta.contract)], 1024, schedule.deliveries);
      const route = this.plainRoute(durable, meta, handler, sameEvent);
      this.routes.set(durable, route);
      const messages = await consumer.consume({ max_messages: concurrency * 2 });
      this.loops.add(messages, concurrency, (msg) => this.handleOne(msg, route, js, schedule));
      this.log.log(`consuming ${filterOf(meta.contract)} as ${durable} (${concurrency} at a time)`);
    }

    for (const w of providers) {
      const meta = Reflect.getMetadata(PARTITIONED_HANDLER, w.metatype!) as PartitionedMeta | undefined;
      if (!meta) continue;
      const handler = w.instance as PartitionedEventHandler;
      const schedule = schedules[meta.options.retry ?? 'hours'];
      for (let p = 0; p < EVENT_PARTITIONS; p++) {
        const durable = `${opts.service}-${meta.options.name}-p${p}`;
        const consumer = await ensure(
          durable,
          meta.contracts.map((c) => partitionFilter(c, p)),
          1,
          schedule.deliveries,
        );
        const route = this.partitionRoute(durable, p, meta, handler);
        this.routes.set(durable, route);
        const messages = await consumer.consume({ max_messages: 1 });
        // One at a time: the partition's order.
        this.loops.add(messages, 1, (msg) => this.handleOne(msg, route, js, schedule));
      }
      this.log.log(
        `consuming ${meta.contracts.map(filterOf).join(', ')} in order per partition as ${opts.service}-${meta.options.name}-p*`,
      );
    }
  }

  /** An ordinary handler's durable: once per event id (its processed-event mark, unless `idempotent`). */
  private plainRoute(durable: string, meta: HandlerMeta, handler: IntegrationEventHandler<unknown>, sameEvent: KeyedMutex): DurableRoute {
    return {
      durable,
      partition: null,
      // Its filter's subjects only (all a delivery can be; a replayed original must be one too).
      contractOf: (subject) =>
        subject === meta.contract.subject || (meta.contract.partitionBy && subject.startsWith(`${meta.contract.subject}.`))
          ? meta.contract
          : undefined,
      apply: async (envelope) => {
        const key = `${durable}:${envelope.id}`;
        // Two deliveries of one event at once (a replay, a republish) run one after the other
        // here, so the second sees the first's mark. Across replicas, handlers are idempotent
        // by their own keys (derived order ids, refunds by order, recent orders of a cart…).
        await sameEvent.run(key, async () => {
          if (meta.options.idempotent) return handler.handle(envelope);
          if (await this.processed!.exists({ _id: key })) return;
          await handler.handle(envelope);
          await this.processed!.updateOne(
            { _id: key },
            { $setOnInsert: { consumer: durable, type: envelope.type, processed_at: new Date() } },
            { upsert: true },
          );
        });
      },
    };
  }

  /** One partition's durable of a partitioned handler (its idempotency is the handler's: the sequence). */
  private partitionRoute(durable: string, partition: number, meta: PartitionedMeta, handler: PartitionedEventHandler): DurableRoute {
    return {
      durable,
      partition,
      contractOf: (subject) => meta.contracts.find((c) => subject.startsWith(`${c.subject}.`)),
      apply: (envelope, contract, msg) => handler.handle({ envelope, contract, seq: msg.seq, partition }),
    };
  }

  /** The envelope of a message, read with the durable's contract for its subject, or why it is invalid. */
  private parse(
    msg: EventMessage,
    route: DurableRoute,
  ): { envelope: Envelope<unknown>; contract: EventContract<unknown> } | { invalid: string } {
    const contract = route.contractOf(msg.subject);
    try {
      if (!contract) throw new Error(`no contract for ${msg.subject}`);
      const raw = envelopeSchema.parse(msg.json());
      return { envelope: { ...raw, data: contract.schema.parse(raw.data) }, contract };
    } catch (err) {
      return { invalid: `invalid message: ${(err as Error).message}` };
    }
  }

  /** Runs `fn` in the CONSUMER span of a message, child of the trace it was published in. */
  private traced<T>(msg: EventMessage, durable: string, fn: (span: Span) => Promise<T>): Promise<T> {
    const parent = extractTraceContext(msg.headers);
    return context.with(parent, () =>
      inSpan(
        `${msg.subject} process`,
        SpanKind.CONSUMER,
        parent,
        { 'messaging.system': 'nats', 'messaging.destination.name': msg.subject, 'messaging.consumer.group.name': durable },
        fn,
      ),
    );
  }

  private async handleOne(msg: JsMsg, route: DurableRoute, js: Js, schedule: { deliveries: number; capMs: number }): Promise<void> {
    const { durable } = route;
    await this.traced(msg, durable, async (span) => {
      const parsed = this.parse(msg, route);
      if ('invalid' in parsed) {
        await this.deadLetter(js, durable, msg, parsed.invalid);
        return;
      }
      const { envelope, contract } = parsed;
      span.setAttribute('messaging.message.id', envelope.id);
      // Keep the delivery ours while the handler works (a slow database must not cause a
      // redelivery to another replica of an event still being applied here).
      const heartbeat = setInterval(() => msg.working(), ACK_WAIT_MS / 3);
      try {
        await route.apply(envelope, contract, msg);
        msg.ack();
        eventsApplied.inc({ durable });
      } catch (err) {
        const attempt = msg.info.deliveryCount;
        if (attempt >= schedule.deliveries) {
          await this.deadLetter(js, durable, msg, (err as Error).message);
        } else {
          const delay = redeliveryDelayMs(attempt, schedule.capMs);
          this.log.warn(
            `${durable}: event ${envelope.id} failed (attempt ${attempt}/${schedule.deliveries}), retrying in ${delay} ms: ${(err as Error).message}`,
          );
          msg.nak(delay);
          eventsRetried.inc({ durable });
        }
      } finally {
        clearInterval(heartbeat);
      }
    });
  }

  /**
   * Why a dead letter of `durable` cannot be handled again by this process, in French (null: it can).
   *
   * A per-partition durable is never replayed here. It applies its partition's events strictly in
   * stream order, and its handlers tell what they applied by the stream sequence (the stock worker
   * keeps the last one per meal, the ratings per meal): once the letter was set aside, the events
   * after it were applied. Handled now, its original would come after them with an older sequence:
   * skipped as already applied by some handlers (the event silently lost), applied out of order by
   * others (an order's portions taken from a stock an adjustment set after it). And it would run
   * beside the partition's live delivery, which max_ack_pending 1 no longer keeps one at a time. `./popote dlq replay` publishes the original again instead: it takes a new
   * sequence at the end of its partition and goes through the partition's order.
   */
  replayRefusal(durable: string): string | null {
    const route = this.routes.get(durable);
    if (!route) return `Le consommateur ${durable} ne tourne pas dans ce service (renommé ou retiré) : rejouez-la avec ./popote dlq.`;
    if (route.partition !== null)
      return (
        `${durable} applique les événements de sa partition dans leur ordre : traité maintenant, cet événement passerait ` +
        `après ceux qui l’ont suivi. Rejouez-le avec ./popote dlq replay ${durable}, qui le republie en fin de partition.`
      );
    return null;
  }

  /**
   * The original of a dead letter of `durable` (read from EVENTS and checked by the caller:
   * DeadLetterReplays), handled once more by that durable only — the others handled it already —
   * and the way a delivery is: envelope validation, its trace, the processed-event mark (an event
   * applied meanwhile is not applied twice), the handler. Nothing is acknowledged, redelivered or
   * dead-lettered: a failure is answered (the letter stays in the queue) and never makes a second
   * letter, nor a loop.
   */
  async replay(durable: string, original: StoredMsg, letterSeq: number): Promise<DeadLetterHandling> {
    const refusal = this.replayRefusal(durable);
    if (refusal) return { failed: refusal };
    const route = this.routes.get(durable)!;
    const msg: EventMessage = {
      subject: original.subject,
      seq: original.seq,
      data: original.data,
      headers: original.header,
      json: <T>() => original.json<T>(),
    };
    return this.traced(msg, durable, async (span) => {
      span.setAttribute('popote.replayed_from', `${STREAMS.deadLetters.name}#${letterSeq}`);
      const parsed = this.parse(msg, route);
      if ('invalid' in parsed) return { failed: parsed.invalid };
      span.setAttribute('messaging.message.id', parsed.envelope.id);
      try {
        await route.apply(parsed.envelope, parsed.contract, msg);
      } catch (err) {
        this.log.warn(`${durable}: dead letter ${letterSeq} (event ${parsed.envelope.id}) failed again: ${(err as Error).message}`);
        return { failed: (err as Error).message };
      }
      eventsApplied.inc({ durable });
      this.log.log(`${durable}: dead letter ${letterSeq} (event ${parsed.envelope.id}) replayed`);
      return { applied: true as const };
    });
  }

  private async deadLetter(js: Js, durable: string, msg: JsMsg, reason: string): Promise<void> {
    this.deadLettered++;
    deadLettered.inc({ durable });
    this.log.error(
      `${durable}: DEAD-LETTERED message ${msg.seq} on ${msg.subject} to dlq.${durable} (replay: ./popote dlq replay ${durable}): ${reason}`,
    );
    const h = msg.headers ?? natsHeaders();
    h.set(DEAD_LETTER_REASON_HEADER, reason.replace(/[\r\n]+/g, ' ').slice(0, 500));
    h.set(DEAD_LETTER_SUBJECT_HEADER, msg.subject);
    // The original's sequence in EVENTS: a replay (`./popote dlq`, the console) reads that message
    // from EVENTS, never this copy (a service writes its own dead letters).
    h.set(DEAD_LETTER_SEQ_HEADER, String(msg.seq));
    h.set(DEAD_LETTER_DURABLE_HEADER, durable);
    h.delete('Nats-Msg-Id'); // dedupe per durable, not per event: two durables may dead-letter one event
    await js.publish(`dlq.${durable}`, msg.data, { headers: h, msgID: `${durable}:${msg.seq}` });
    msg.term(reason.replace(/[\r\n]+/g, ' ').slice(0, 200));
  }

  async stop(): Promise<void> {
    await this.loops.stop();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stop();
  }
}
