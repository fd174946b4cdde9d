import { Counter, Gauge, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * Prometheus metrics of a process (served at /metrics on its health port): the dead-letter queue,
 * events published and applied, plus Node's defaults. One registry per process.
 */
export const metrics = new Registry();
collectDefaultMetrics({ register: metrics });

/** A counter of events by durable consumer. */
const byDurable = (name: string, help: string) => new Counter({ name, help, labelNames: ['durable'] as const, registers: [metrics] });

export const deadLettered = byDurable(
  'popote_events_dead_lettered_total',
  'Events this process moved to the dead-letter queue, by durable consumer',
);
export const eventsApplied = byDurable('popote_events_applied_total', 'Events applied by this process, by durable consumer');
export const eventsRetried = byDurable(
  'popote_events_retried_total',
  'Failed event deliveries handed back for a later retry, by durable consumer',
);

export const eventsPublished = new Counter({
  name: 'popote_events_published_total',
  help: 'Events published from outboxes, right after the write (hot) or by the recovery sweep',
  labelNames: ['path'] as const,
  registers: [metrics],
});

/** A gauge of this process's own (a service's figure to alert on), in the process's registry. */
export const serviceGauge = (name: string, help: string) => new Gauge({ name, help, registers: [metrics] });

/** Set when scraped: what waits in the dead-letter queue for this service's consumers. */
export const deadLettersWaiting = new Gauge({
  name: 'popote_dead_letters_waiting',
  help: 'Messages in the DEAD_LETTERS stream for this service, by subject (dlq.<durable>)',
  labelNames: ['subject'] as const,
  registers: [metrics],
});

/**
 * The commands this process sent to its store (the MongoDB driver's command monitoring), by command
 * and collection: what one request or event costs the store (`./popote bench checkout` divides them
 * by the paid orders).
 */
export const leasesTaken = new Counter({
  name: 'popote_leases_total',
  help: 'Leases taken in the lock bucket (DistributedLocks), by what the key locks (its first part: cart, cook, buyer, a collection for the outbox)',
  labelNames: ['lock'] as const,
  registers: [metrics],
});

export const storeOperations = new Counter({
  name: 'popote_store_operations_total',
  help: 'Commands sent to the MongoDB store (FerretDB locally), by command and collection',
  labelNames: ['command', 'collection'] as const,
  registers: [metrics],
});
