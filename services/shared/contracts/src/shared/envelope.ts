import { z } from 'zod';

/** Every integration event travels in this envelope (docs/events.md). */
export const envelopeSchema = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  occurred_at: z.string().datetime(),
  correlation_id: z.string().min(1),
  causation_id: z.string().nullable(),
  data: z.unknown(),
});
export type Envelope<T = unknown> = Omit<z.infer<typeof envelopeSchema>, 'data'> & { data: T };

/** The processes that talk on NATS in their own name (each one a NATS user): the six services and the BFF. */
export const SERVICE_NAMES = ['identity', 'catalogue', 'cart', 'ordering', 'payments', 'notifications'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];
export type Caller = ServiceName | 'bff';
/**
 * A durable consumer of EVENTS, as the process names it: `<process>-<handler>` (an @EventHandler:
 * its class name less `Handler`, or its `name`), `<process>-<name>-p*` for a @PartitionedHandler
 * (one durable per partition, `-p0` … `-p15`).
 */
export type DurableName = `${Caller}-${string}`;

export interface EventContract<T> {
  /** NATS subject, `evt.<service>.<aggregate>-<past-verb>.v<N>`: the service named publishes it, no other. */
  readonly subject: string;
  readonly schema: z.ZodType<T, any>;
  /**
   * Partitioned events travel on `<subject>.<p>`, p = partitionOf(key) (ADR 0004): the events of one
   * key (a cook) stay in order on one partition; different keys spread over EVENT_PARTITIONS.
   */
  partitionBy?(data: T): string; // method syntax: contracts of any T fit EventContract<unknown>
  /**
   * Its durable consumers (none: only followed live, or not yet consumed). The NATS permission
   * table gives each process its own durables from these (infra/local/src/nats-permissions.ts).
   */
  readonly consumers?: readonly DurableName[];
}

/** Number of partitions of partitioned events. Changing it re-maps keys: drain the partitions first. */
export const EVENT_PARTITIONS = 16;

/** FNV-1a (32 bits) of the key, modulo the partition count: stable across processes and languages. */
export function partitionOf(key: string, partitions = EVENT_PARTITIONS): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h % partitions;
}

/** The subject an event is published on (with its partition when the contract is partitioned). */
export function subjectOf<T>(contract: EventContract<T>, data: T): string {
  return contract.partitionBy ? `${contract.subject}.${partitionOf(contract.partitionBy(data))}` : contract.subject;
}

/** The filter that receives every event of a contract (all partitions). */
export function filterOf(contract: EventContract<any>): string {
  return contract.partitionBy ? `${contract.subject}.*` : contract.subject;
}

/** The filter of one partition of a partitioned contract. */
export function partitionFilter(contract: EventContract<any>, partition: number): string {
  if (!contract.partitionBy) throw new Error(`${contract.subject} is not partitioned`);
  return `${contract.subject}.${partition}`;
}

/** `Req` is what a handler receives (defaults applied), `ReqIn` what a caller may send. */
export interface RpcContract<Req, Res, ReqIn = Req> {
  /** NATS subject, `rpc.<service>.<verb-noun>`: the service named answers it. */
  readonly subject: string;
  /** Who may request it; the NATS permission table allows them and no other (infra/local/src/nats-permissions.ts). */
  readonly callers?: readonly Caller[];
  readonly request: z.ZodType<Req, ReqIn>;
  readonly response: z.ZodType<Res, any>;
}
export type RpcRequest<C> = C extends RpcContract<infer Req, any, any> ? Req : never;
export type RpcResponse<C> = C extends RpcContract<any, infer Res, any> ? Res : never;

export function defineEvent<S extends z.ZodType>(
  subject: string,
  schema: S,
  options: { partitionBy?: (data: z.output<S>) => string; consumers?: readonly DurableName[] } = {},
): EventContract<z.output<S>> {
  if (!/^evt\.[a-z]+\.[a-z-]+\.v\d+$/.test(subject)) throw new Error(`bad event subject ${subject}`);
  return {
    subject,
    schema: schema as unknown as z.ZodType<z.output<S>, any>,
    partitionBy: options.partitionBy,
    ...(options.consumers ? { consumers: options.consumers } : {}),
  };
}

export function defineRpc<Q extends z.ZodType, R extends z.ZodType>(
  subject: string,
  request: Q,
  response: R,
  options: { callers?: readonly Caller[] } = {},
): RpcContract<z.output<Q>, z.output<R>, z.input<Q>> {
  if (!/^rpc\.[a-z]+\.[a-z-]+$/.test(subject)) throw new Error(`bad rpc subject ${subject}`);
  return {
    subject,
    ...(options.callers ? { callers: options.callers } : {}),
    request: request as unknown as z.ZodType<z.output<Q>, z.input<Q>>,
    response: response as unknown as z.ZodType<z.output<R>, any>,
  };
}

/** Who asks: set by the BFF from the verified session, never by the browser. */
export const actorSchema = z.object({
  user_id: z.string().min(1),
  user_type: z.enum(['consumer', 'cook']),
});
export type Actor = z.infer<typeof actorSchema>;

/** JetStream layout shared by producers and consumers. */
export const STREAMS = {
  events: { name: 'EVENTS', subjects: ['evt.>'] },
  deadLetters: { name: 'DEAD_LETTERS', subjects: ['dlq.>'] },
  /** Background jobs (work-queue retention: a job leaves the stream once a worker has done it). */
  jobs: { name: 'JOBS', subjects: ['job.>'] },
} as const;

/**
 * A kind of background job on the JOBS work queue: `job.<process>.<name>` — the process named queues
 * it and works on it, every replica pulling from its one durable `workers` (the NATS permission
 * table gives that process the queue and the durable from this declaration).
 */
export interface JobContract<T> {
  readonly subject: string;
  readonly schema: z.ZodType<T, any>;
  readonly workers: DurableName;
}

export function defineJob<S extends z.ZodType>(subject: string, schema: S, options: { workers: DurableName }): JobContract<z.output<S>> {
  if (!/^job\.[a-z]+\.[a-z-]+$/.test(subject)) throw new Error(`bad job subject ${subject}`);
  if (!options.workers.startsWith(`${subject.split('.')[1]}-`))
    throw new Error(`${subject}: its workers belong to ${subject.split('.')[1]}`);
  return { subject, schema: schema as unknown as z.ZodType<z.output<S>, any>, workers: options.workers };
}
