import { Global, Inject, Module, type DynamicModule, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR, DiscoveryModule, ModuleRef } from '@nestjs/core';
import { getConnectionToken, MongooseModule } from '@nestjs/mongoose';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Connection } from 'mongoose';
import type { BaseConfig } from './config';
import { EventConsumerHost } from './events/consumer';
import { DeadLetterReplays, deadLettersController } from './events/dead-letter-replays';
import { DistributedLocks } from './events/locks';
import { OutboxRelay } from './events/outbox';
import { runMigrations } from './migrations';
import { WorkQueue } from './jobs/work-queue';
import { ensureStreams, EventPublisher } from './events/publisher';
import { HealthController } from './health.controller';
import { storeOperations } from './metrics';
import { PeriodicJobs } from './jobs/periodic-jobs';
import { connectNats } from './nats';
import { RpcClient } from './rpc/rpc-client';
import { ActorAssertionInterceptor, RpcErrorFilter, RpcTracingInterceptor } from './rpc/rpc-server';
import { ActorSigner, ActorVerifier } from './actor-assertion';
import { NATS_CONNECTION, PLATFORM_CONFIG, SERVICE_NAME } from './tokens';

/** Counts every command the connection's driver sends (popote_store_operations_total). */
function countStoreOperations(connection: Connection): Connection {
  connection.getClient().on('commandStarted', (e) => {
    const target = (e.command as Record<string, unknown>)[e.commandName];
    storeOperations.inc({ command: e.commandName, collection: typeof target === 'string' ? target : '' });
  });
  return connection;
}

export interface PlatformOptions {
  service: string;
  config: BaseConfig & { MONGO_DB?: string };
  /** Processes without a database of their own (the BFF) pass false. */
  database?: boolean;
  /** The BFF's private key: its RPC client signs the acting user of each call. */
  actorSigningKey?: string;
  /** The folder of the service's migrations (runMigrations), applied at boot before its consumers start. */
  migrations?: string;
}

const MIGRATIONS_DIR = Symbol('popote:migrations-dir');

/**
 * Everything a Popote process needs besides its own rules: NATS connection, RPC client, JetStream
 * publisher, outbox relay, event consumers (and their dead letters' RPCs), periodic jobs, MongoDB
 * connection, health, coded RPC errors, tracing.
 */
@Global()
@Module({})
export class PlatformModule implements OnApplicationBootstrap, OnApplicationShutdown {
  static forService(options: PlatformOptions): DynamicModule {
    const withDb = options.database !== false;
    return {
      module: PlatformModule,
      imports: [
        DiscoveryModule,
        ...(withDb
          ? [
              MongooseModule.forRoot(options.config.MONGO_URL, {
                dbName: options.config.MONGO_DB,
                serverSelectionTimeoutMS: 5000,
                monitorCommands: true,
                connectionFactory: (connection: Connection) => countStoreOperations(connection),
              }),
            ]
          : []),
      ],
      // The dead letters of the service's own consumers, for the operators' console (the BFF asks).
      controllers: withDb ? [HealthController, deadLettersController(options.service)] : [],
      providers: [
        { provide: SERVICE_NAME, useValue: options.service },
        { provide: MIGRATIONS_DIR, useValue: options.migrations ?? null },
        { provide: PLATFORM_CONFIG, useValue: { ...options.config, database: withDb } },
        { provide: NATS_CONNECTION, useFactory: () => connectNats(options.config, options.service) },
        {
          provide: RpcClient,
          useFactory: async () => {
            // Only the BFF signs actor assertions; a service passes along the one it received.
            const signer = options.actorSigningKey ? new ActorSigner(options.actorSigningKey) : undefined;
            const client = new RpcClient(options.config, options.service, signer);
            await client.connect();
            return client;
          },
        },
        { provide: EventPublisher, useFactory: (nc: NatsConnection) => new EventPublisher(nc), inject: [NATS_CONNECTION] },
        {
          provide: DistributedLocks,
          useFactory: (nc: NatsConnection) => new DistributedLocks(nc, options.config.EVENTS_STREAM_REPLICAS),
          inject: [NATS_CONNECTION],
        },
        {
          provide: OutboxRelay,
          useFactory: (p: EventPublisher, locks: DistributedLocks) => new OutboxRelay(p, locks),
          inject: [EventPublisher, DistributedLocks],
        },
        EventConsumerHost,
        ...(withDb ? [DeadLetterReplays] : []),
        PeriodicJobs,
        WorkQueue,
        { provide: APP_INTERCEPTOR, useClass: RpcTracingInterceptor },
        { provide: ActorVerifier, useValue: new ActorVerifier(options.config.ACTOR_VERIFY_KEY) },
        { provide: APP_INTERCEPTOR, useClass: ActorAssertionInterceptor },
        { provide: APP_FILTER, useClass: RpcErrorFilter },
      ],
      exports: [
        SERVICE_NAME,
        PLATFORM_CONFIG,
        NATS_CONNECTION,
        RpcClient,
        EventPublisher,
        OutboxRelay,
        DistributedLocks,
        PeriodicJobs,
        WorkQueue,
      ],
    };
  }

  constructor(
    @Inject(SERVICE_NAME) private readonly service: string,
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformOptions['config'] & { database: boolean },
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    private readonly rpc: RpcClient,
    private readonly relay: OutboxRelay,
    private readonly consumers: EventConsumerHost,
    private readonly moduleRef: ModuleRef,
    private readonly locks: DistributedLocks,
    @Inject(MIGRATIONS_DIR) private readonly migrations: string | null,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await ensureStreams(this.nc, this.config.EVENTS_STREAM_REPLICAS);
    if (this.config.database !== false) {
      const connection = this.moduleRef.get<Connection>(getConnectionToken(), { strict: false });
      if (this.migrations) await runMigrations(this.service, this.migrations, connection, this.locks);
      await this.consumers.start(this.nc, connection, {
        service: this.service,
        maxDeliver: this.config.EVENTS_MAX_DELIVER,
        criticalMaxDeliver: this.config.EVENTS_CRITICAL_MAX_DELIVER,
      });
      this.relay.registerOutboxModels(connection);
      this.relay.start();
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.consumers.stop();
    await this.relay.stop();
    await this.rpc.close().catch(() => undefined);
    await this.nc.drain().catch(() => undefined);
  }
}
