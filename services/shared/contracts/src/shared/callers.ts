// Who talks to whom on NATS, as the contracts declare it: every RPC names its callers (the service
// that answers is the subject's), every event its durable consumers (the service that publishes is
// the subject's), every job its workers' durable (the process that queues and works it is the subject's). The NATS permission table (infra/local/src/nats-permissions.ts) is generated from
// this; nothing here knows NATS's own subjects ($JS.API, inboxes).

import { ACCOUNT_RPCS, AccountEvents, DataExportJob } from '../identity/account';
import { AdsRpc } from '../payments/ads';
import { PromotionsRpc } from '../payments/promotions';
import { CartRpc } from '../cart/cart';
import { CatalogueEvents, CatalogueRpc } from '../catalogue/catalogue';
import {
  EVENT_PARTITIONS,
  filterOf,
  partitionFilter,
  type Caller,
  type EventContract,
  type JobContract,
  type RpcContract,
} from './envelope';
import { AlertsRpc, FollowsRpc } from '../notifications/follows';
import { IdentityEvents, IdentityRpc } from '../identity/identity';
import { ModerationEvents, ModerationRpc } from '../identity/moderation';
import { OperatorRpc } from '../identity/operators';
import { TraderRpc } from '../identity/traders';
import { TraderEmailsRpc } from '../notifications/trader-emails';
import { NotificationsRpc, SendEmailJob, SendPushJob } from '../notifications/notifications';
import { OrderingEvents, OrderingRpc } from '../ordering/ordering';
import { PaymentsEvents, PaymentsRpc, PayoutsRpc, ReceiptsRpc } from '../payments/payments';
import { PickupRpc } from '../catalogue/pickup';
import { PaymentsSupportRpc } from '../payments/support';
import { SupportRpc } from '../support/support';
import { DEAD_LETTER_RPCS } from './dead-letters';

/** Every RPC of the contracts (a group of RPCs missing here fails callers.spec.ts). */
export const RPC_CONTRACTS: readonly RpcContract<any, any, any>[] = [
  ...[
    IdentityRpc,
    OperatorRpc,
    TraderRpc,
    ModerationRpc,
    CatalogueRpc,
    PickupRpc,
    CartRpc,
    OrderingRpc,
    PaymentsRpc,
    PayoutsRpc,
    ReceiptsRpc,
    AdsRpc,
    PromotionsRpc,
    NotificationsRpc,
    FollowsRpc,
    AlertsRpc,
    TraderEmailsRpc,
    SupportRpc,
    PaymentsSupportRpc,
  ].flatMap((group) => Object.values(group) as RpcContract<any, any, any>[]),
  ...ACCOUNT_RPCS,
  ...DEAD_LETTER_RPCS,
];

/** Every event of the contracts. */
export const EVENT_CONTRACTS: readonly EventContract<any>[] = [
  IdentityEvents,
  AccountEvents,
  ModerationEvents,
  CatalogueEvents,
  OrderingEvents,
  PaymentsEvents,
].flatMap((group) => Object.values(group) as EventContract<any>[]);

/** Every kind of background job (the JOBS work queue). */
export const JOB_CONTRACTS: readonly JobContract<any>[] = [DataExportJob, SendEmailJob, SendPushJob];

/** The service a subject belongs to: `rpc.<service>.…` is answered by it, `evt.<service>.…` published by it. */
export const ownerOf = (contract: { subject: string }): string => contract.subject.split('.')[1]!;

/** The RPCs a process may request. */
export const rpcsCalledBy = (caller: Caller): RpcContract<any, any, any>[] => RPC_CONTRACTS.filter((r) => r.callers?.includes(caller));

/** The RPCs a service answers. */
export const rpcsAnsweredBy = (service: string): RpcContract<any, any, any>[] => RPC_CONTRACTS.filter((r) => ownerOf(r) === service);

/** The events a service publishes. */
export const eventsPublishedBy = (service: string): EventContract<any>[] => EVENT_CONTRACTS.filter((e) => ownerOf(e) === service);

/** A declared consumer's durables: itself, or one per partition for `<process>-<name>-p*`. */
export const expandDurable = (declared: string): string[] =>
  declared.endsWith('-p*') ? Array.from({ length: EVENT_PARTITIONS }, (_, p) => `${declared.slice(0, -1)}${p}`) : [declared];

/** The durable consumers a process owns on EVENTS (`cart-OrderPlaced`, `catalogue-stock-p3`…), in the order first declared. */
export const durablesOwnedBy = (process: Caller): string[] => [
  ...new Set(
    EVENT_CONTRACTS.flatMap((e) => e.consumers ?? [])
      .filter((d) => d.startsWith(`${process}-`))
      .flatMap(expandDurable),
  ),
];

/**
 * The filters of a durable, as the consumer host (@popote/platform) creates it: the event's subject
 * (`<subject>.*` when partitioned) for a handler's durable, the partition's subject of each event it
 * takes for a partition's durable (`<process>-<name>-p<k>`).
 */
export const filtersOfDurable = (durable: string): string[] => {
  const filters: string[] = [];
  for (const e of EVENT_CONTRACTS)
    for (const declared of e.consumers ?? []) {
      if (declared === durable) filters.push(filterOf(e));
      else if (declared.endsWith('-p*') && durable.startsWith(declared.slice(0, -1))) {
        const p = Number(durable.slice(declared.length - 1));
        if (Number.isInteger(p) && p >= 0 && p < EVENT_PARTITIONS) filters.push(partitionFilter(e, p));
      }
    }
  return filters;
};

/** The jobs a process queues and works on (`job.<process>.…`). */
export const jobsOwnedBy = (process: Caller): JobContract<any>[] => JOB_CONTRACTS.filter((j) => ownerOf(j) === process);
