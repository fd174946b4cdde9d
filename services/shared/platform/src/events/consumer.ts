import { Injectable, Logger, SetMetadata, type OnApplicationShutdown } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager, type ConsumerMessages, type JsMsg } from '@nats-io/jetstream';
import { headers as natsHeaders, type NatsConnection } from '@nats-io/transport-node';
import { envelopeSchema, STREAMS, type Envelope, type EventContract } from '@popote/contracts';
import { Schema, type Connection, type Model } from 'mongoose';
import { extractTraceContext, inSpan, SpanKind, context } from '../telemetry';

export interface EventHandlerOptions {
  /** One message at a time across all replicas (max_ack_pending 1): for writes that must not race. */
  serial?: boolean;
  /** Durable name suffix; defaults to the handler class name. */
  name?: string;
}

/** A consumer of one integration event. Its `handle` runs at most once per event id per durable. */
export interface IntegrationEventHandler<T> {
  handle(envelope: Envelope<T>): Promise<void>;
}

const EVENT_HANDLER = Symbol('popote:event-handler');
interface HandlerMeta {
  contract: EventContract<unknown>;
  options: EventHandlerOptions;
}

/** Marks a provider as the handler of `contract` (one consumed event per file, conventions). */
export const EventHandler = <T>(contract: EventContract<T>, options: EventHandlerOptions = {}) =>
  SetMetadata(EVENT_HANDLER, { contract, options } satisfies HandlerMeta);

/** Delay before redelivery n (1-based): 1 s, 2 s, 4 s, … capped at 30 s. */
export function redeliveryDelayMs(deliveryCount: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, deliveryCount - 1));
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
}

/**
 * Runs one durable JetStream consumer per event handler (name `<service>-<handler>`): explicit
 * acks, redelivery with back-off through nak(delay), a dead-letter subject (`dlq.<durable>`) after
 * `maxDeliver` attempts, and idempotent application through a `processed_events` collection.
 */
@Injectable()
export class EventConsumerHost implements OnApplicationShutdown {
  private readonly log = new Logger('EventConsumers');
  private readonly running: ConsumerMessages[] = [];
  private readonly loops: Promise<void>[] = [];
  private processed?: Model<ProcessedEvent>;

  constructor(private readonly discovery: DiscoveryService) {}

  async start(nc: NatsConnection, connection: Connection, opts: ConsumerHostOptions): Promise<void> {
    this.processed =
      (connection.models.ProcessedEvent as Model<ProcessedEvent> | undefined) ??
      connection.model<ProcessedEvent>(
        'ProcessedEvent',
        new Schema<ProcessedEvent>({ _id: String, consumer: String, type: String, processed_at: Date }, { versionKey: false }),
        'processed_events',
      );
    const handlers = this.discovery
      .getProviders()
      .filter((w) => w.metatype && w.instance && Reflect.getMetadata(EVENT_HANDLER, w.metatype))
      .map((w) => ({
        instance: w.instance as IntegrationEventHandler<unknown>,
        meta: Reflect.getMetadata(EVENT_HANDLER, w.metatype!) as HandlerMeta,
        className: w.metatype!.name,
      }));
    const jsm = await jetstreamManager(nc);
    const js = jetstream(nc);
    for (const { instance, meta, className } of handlers) {
      const durable = `${opts.service}-${(meta.options.name ?? className).replace(/Handler$/, '').replace(/[^A-Za-z0-9_-]/g, '')}`;
      const config = {
        durable_name: durable,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        filter_subject: meta.contract.subject,
        max_deliver: opts.maxDeliver + 1, // the last delivery is the one we dead-letter
        max_ack_pending: meta.options.serial ? 1 : 256,
        ack_wait: 30_000_000_000,
      };
      try {
        await jsm.consumers.info(STREAMS.events.name, durable);
        await jsm.consumers.update(STREAMS.events.name, durable, {
          max_deliver: config.max_deliver,
          max_ack_pending: config.max_ack_pending,
        });
      } catch {
        await jsm.consumers.add(STREAMS.events.name, config);
      }
      const consumer = await js.consumers.get(STREAMS.events.name, durable);
      const messages = await consumer.consume({ max_messages: meta.options.serial ? 1 : 64 });
      this.running.push(messages);
      this.loops.push(this.loop(messages, durable, meta.contract, instance, opts, js));
      this.log.log(`consuming ${meta.contract.subject} as ${durable}`);
    }
  }

  private async loop(
    messages: ConsumerMessages,
    durable: string,
    contract: EventContract<unknown>,
    handler: IntegrationEventHandler<unknown>,
    opts: ConsumerHostOptions,
    js: ReturnType<typeof jetstream>,
  ): Promise<void> {
    for await (const msg of messages) {
      await this.handleOne(msg, durable, contract, handler, opts, js);
    }
  }

  private async handleOne(
    msg: JsMsg,
    durable: string,
    contract: EventContract<unknown>,
    handler: IntegrationEventHandler<unknown>,
    opts: ConsumerHostOptions,
    js: ReturnType<typeof jetstream>,
  ): Promise<void> {
    const parent = extractTraceContext(msg.headers);
    await context.with(parent, () =>
      inSpan(
        `${msg.subject} process`,
        SpanKind.CONSUMER,
        parent,
        { 'messaging.system': 'nats', 'messaging.destination.name': msg.subject, 'messaging.consumer.group.name': durable },
        async (span) => {
          let envelope: Envelope<unknown>;
          try {
            const raw = envelopeSchema.parse(msg.json());
            envelope = { ...raw, data: contract.schema.parse(raw.data) };
          } catch (err) {
            await this.deadLetter(js, durable, msg, `invalid message: ${(err as Error).message}`);
            return;
          }
          span.setAttribute('messaging.message.id', envelope.id);
          const key = `${durable}:${envelope.id}`;
          try {
            if (await this.processed!.exists({ _id: key })) {
              msg.ack();
              return;
            }
            await handler.handle(envelope);
            await this.processed!.updateOne(
              { _id: key },
              { $setOnInsert: { consumer: durable, type: envelope.type, processed_at: new Date() } },
              { upsert: true },
            );
            msg.ack();
          } catch (err) {
            const attempt = msg.info.deliveryCount;
            if (attempt >= opts.maxDeliver) {
              await this.deadLetter(js, durable, msg, (err as Error).message);
            } else {
              this.log.warn(`${durable}: event ${envelope.id} failed (attempt ${attempt}), retrying: ${(err as Error).message}`);
              msg.nak(redeliveryDelayMs(attempt));
            }
          }
        },
      ),
    );
  }

  private async deadLetter(js: ReturnType<typeof jetstream>, durable: string, msg: JsMsg, reason: string): Promise<void> {
    this.log.error(`${durable}: dead-lettering message ${msg.seq} on ${msg.subject}: ${reason}`);
    const h = msg.headers ?? natsHeaders();
    h.set('Popote-Dlq-Reason', reason.replace(/[\r\n]+/g, ' ').slice(0, 500));
    h.set('Popote-Dlq-Subject', msg.subject);
    await js.publish(`dlq.${durable}`, msg.data, { headers: h });
    msg.term(reason.replace(/[\r\n]+/g, ' ').slice(0, 200));
  }

  async stop(): Promise<void> {
    for (const m of this.running) m.stop();
    await Promise.allSettled(this.loops);
    this.running.length = 0;
    this.loops.length = 0;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stop();
  }
}
