import { Controller, Inject, Injectable, Module, type DynamicModule, type ModuleMetadata, type Type } from '@nestjs/common';
import {
  AccountEvents,
  ERASURE_BLOCKING_SERVICES,
  erasureBlockersRpc,
  exportPersonalDataRpc,
  type Envelope,
  type PersonalDataExport,
  type PersonalDataService,
  type RpcRequest,
} from '@popote/contracts';
import type { z } from 'zod';
import { EventHandler, type IntegrationEventHandler } from '../events/consumer';
import { RpcHandler } from '../rpc/rpc-handler';

export type ErasureRequested = z.infer<typeof AccountEvents.erasureRequested.schema>;
type BlockingService = (typeof ERASURE_BLOCKING_SERVICES)[number];

/**
 * What a service holds about a person, as the account lifecycle needs it (contracts' account.ts,
 * docs/events.md « Personal data »). A service implements it in `src/account/personal-data.ts` and
 * plugs it in with `PersonalDataModule.forService` (serviceModule, the service's root module, does it), which
 * answers the contract for it.
 */
export interface PersonalDataProvider {
  /**
   * One page of the person's part of their export (`exportPage` for lists that grow); `cursor`: the
   * previous page's `next_cursor`, null for the first page.
   */
  export(userId: string, cursor: string | null): Promise<PersonalDataExport>;
  /**
   * The account is erased: delete or anonymise what the service holds about `userId` (the envelope
   * carries the address and names the account had). Runs once per event; after a failure midway it
   * runs again from the start, so it must be idempotent.
   */
  erase(userId: string, envelope: Envelope<ErasureRequested>): Promise<void>;
  /**
   * Only in the services of ERASURE_BLOCKING_SERVICES (and required there): why the account cannot
   * be erased now, in French; empty: nothing blocks.
   */
  blockers?(userId: string): Promise<string[]>;
}

/** The service's provider, checked against the contract (see PersonalDataModule.forService). */
export const PERSONAL_DATA_PROVIDER = Symbol('popote:personal-data-provider');

const isBlocking = (service: PersonalDataService): service is BlockingService =>
  (ERASURE_BLOCKING_SERVICES as readonly string[]).includes(service);

/** The provider as the contract needs it: `blockers` where identity asks for them, and only there. */
function checked(service: PersonalDataService, provider: PersonalDataProvider): PersonalDataProvider {
  const name = provider.constructor.name;
  const hasBlockers = typeof provider.blockers === 'function';
  if (isBlocking(service) && !hasBlockers) {
    throw new Error(`${name}: ${service} is in ERASURE_BLOCKING_SERVICES, its personal-data provider must implement blockers(userId)`);
  }
  if (!isBlocking(service) && hasBlockers) {
    throw new Error(
      `${name}: ${service} is not in ERASURE_BLOCKING_SERVICES, identity never asks its blockers (list it there, or remove blockers)`,
    );
  }
  return provider;
}

/**
 * `evt.identity.account-erasure-requested.v1`, applied once per event by the platform's consumer
 * (processed_events, retries, dead letters). Its durable is `<service>-AccountErasure` whatever
 * this class is called: production durables and the NATS permission table name it so.
 */
@Injectable()
@EventHandler(AccountEvents.erasureRequested, { name: 'AccountErasure' })
export class AccountErasureHandler implements IntegrationEventHandler<ErasureRequested> {
  constructor(@Inject(PERSONAL_DATA_PROVIDER) private readonly provider: PersonalDataProvider) {}

  handle(envelope: Envelope<ErasureRequested>): Promise<void> {
    return this.provider.erase(envelope.data.user_id, envelope);
  }
}

/** `rpc.<service>.export-personal-data`: the signed-in owner's page (`actor`: the verified assertion). */
function exportController(service: PersonalDataService): Type<unknown> {
  const contract = exportPersonalDataRpc(service);
  @Controller()
  class PersonalDataExportController {
    constructor(@Inject(PERSONAL_DATA_PROVIDER) private readonly provider: PersonalDataProvider) {}

    @RpcHandler(contract)
    exportPersonalData(req: RpcRequest<typeof contract>) {
      return this.provider.export(req.actor.user_id, req.cursor ?? null);
    }
  }
  return PersonalDataExportController;
}

/** `rpc.<service>.erasure-blockers`, asked by identity right before it erases an account. */
function blockersController(service: BlockingService): Type<unknown> {
  const contract = erasureBlockersRpc(service);
  @Controller()
  class ErasureBlockersController {
    constructor(@Inject(PERSONAL_DATA_PROVIDER) private readonly provider: PersonalDataProvider) {}

    @RpcHandler(contract)
    async erasureBlockers(req: RpcRequest<typeof contract>) {
      return { reasons: await this.provider.blockers!(req.user_id) };
    }
  }
  return ErasureBlockersController;
}

/**
 * A service's part of the account lifecycle, from its provider: the export RPC, the blockers RPC
 * (services of ERASURE_BLOCKING_SERVICES) and the erasure handler, with the interceptors,
 * validation and consumer every RPC and event handler of the platform gets.
 *
 * The process does not start when the provider's `blockers` disagree with ERASURE_BLOCKING_SERVICES.
 */
@Module({})
export class PersonalDataModule {
  /**
   * @param provider the service's PersonalDataProvider (an injectable); its `@PeriodicJob`s run too.
   * @param options.imports the modules that give the provider what it injects (the platform's own
   *   providers are there already).
   */
  static forService(
    service: PersonalDataService,
    provider: Type<PersonalDataProvider>,
    options: { imports?: ModuleMetadata['imports'] } = {},
  ): DynamicModule {
    return {
      module: PersonalDataModule,
      imports: options.imports ?? [],
      controllers: [exportController(service), ...(isBlocking(service) ? [blockersController(service)] : [])],
      providers: [
        provider,
        { provide: PERSONAL_DATA_PROVIDER, useFactory: (p: PersonalDataProvider) => checked(service, p), inject: [provider] },
        AccountErasureHandler,
      ],
      exports: [provider],
    };
  }
}
