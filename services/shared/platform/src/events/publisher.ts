import { Logger } from '@nestjs/common';
import { propagation, ROOT_CONTEXT } from '@opentelemetry/api';
import { headers as natsHeaders, type NatsConnection } from '@nats-io/transport-node';
import { jetstream, jetstreamManager, type JetStreamClient } from '@nats-io/jetstream';
import { STREAMS, type Envelope } from '@popote/contracts';
import { injectTraceHeaders } from '../telemetry';

const TWO_MINUTES_NS = 2 * 60 * 1_000_000_000;

/** Creates (or updates) the streams every service relies on. Safe to call from every process. */
export async function ensureStreams(nc: NatsConnection, replicas?: number): Promise<void> {
  const jsm = await jetstreamManager(nc);
  for (const stream of [STREAMS.events, STREAMS.deadLetters]) {
    const config = {
      name: stream.name,
      subjects: [...stream.subjects],
      duplicate_window: TWO_MINUTES_NS,
      ...(replicas ? { num_replicas: replicas } : {}),
    };
    try {
      await jsm.streams.info(stream.name);
      await jsm.streams.update(stream.name, { subjects: config.subjects, duplicate_window: config.duplicate_window });
    } catch {
      try {
        await jsm.streams.add(config);
      } catch (err) {
        // Another process created it between our info and add.
        if (!/already in use|exists/i.test((err as Error).message)) throw err;
      }
    }
  }
}

/** Publishes to JetStream and waits for the broker's ack. `Nats-Msg-Id` = event id (broker dedupe). */
export class EventPublisher {
  private readonly js: JetStreamClient;
  private readonly log = new Logger('EventPublisher');

  constructor(nc: NatsConnection) {
    this.js = jetstream(nc);
  }

  async publishEnvelope(subject: string, envelope: Envelope, traceCarrier?: Record<string, string>): Promise<void> {
    const h = natsHeaders();
    if (traceCarrier && Object.keys(traceCarrier).length) {
      injectTraceHeaders(h, propagation.extract(ROOT_CONTEXT, traceCarrier));
    } else {
      injectTraceHeaders(h);
    }
    h.set('Popote-Event-Type', envelope.type);
    const ack = await this.js.publish(subject, JSON.stringify(envelope), { msgID: envelope.id, headers: h });
    if (ack.duplicate) this.log.debug(`event ${envelope.id} already in stream (dedupe)`);
  }
}
