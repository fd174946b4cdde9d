import { Logger } from '@nestjs/common';
import { propagation, ROOT_CONTEXT } from '@opentelemetry/api';
import { headers as natsHeaders, type NatsConnection } from '@nats-io/transport-node';
import { jetstream, jetstreamManager, type JetStreamClient, type StreamConfig, type StreamInfo } from '@nats-io/jetstream';
import { STREAMS, subjectOf, type Envelope, type EventContract } from '@popote/contracts';
import { makeEnvelope, type EventCause } from './envelope';
import { injectTraceHeaders } from '../telemetry';

const TWO_MINUTES_NS = 2 * 60 * 1_000_000_000;
/** A cluster that has just started: no leader yet, a timeout. */
const TRANSIENT = /timeout|temporarily unavailable|no suitable peers|leader|not ready|503/i;

/**
 * Ensures the shared streams (EVENTS, DEAD_LETTERS) exist as the contract wants them. Safe to call
 * from every process: it creates a stream that is missing and otherwise only reads it. A stream
 * that differs from the contract is updated where this process may; where NATS has users, only the
 * `operator` may (infra/local/src/nats-permissions.ts), so a service logs the difference at error
 * for an operator to apply and starts anyway.
 * On a JetStream cluster that has just started, a stream operation can time out or find no leader
 * yet: retried for up to a minute before giving up.
 */
export async function ensureStreams(nc: NatsConnection, replicas?: number): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await ensureStreamsOnce(nc, replicas);
      return;
    } catch (err) {
      if (!TRANSIENT.test((err as Error).message) || attempt >= 20) throw err;
      new Logger('Streams').warn(`streams not ready (attempt ${attempt}): ${(err as Error).message}; retrying`);
      await new Promise((r) => setTimeout(r, Math.min(5000, 250 * attempt)));
    }
  }
}

/** What the contract fixes of a shared stream (limits and placement are the operator's). */
export interface SharedStreamConfig {
  name: string;
  subjects: string[];
  duplicate_window: number;
  num_replicas?: number;
}

export const sharedStreamConfigs = (replicas?: number): SharedStreamConfig[] =>
  [STREAMS.events, STREAMS.deadLetters].map((stream) => ({
    name: stream.name,
    subjects: [...stream.subjects],
    duplicate_window: TWO_MINUTES_NS,
    ...(replicas ? { num_replicas: replicas } : {}),
  }));

/**
 * How a stream differs from the contract, one line per field (none: as it should be). Extra
 * subjects count: a shared stream that also captured `rpc.identity.>` would keep sign-in requests.
 */
export function streamDrift(have: Partial<StreamConfig>, want: SharedStreamConfig): string[] {
  const drift: string[] = [];
  const sorted = (xs: string[] = []) => [...xs].sort().join(', ');
  if (sorted(have.subjects) !== sorted(want.subjects))
    drift.push(`subjects [${sorted(have.subjects)}], contract [${sorted(want.subjects)}]`);
  if (have.duplicate_window !== want.duplicate_window)
    drift.push(`duplicate_window ${(have.duplicate_window ?? 0) / 1e9} s, contract ${want.duplicate_window / 1e9} s`);
  if (want.num_replicas && have.num_replicas !== want.num_replicas)
    drift.push(`num_replicas ${have.num_replicas}, contract ${want.num_replicas}`);
  return drift;
}

/** The operator's command that applies the contract to a stream (nats CLI, as the `operator` NATS user). */
const operatorCommand = (want: SharedStreamConfig) =>
  `nats --user operator stream edit ${want.name} --subjects '${want.subjects.join(',')}' --dupe-window ${want.duplicate_window / 1e9}s` +
  (want.num_replicas ? ` --replicas ${want.num_replicas}` : '');

async function ensureStreamsOnce(nc: NatsConnection, replicas?: number): Promise<void> {
  const jsm = await jetstreamManager(nc);
  const log = new Logger('Streams');
  for (const want of sharedStreamConfigs(replicas)) {
    let info: StreamInfo | null = await jsm.streams.info(want.name).catch((err: Error) => {
      if (/not found/i.test(err.message)) return null;
      throw err;
    });
    if (!info) {
      try {
        // A create never changes an existing stream: the server refuses one with another configuration.
        await jsm.streams.add(want);
        continue;
      } catch (err) {
        // Another process created it between our info and add (with this or another configuration).
        if (!/already in use|exists/i.test((err as Error).message)) throw err;
        info = await jsm.streams.info(want.name);
      }
    }
    const drift = streamDrift(info.config, want);
    if (!drift.length) continue;
    try {
      await jsm.streams.update(want.name, {
        subjects: want.subjects,
        duplicate_window: want.duplicate_window,
        ...(want.num_replicas ? { num_replicas: want.num_replicas } : {}),
      });
      log.warn(`stream ${want.name} updated to the contract (${drift.join('; ')})`);
    } catch (err) {
      const message = (err as Error).message;
      if (TRANSIENT.test(message)) throw err;
      // A service may not change a shared stream (it could make EVENTS capture other subjects). The
      // process goes on with the stream as it is (an event on a subject it does not capture is
      // refused at publish and stays in the outbox); the operator applies the contract.
      const refused = /permission/i.test(message) ? 'this process may not update it' : `its update failed: ${message}`;
      log.error(
        `stream ${want.name} differs from the contract (${drift.join('; ')}) and ${refused}: ` +
          `an operator must apply it (${operatorCommand(want)}; docs/deployment.md, "NATS: users and permissions")`,
      );
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
