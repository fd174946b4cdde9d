// THE table of NATS users and their permissions: one user per process, each allowed only what its
// part needs. Rendered for the local launcher and the integration tests (nats-auth.ts), for compose
// (infra/compose/nats-auth.conf) and for Kubernetes (infra/k8s/dependencies/nats-auth-values.yaml)
// by nats-deploy.ts; `./popote test deploy` fails when the three differ from it.

export const NATS_SERVICES = ['identity', 'catalogue', 'cart', 'ordering', 'payments', 'notifications'] as const;
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

/** RPCs that only other services call: the BFF may not. */
export const INTERNAL_RPCS = [
  'rpc.identity.get-users',
  'rpc.identity.cook-legal',
  'rpc.ordering.orders-by-id',
  // Account lifecycle: identity asks for the account emails and whether an erasure must wait.
  'rpc.notifications.send-account-email',
  'rpc.ordering.erasure-blockers',
  'rpc.payments.erasure-blockers',
  'rpc.catalogue.reserve-checkout',
  'rpc.catalogue.release-reservation',
  'rpc.catalogue.move-pickup-slot',
  'rpc.catalogue.change-held-slot',
];

/** The RPCs each service calls on another (nothing else). */
export const SERVICE_CALLS: Record<NatsService, string[]> = {
  identity: ['rpc.notifications.send-account-email', 'rpc.ordering.erasure-blockers', 'rpc.payments.erasure-blockers'],
  catalogue: [],
  cart: ['rpc.catalogue.get-meal', 'rpc.catalogue.get-meals'],
  ordering: ['rpc.catalogue.move-pickup-slot'], // the cook moves an order's pick-up slot (ADR 0008)
  // orders-by-id: reconciliation (ADR 0004), the ledger (ADR 0007); cook-legal: receipts;
  // reserve-checkout, release-reservation, change-held-slot: the food and slots reserved while paying
  // (docs/checkout.md); pickup-addresses: the place on the receipt
  payments: [
    'rpc.cart.checkout',
    'rpc.ordering.orders-by-id',
    'rpc.identity.cook-legal',
    'rpc.catalogue.reserve-checkout',
    'rpc.catalogue.release-reservation',
    'rpc.catalogue.change-held-slot',
    'rpc.catalogue.pickup-addresses',
  ],
  notifications: ['rpc.identity.get-users'],
};

/** The JetStream layout (@popote/contracts STREAMS, EVENT_PARTITIONS; the lock bucket of ADR 0004). */
export const EVENTS_STREAM = 'EVENTS';
export const DEAD_LETTERS_STREAM = 'DEAD_LETTERS';
export const LOCKS_BUCKET = 'popote_locks';
export const EVENT_PARTITIONS = 16;

const partitioned = (name: string) => Array.from({ length: EVENT_PARTITIONS }, (_, p) => `${name}-p${p}`);

/**
 * The durable consumers each process owns on EVENTS, without the `<process>-` prefix: one per
 * @EventHandler (its class name without `Handler`, or its `name` option), one per partition for a
 * @PartitionedHandler (`<name>-p<k>`). A handler missing here cannot start (NATS refuses its
 * consumer): nats-auth.spec.ts reads the handlers in the code and fails first.
 */
export const DURABLES: Record<NatsService | 'bff', string[]> = {
  identity: ['AccountErasure', 'ReviewSubmitted'],
  catalogue: ['AccountErasure', 'ProfileUpdated', ...partitioned('stock')],
  cart: ['AccountErasure', 'MealDeleted', 'OrderPlaced'],
  ordering: ['AccountErasure', 'PaymentSucceeded', 'StockCommitted', 'StockRejected'],
  payments: ['AccountErasure', 'OrderCancelled', 'OrderPickedUp', ...partitioned('sales')],
  notifications: ['AccountErasure', 'OrderPlaced', 'OrderStatusChanged', 'PickupReminder', 'PickupSlotMoved'],
  // The export archives of an erased account (bff/src/account/exports/account-erasure.consumer.ts).
  bff: ['AccountErasure'],
};

/** Full durable names (`catalogue-stock-p3`) of one process, or of all. */
export const durablesOf = (process: NatsService | 'bff'): string[] => DURABLES[process].map((d) => `${process}-${d}`);
export const ALL_DURABLES: string[] = (Object.keys(DURABLES) as (NatsService | 'bff')[]).flatMap(durablesOf);

const API = '$JS.API';

/**
 * What ensureStreams (@popote/platform) needs: it reads EVENTS and DEAD_LETTERS and creates them if
 * missing. A CREATE of an existing stream with another configuration is refused by the server, so
 * it cannot change one. No UPDATE: a process that could update EVENTS could add `rpc.identity.>` to
 * it and read the sign-in requests through its own durable; a stream that differs from the
 * contract is logged by the services and updated by the operator.
 */
const SHARED_STREAMS = [EVENTS_STREAM, DEAD_LETTERS_STREAM].flatMap((s) => [`${API}.STREAM.INFO.${s}`, `${API}.STREAM.CREATE.${s}`]);

/** The per-document write leases (ADR 0004): create the bucket once, create/read/delete its keys. */
const LOCKS = [
  `${API}.STREAM.INFO.KV_${LOCKS_BUCKET}`,
  `${API}.STREAM.CREATE.KV_${LOCKS_BUCKET}`,
  `${API}.DIRECT.GET.KV_${LOCKS_BUCKET}.>`,
  `$KV.${LOCKS_BUCKET}.>`,
];

/**
 * One durable consumer of EVENTS, as nats.js 3 manages it: INFO, CREATE (the consumer name and,
 * with one filter, the filter in the subject; several filters: the DURABLE.CREATE form), pulling
 * (MSG.NEXT), acknowledging its own deliveries, and (services) dead-lettering to `dlq.<durable>`.
 */
const durableGrants = (durable: string, deadLetters: boolean): string[] => [
  `${API}.CONSUMER.INFO.${EVENTS_STREAM}.${durable}`,
  `${API}.CONSUMER.CREATE.${EVENTS_STREAM}.${durable}`,
  `${API}.CONSUMER.CREATE.${EVENTS_STREAM}.${durable}.>`,
  `${API}.CONSUMER.DURABLE.CREATE.${EVENTS_STREAM}.${durable}`,
  `${API}.CONSUMER.MSG.NEXT.${EVENTS_STREAM}.${durable}`,
  `$JS.ACK.${EVENTS_STREAM}.${durable}.>`,
  ...(deadLetters ? [`dlq.${durable}`] : []),
];

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
 * A service answers its own RPCs only (`rpc.<service>.>`), publishes its own events only
 * (`evt.<service>.>`: only payments may announce a payment), calls only the RPCs it needs, and on
 * JetStream manages only its own durable consumers (no other process's, no stream but the shared
 * ones, never a delete or a purge). The BFF calls the user-facing RPCs and publishes no event.
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
        allow: ['rpc.>', `${API}.INFO`, ...SHARED_STREAMS, ...ORDERED_CONSUMERS, ...own.flatMap((d) => durableGrants(d, false))],
        deny: [...INTERNAL_RPCS, ...othersDurables(own)],
      },
      subscribe: { allow: [inboxOf('bff')] },
      allow_responses: false,
    };
  }
  return {
    publish: {
      allow: [
        `evt.${user}.>`,
        ...SERVICE_CALLS[user],
        `${API}.INFO`,
        ...SHARED_STREAMS,
        ...LOCKS,
        ...durablesOf(user).flatMap((d) => durableGrants(d, true)),
      ],
    },
    subscribe: { allow: [`rpc.${user}.>`, inboxOf(user)] },
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
