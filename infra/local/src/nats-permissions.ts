// THE table of NATS users and their permissions: one user per process, each allowed only what its
// part needs. What the contracts declare is generated from them (@popote/contracts callers.ts):
// the RPCs each process may request (their `callers`), the RPCs each service answers and the events
// it publishes (their subjects name it), the durable consumers each process owns (the events'
// `consumers`). Written here: what no contract says (the JetStream API each of those needs, the
// shared streams, the lock bucket, the BFF's ordered consumers, the observer and the operator).
// Rendered for the local launcher and the integration tests (nats-auth.ts), for compose
// (infra/compose/nats-auth.conf) and for Kubernetes (infra/k8s/dependencies/nats-auth-values.yaml)
// by nats-deploy.ts; `./popote test deploy` fails when the three differ from it.

import {
  durablesOwnedBy,
  EVENT_PARTITIONS as CONTRACT_PARTITIONS,
  eventsPublishedBy,
  filterOf,
  filtersOfDurable,
  jobsOwnedBy,
  rpcsAnsweredBy,
  rpcsCalledBy,
  SERVICE_NAMES,
  STREAMS,
  type Caller,
} from '@popote/contracts';

export const NATS_SERVICES = SERVICE_NAMES;
export type NatsService = (typeof NATS_SERVICES)[number];
/** Every user of the table: the services, the BFF, the tools' read-only observer, the dead-letter operator. */
export type NatsUserName = NatsService | 'bff' | 'observer' | 'operator';
export const NATS_USER_NAMES: readonly NatsUserName[] = [...NATS_SERVICES, 'bff', 'observer', 'operator'];

export interface NatsPermissions {
  publish: { allow: string[]; deny?: string[] };
  subscribe: { allow: string[] };
  /** May answer the requests it receives (publish to their reply subjects, once each). */
  allow_responses: boolean;
}

/** Replies come to `_INBOX_<user>.…` (the processes set this inbox prefix; see @popote/platform natsOptions). */
export const inboxOf = (user: string) => `_INBOX_${user}.>`;

/** Generated: the RPCs a process may request (those that name it among their callers). */
export const rpcCallsOf = (process: Caller): string[] => rpcsCalledBy(process).map((r) => r.subject);

/** Generated: the RPCs each service calls on another (nothing else). */
export const SERVICE_CALLS = Object.fromEntries(NATS_SERVICES.map((s) => [s, rpcCallsOf(s)])) as Record<NatsService, string[]>;

/** Generated: what a service answers (its RPCs' subjects) and publishes (its events, every partition: `<subject>.*`). */
const answers = (service: NatsService) => rpcsAnsweredBy(service).map((r) => r.subject);
const announces = (service: NatsService) => eventsPublishedBy(service).map(filterOf);

/** The JetStream layout (@popote/contracts STREAMS, EVENT_PARTITIONS; the lock bucket of ADR 0004). */
export const EVENTS_STREAM = STREAMS.events.name;
export const DEAD_LETTERS_STREAM = STREAMS.deadLetters.name;
export const JOBS_STREAM = STREAMS.jobs.name;
export const LOCKS_BUCKET = 'popote_locks';
export const EVENT_PARTITIONS = CONTRACT_PARTITIONS;

/**
 * Generated: the durable consumers each process owns on EVENTS (the events' `consumers`), full
 * names: one per @EventHandler (`<process>-<class name without Handler, or its name option>`), one
 * per partition for a @PartitionedHandler (`<process>-<name>-p<k>`). A handler missing there cannot
 * start (NATS refuses its consumer): nats-auth.spec.ts reads the handlers in the code and fails first.
 */
export const durablesOf = (process: Caller): string[] => durablesOwnedBy(process);
export const ALL_DURABLES: string[] = ([...NATS_SERVICES, 'bff'] as const).flatMap(durablesOf);

const API = '$JS.API';

/**
 * What ensureStreams (@popote/platform) needs: it reads EVENTS and DEAD_LETTERS and creates them if
 * missing. A CREATE of an existing stream with another configuration is refused by the server, so
 * it cannot change one. No UPDATE: a process that could update EVENTS could add `rpc.identity.>` to
 * it and read the sign-in requests through its own durable; a stream that differs from the
 * contract is logged by the services and updated by the operator.
 */
const SHARED_STREAMS = [EVENTS_STREAM, DEAD_LETTERS_STREAM].flatMap((s) => [`${API}.STREAM.INFO.${s}`, `${API}.STREAM.CREATE.${s}`]);

/**
 * What a service needs to replay one of its own dead letters for the operators' console
 * (@popote/platform DeadLetterReplays, `rpc.<service>.replay-dead-letter`): read a letter by
 * sequence, read its original in EVENTS by sequence (checked against the letter: the same subject
 * and bytes), remove the letter once its own consumer has handled the original. Nothing is
 * published: the service's consumer handles the original itself, so no process but the operator
 * may publish an event again.
 *
 * NATS cannot bind these to the service's own letters and events (a message get or delete names a
 * sequence, not a subject): a service may read any event of EVENTS by its sequence, not only those
 * it consumes, and remove another's dead letter. Its code reads and removes only its own
 * (`dlq.<service>-…`), and a removed letter is still in the removing service's log and in the
 * audit log of the operator who asked.
 */
const DEAD_LETTER_REPLAYS = [
  `${API}.STREAM.MSG.GET.${DEAD_LETTERS_STREAM}`,
  `${API}.STREAM.MSG.DELETE.${DEAD_LETTERS_STREAM}`,
  `${API}.STREAM.MSG.GET.${EVENTS_STREAM}`,
];

/** The per-document write leases (ADR 0004): create the bucket once, create/read/delete its keys. */
const LOCKS = [
  `${API}.STREAM.INFO.KV_${LOCKS_BUCKET}`,
  `${API}.STREAM.CREATE.KV_${LOCKS_BUCKET}`,
  `${API}.DIRECT.GET.KV_${LOCKS_BUCKET}.>`,
  `$KV.${LOCKS_BUCKET}.>`,
];

/**
 * One durable consumer of EVENTS, as nats.js 3 manages it: INFO, CREATE (and update) with the
 * contract's exact filter in the subject — NATS refuses a request whose configuration names another
 * filter, so a process cannot re-create its durable to read events it does not consume — pulling
 * (MSG.NEXT), acknowledging its own deliveries, and (services) dead-lettering to `dlq.<durable>`.
 * A durable with several filters (a partition of the stock worker, whose events must stay in one
 * order per cook) can only be created by the DURABLE.CREATE form, which carries no filter in its
 * subject: that one grant is not bound to its filters (docs/security.md).
 */
const durableGrants = (durable: string, deadLetters: boolean): string[] => {
  const filters = filtersOfDurable(durable);
  if (!filters.length) throw new Error(`durable ${durable}: no event contract declares it`);
  return [
    `${API}.CONSUMER.INFO.${EVENTS_STREAM}.${durable}`,
    ...(filters.length === 1
      ? [`${API}.CONSUMER.CREATE.${EVENTS_STREAM}.${durable}.${filters[0]}`]
      : [`${API}.CONSUMER.DURABLE.CREATE.${EVENTS_STREAM}.${durable}`]),
    `${API}.CONSUMER.MSG.NEXT.${EVENTS_STREAM}.${durable}`,
    `$JS.ACK.${EVENTS_STREAM}.${durable}.>`,
    ...(deadLetters ? [`dlq.${durable}`] : []),
  ];
};

/**
 * Generated: the background jobs a process queues and works on (the jobs' `workers`): the JOBS
 * work queue (read, created by the first process that needs it — no update: its retention is
 * fixed), publishing its own jobs' subjects, and its workers' durable (created and updated with
 * the job's subject as its only filter, pulled, acknowledged, and `working` heartbeats, which are acknowledgements too).
 */
const jobGrants = (process: Caller): string[] => {
  const jobs = jobsOwnedBy(process);
  if (!jobs.length) return [];
  return [
    `${API}.STREAM.INFO.${JOBS_STREAM}`,
    `${API}.STREAM.CREATE.${JOBS_STREAM}`,
    ...jobs.flatMap((job) => [
      job.subject,
      `${API}.CONSUMER.INFO.${JOBS_STREAM}.${job.workers}`,
      `${API}.CONSUMER.CREATE.${JOBS_STREAM}.${job.workers}.${job.subject}`,
      `${API}.CONSUMER.MSG.NEXT.${JOBS_STREAM}.${job.workers}`,
      `$JS.ACK.${JOBS_STREAM}.${job.workers}.>`,
    ]),
  ];
};

/**
 * Ordered (ephemeral) consumers of EVENTS, named by nats.js with a random token: the BFF's live
 * order updates, session revocations and read-cache invalidations, the benchmarks' observer.
 * With several filters nats.js creates them on `CONSUMER.CREATE.EVENTS` (no name in the subject).
 * The durables of every process are denied by name: pulling, reading or deleting another's
 * durable is refused.
 */
const ORDERED_CONSUMERS = [
  `${API}.STREAM.INFO.${EVENTS_STREAM}`,
  `${API}.CONSUMER.CREATE.${EVENTS_STREAM}`,
  `${API}.CONSUMER.INFO.${EVENTS_STREAM}.*`,
  `${API}.CONSUMER.MSG.NEXT.${EVENTS_STREAM}.*`,
  `${API}.CONSUMER.DELETE.${EVENTS_STREAM}.*`,
];
const othersDurables = (own: string[]) =>
  ALL_DURABLES.filter((d) => !own.includes(d)).flatMap((d) => [
    `${API}.CONSUMER.INFO.${EVENTS_STREAM}.${d}`,
    `${API}.CONSUMER.MSG.NEXT.${EVENTS_STREAM}.${d}`,
    `${API}.CONSUMER.DELETE.${EVENTS_STREAM}.${d}`,
  ]);

/**
 * A service answers its own RPCs only (the contracts' `rpc.<service>.…`), publishes its own events
 * only (`evt.<service>.…`: only payments may announce a payment), calls only the RPCs that name it
 * among their callers, and on
 * JetStream manages only its own durable consumers (no other process's, no stream but the shared
 * ones, never a delete or a purge but of a dead letter it replayed). The BFF calls the RPCs that
 * name it (the user-facing ones, and each service's dead letters for the console) and publishes no
 * event.
 * The observer (benchmarks) only follows the events; the operator (`./popote dlq`) reads and
 * removes dead letters and publishes their originals again, and applies the contract's changes
 * to the shared streams (the only user that may update them).
 */
export function natsPermissions(user: NatsUserName): NatsPermissions {
  if (user === 'operator') {
    return {
      publish: {
        allow: [
          'evt.>',
          `${API}.INFO`,
          `${API}.STREAM.INFO.${DEAD_LETTERS_STREAM}`,
          `${API}.STREAM.MSG.GET.${DEAD_LETTERS_STREAM}`,
          `${API}.STREAM.MSG.DELETE.${DEAD_LETTERS_STREAM}`,
          // A dead letter is replayed from its original in EVENTS, read by sequence.
          `${API}.STREAM.INFO.${EVENTS_STREAM}`,
          `${API}.STREAM.MSG.GET.${EVENTS_STREAM}`,
          // The contract's changes to the shared streams (`nats stream edit`, docs/deployment.md).
          `${API}.STREAM.UPDATE.${EVENTS_STREAM}`,
          `${API}.STREAM.UPDATE.${DEAD_LETTERS_STREAM}`,
        ],
      },
      subscribe: { allow: [inboxOf('operator')] },
      allow_responses: false,
    };
  }
  if (user === 'observer') {
    return {
      publish: { allow: [`${API}.INFO`, ...ORDERED_CONSUMERS], deny: othersDurables([]) },
      subscribe: { allow: [inboxOf('observer')] },
      allow_responses: false,
    };
  }
  if (user === 'bff') {
    const own = durablesOf('bff');
    return {
      publish: {
        allow: [
          ...rpcCallsOf('bff'),
          `${API}.INFO`,
          ...SHARED_STREAMS,
          ...ORDERED_CONSUMERS,
          ...own.flatMap((d) => durableGrants(d, false)),
          ...jobGrants('bff'),
        ],
        deny: othersDurables(own),
      },
      subscribe: { allow: [inboxOf('bff')] },
      allow_responses: false,
    };
  }
  return {
    publish: {
      allow: [
        ...announces(user),
        ...rpcCallsOf(user),
        `${API}.INFO`,
        ...SHARED_STREAMS,
        ...LOCKS,
        ...durablesOf(user).flatMap((d) => durableGrants(d, true)),
        ...DEAD_LETTER_REPLAYS,
        ...jobGrants(user),
      ],
    },
    subscribe: { allow: [...answers(user), inboxOf(user)] },
    allow_responses: true,
  };
}

/** The users each deployment defines (compose has no operator: its NATS port is not published). */
export const DEPLOYED_NATS_USERS = {
  compose: [...NATS_SERVICES, 'bff'],
  kubernetes: [...NATS_SERVICES, 'bff', 'operator'],
} as const satisfies Record<string, readonly NatsUserName[]>;

/** The variable holding a user's password on the NATS side (compose `.env`, the Kubernetes Secret `nats-users`). */
export const natsPasswordVariable = (user: string) => `NATS_PASSWORD_${user.toUpperCase()}`;
