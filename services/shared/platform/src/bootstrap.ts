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
