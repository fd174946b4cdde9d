import { Logger } from '@nestjs/common';
import { propagation, ROOT_CONTEXT } from '@opentelemetry/api';
import { headers as natsHeaders, type NatsConnection } from '@nats-io/transport-node';
import { jetstream, jetstreamManager, type JetStreamClient } from '@nats-io/jetstream';
import { STREAMS, subjectOf, type Envelope, type EventContract } from '@popote/contracts';
import { makeEnvelope, type EventCause } from './envelope';
import { injectTraceHeaders } from '../telemetry';

const TWO_MINUTES_NS = 2 * 60 * 1_000_000_000;

/**
 * Creates (or updates) the streams every service relies on. Safe to call from every process.
 * On a JetStream cluster that has just started, a stream operation can time out or find no leader
 * yet: retried for up to a minute before giving up.
 */
export async function ensureStreams(nc: NatsConnection, replicas?: number): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await ensureStreamsOnce(nc, replicas);
      return;
    } catch (err) {
      const transient = /timeout|temporarily unavailable|no suitable peers|leader|not ready|503/i.test((err as Error).message);
      if (!transient || attempt >= 20) throw err;
      new Logger('Streams').warn(`streams not ready (attempt ${attempt}): ${(err as Error).message}; retrying`);
      await new Promise((r) => setTimeout(r, Math.min(5000, 250 * attempt)));
    }
  }
}

async function ensureStreamsOnce(nc: NatsConnection, replicas?: number): Promise<void> {
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
    } catch (err) {
      if (!/not found/i.test((err as Error).message)) throw err;
      try {
        await jsm.streams.add(config);
      } catch (addErr) {
        // Another process created it between our info and add.
        if (!/already in use|exists/i.test((addErr as Error).message)) throw addErr;
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

  /**
   * A hint that only tells readers to refresh what they derived (the BFF's read cache, ADR 0006):
   * published right after the write, without an outbox; a failure is logged, not thrown — the
   * readers' TTL covers a hint that never came.
   */
  async announce<T>(contract: EventContract<T>, data: T, cause?: EventCause): Promise<void> {
    try {
      await this.publishEnvelope(subjectOf(contract, data), makeEnvelope(contract, data, cause));
    } catch (err) {
      this.log.warn(`${contract.subject} not announced (readers' TTL covers it): ${(err as Error).message}`);
    }
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
