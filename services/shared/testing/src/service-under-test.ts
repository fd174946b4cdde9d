import type { DynamicModule, INestApplication } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import type { RpcClient } from '@popote/platform';
import { startServiceApp, testNats, testRpcClient, type ServiceAppOptions } from './harness';

/** Services started in this process, with what a test drives them by: an RPC client (as the BFF calls) and a NATS connection. */
export interface ServicesUnderTest {
  /** In the order they were started. */
  apps: INestApplication[];
  rpc: RpcClient;
  nc: NatsConnection;
  /** Stops what was started, last started first (safe after a failed start). */
  close(): Promise<void>;
}

/** One service started in this process (`app`), with the test's RPC client and NATS connection. */
export interface ServiceUnderTest extends ServicesUnderTest {
  app: INestApplication;
}

/** A service a test starts: its name (its NATS user and RPC queue group) and its app module. */
export interface ServiceToStart extends ServiceAppOptions {
  service: string;
  module: DynamicModule;
}

/** The services of a test's small stack, started in order (one that others need at start first), as in production. */
export async function servicesUnderTest(natsUrl: string, services: ServiceToStart[]): Promise<ServicesUnderTest> {
  const opened: { close(): Promise<unknown> }[] = [];
  const close = async () => {
    for (const o of opened.splice(0).reverse()) await o.close();
  };
  try {
    const apps: INestApplication[] = [];
    for (const { service, module, ...options } of services) {
      apps.push(await startServiceApp(service, module, natsUrl, options));
      opened.push(apps.at(-1)!);
    }
    const rpc = await testRpcClient(natsUrl);
    opened.push(rpc);
    const nc = await testNats(natsUrl);
    opened.push(nc);
    return { apps, rpc, nc, close };
  } catch (err) {
    await close().catch(() => undefined);
    throw err;
  }
}

export async function serviceUnderTest(
  service: string,
  module: DynamicModule,
  natsUrl: string,
  options: ServiceAppOptions = {},
): Promise<ServiceUnderTest> {
  const under = await servicesUnderTest(natsUrl, [{ service, module, ...options }]);
  return { ...under, app: under.apps[0]! };
}
