import 'reflect-metadata';
import { type DynamicModule, type INestApplication, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { MicroserviceOptions } from '@nestjs/microservices';
import { createLogger, PinoNestLogger } from './logger';
import type { NatsConfig } from './nats';
import { rpcServerOptions } from './rpc/nats-server';
import { stopTelemetry } from './telemetry';

export interface BootstrapOptions {
  service: string;
  module: Type<unknown> | DynamicModule;
  /** NATS address and this process's NATS user. */
  nats: NatsConfig;
  httpPort: number;
  httpHost: string;
  /** Answer `rpc.<service>.*` requests (queue group = service name, so replicas share the load). */
  rpc?: boolean;
  /** Keep each request's raw bytes (`req.rawBody`), e.g. for signed webhooks. */
  rawBody?: boolean;
  configure?: (app: INestApplication) => void | Promise<void>;
}

/** One start-up path for every process: logs, RPC listener, HTTP (health), graceful shutdown. */
export async function bootstrap(options: BootstrapOptions): Promise<INestApplication> {
  const logger = createLogger(options.service);
  const app = await NestFactory.create(options.module, {
    logger: new PinoNestLogger(logger),
    bufferLogs: true,
    rawBody: options.rawBody ?? false,
  });
  app.enableShutdownHooks();
  if (options.rpc !== false) {
    app.connectMicroservice<MicroserviceOptions>(rpcServerOptions(options.service, options.nats), { inheritAppConfig: true });
  }
  await options.configure?.(app);
  await app.startAllMicroservices();
  await app.listen(options.httpPort, options.httpHost);
  logger.info({ port: options.httpPort }, `${options.service} ready`);
  const stop = async () => {
    await app.close().catch((err) => logger.error({ err }, 'shutdown failed'));
    await stopTelemetry();
    process.exit(0);
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  return app;
}

/**
 * A service's `main`: its configuration read from the environment, its app module built from it,
 * started on the config's NATS and HTTP address; a failure to start ends the process.
 */
export function runService<C extends NatsConfig & { HTTP_PORT: number; HTTP_HOST: string }>(
  service: string,
  config: C,
  module: (config: C) => Type<unknown> | DynamicModule,
  options: Pick<BootstrapOptions, 'rawBody' | 'configure'> = {},
): void {
  bootstrap({ service, module: module(config), nats: config, httpPort: config.HTTP_PORT, httpHost: config.HTTP_HOST, ...options }).catch(
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
