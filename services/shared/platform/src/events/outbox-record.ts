import { AsyncLocalStorage } from 'node:async_hooks';
import { propagation, context } from '@opentelemetry/api';
import { subjectOf, type Envelope, type EventContract } from '@popote/contracts';
import { Schema } from 'mongoose';
import { makeEnvelope, type EventCause } from './envelope';

/**
 * Transactional outbox without transactions (FerretDB has none): the event
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
  {
    _id: String,
    subject: String,
    envelope: Schema.Types.Mixed,
    trace: Schema.Types.Mixed,
  },
  { _id: false },
);

export function outboxPlugin(schema: Schema): void {
  schema.add({
    _outbox: { type: [outboxEntrySchema], default: [] },
    _outbox_pending: { type: Boolean, default: false, index: true },
  });
}

/**
 * The step of `OutboxRelay.change` running now: whether it recorded an event to publish after it,
 * and on which loaded document (its `_id`, the step's) — whose outbox, once saved, is what to publish.
 */
export interface Step {
  recorded: boolean;
  id?: unknown;
  doc?: WithOutbox;
}
/** Shared with `OutboxRelay` (outbox.ts), which runs each step in it; not exported from the package. */
export const step = new AsyncLocalStorage<Step>();

/** A mongoose document of the step's aggregate, loaded with its whole outbox. */
interface LoadedDoc extends WithOutbox {
  _id: unknown;
  isModified(path: string): boolean;
  isSelected(path: string): boolean;
}
const isLoaded = (doc: unknown): doc is LoadedDoc =>
  !!doc && typeof (doc as LoadedDoc).isModified === 'function' && typeof (doc as LoadedDoc).isSelected === 'function';

/**
 * The outbox of the step's document as it now stands in the store, if the step knows it: the
 * document was loaded with its whole outbox (older entries a crash left included), the event recorded
 * on it, and saved since (mongoose clears what it saved from the modified paths). Otherwise undefined:
 * the relay reads it.
 */
export function savedOutbox(scope: Step): OutboxEntry[] | undefined {
  const doc = scope.doc;
  if (!isLoaded(doc) || !doc.isSelected('_outbox') || doc.isModified('_outbox')) return undefined;
  return doc._outbox.map((e) => (typeof (e as any).toObject === 'function' ? (e as any).toObject() : e));
}

/** Adds an event to a document's outbox; saving the document stores both at once. */
export function recordEvent<T>(doc: WithOutbox, contract: EventContract<T>, data: T, cause?: EventCause): Envelope<T> {
  const envelope = makeEnvelope(contract, data, cause);
  const traceHeaders: Record<string, string> = {};
  propagation.inject(context.active(), traceHeaders);
  doc._outbox.push({
    _id: envelope.id,
    subject: subjectOf(contract, data),
    envelope,
    trace: traceHeaders,
  });
  doc._outbox_pending = true;
  const current = step.getStore();
  if (current) {
    current.recorded = true;
    // Recorded on the step's own document: the relay may publish from it once it is saved.
    current.doc = isLoaded(doc) && String(doc._id) === String(current.id) && (!current.doc || current.doc === doc) ? doc : undefined;
    if (!current.doc) current.id = undefined; // another document, or two copies of it: the relay reads the store
  }
  // The copy in memory may still say `true` while the relay has since cleared it in the database:
  // force the write, or the new event would sit unnoticed.
  (doc as Partial<{ markModified(path: string): void }>).markModified?.('_outbox_pending');
  return envelope;
}

/**
 * The same, as an update document for `updateOne`/`insertOne` paths that do not load a document.
 * Only inside `relay.change` (the step publishes what it recorded when it ends): outside one, the
 * event would wait for the sweep, so it is refused.
 */
export function outboxUpdate<T>(contract: EventContract<T>, data: T, cause?: EventCause) {
  if (!step.getStore())
    throw new Error(`outboxUpdate(${contract.subject}) outside relay.change(): its event would not be published on write`);
  const holder: WithOutbox = { _outbox: [], _outbox_pending: false };
  const envelope = recordEvent(holder, contract, data, cause);
  return {
    envelope,
    push: { _outbox: holder._outbox[0] },
    set: { _outbox_pending: true },
  };
}
