import { Logger } from '@nestjs/common';
import { propagation, context } from '@opentelemetry/api';
import type { Envelope, EventContract } from '@popote/contracts';
import { Schema, type Model } from 'mongoose';
import { makeEnvelope, type EventCause } from './envelope';
import type { EventPublisher } from './publisher';

/**
 * Transactional outbox without transactions (FerretDB has none, see architecture §8): the event
 * is stored inside the very document whose change it announces, in the same write. The relay
 * publishes pending entries to JetStream (dedupe id = event id) and only then removes them, so a
 * crash between the write and the publish loses nothing and a crash after publishing only causes a
 * duplicate that JetStream's dedupe window and the idempotent consumers absorb.
 */
export interface OutboxEntry {
  _id: string;
  subject: string;
  envelope: Envelope;
  trace: Record<string, string>;
}

export interface WithOutbox {
  _outbox: OutboxEntry[];
  _outbox_pending: boolean;
}

const outboxEntrySchema = new Schema<OutboxEntry>(
  { _id: String, subject: String, envelope: Schema.Types.Mixed, trace: Schema.Types.Mixed },
  { _id: false },
);

export function outboxPlugin(schema: Schema): void {
  schema.add({
    _outbox: { type: [outboxEntrySchema], default: [] },
    _outbox_pending: { type: Boolean, default: false, index: true },
  });
}

/** Adds an event to a document's outbox; saving the document stores both at once. */
export function recordEvent<T>(doc: WithOutbox, contract: EventContract<T>, data: T, cause?: EventCause): Envelope<T> {
  const envelope = makeEnvelope(contract, data, cause);
  const traceHeaders: Record<string, string> = {};
  propagation.inject(context.active(), traceHeaders);
  doc._outbox.push({ _id: envelope.id, subject: contract.subject, envelope, trace: traceHeaders });
  doc._outbox_pending = true;
  return envelope;
}

/** The same, as an update document for `updateOne`/`insertOne` paths that do not load a document. */
export function outboxUpdate<T>(contract: EventContract<T>, data: T, cause?: EventCause) {
  const holder: WithOutbox = { _outbox: [], _outbox_pending: false };
  const envelope = recordEvent(holder, contract, data, cause);
  return { envelope, push: { _outbox: holder._outbox[0] }, set: { _outbox_pending: true } };
}

export class OutboxRelay {
  private readonly log = new Logger('OutboxRelay');
  private readonly models: Model<any>[] = [];
  private timer?: NodeJS.Timeout;
  private running = false;
  private again = false;
  private stopped = false;

  constructor(
    private readonly publisher: EventPublisher,
    private readonly intervalMs = 500,
  ) {}

  register(model: Model<any>): void {
    if (!this.models.includes(model)) this.models.push(model);
  }

  start(): void {
    this.stopped = false;
    this.timer = setInterval(() => this.kick(), this.intervalMs);
    this.timer.unref();
    this.kick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    while (this.running) await new Promise((r) => setTimeout(r, 20));
  }

  /** Ask for a relay pass now (called right after a write, so events leave without waiting for the poll). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    void this.drain()
      .catch((err) => this.log.warn(`relay pass failed, will retry: ${(err as Error).message}`))
      .finally(() => {
        this.running = false;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Publishes everything pending; returns how many events went out. */
  async drain(): Promise<number> {
    let sent = 0;
    for (const model of this.models) {
      const docs = (await model.collection
        .find({ _outbox_pending: true }, { projection: { _outbox: 1 }, limit: 100 })
        .toArray()) as unknown as { _id: unknown; _outbox: OutboxEntry[] }[];
      for (const doc of docs) {
        const published: OutboxEntry[] = [];
        for (const entry of doc._outbox ?? []) {
          await this.publisher.publishEnvelope(entry.subject, entry.envelope, entry.trace);
          published.push(entry);
          sent++;
        }
        // Raw driver calls, exact entries: FerretDB's $pull only removes whole-document matches
        // (a condition such as {_id: {$in: …}} silently matches nothing), so we $pullAll what we read.
        await model.collection.updateOne({ _id: doc._id } as never, { $pullAll: { _outbox: published } } as never);
        await model.collection.updateOne({ _id: doc._id, _outbox: { $size: 0 } } as never, { $set: { _outbox_pending: false } });
      }
    }
    return sent;
  }
}
