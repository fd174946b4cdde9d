import { randomUUID } from 'node:crypto';
import { trace } from '@opentelemetry/api';
import type { Envelope, EventContract } from '@popote/contracts';

export interface EventCause {
  correlation_id?: string;
  causation_id?: string | null;
}

/** Builds a validated envelope. A caused event keeps its cause's correlation id. */
export function makeEnvelope<T>(contract: EventContract<T>, data: T, cause: EventCause = {}): Envelope<T> {
  const id = randomUUID();
  return {
    id,
    type: contract.subject,
    occurred_at: new Date().toISOString(),
    correlation_id: cause.correlation_id ?? trace.getActiveSpan()?.spanContext().traceId ?? id,
    causation_id: cause.causation_id ?? null,
    data: contract.schema.parse(data),
  };
}

/** The cause to pass when an event handler emits follow-up events. */
export function causedBy(envelope: Envelope): EventCause {
  return { correlation_id: envelope.correlation_id, causation_id: envelope.id };
}
