import type { DynamicModule, INestApplication } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import type { RpcClient } from '@popote/platform';
import { startServiceApp, testNats, testRpcClient } from './harness';

/** A service started in this process, with what a test drives it by: an RPC client (as the BFF calls) and a NATS connection. */
export interface ServiceUnderTest {
  app: INestApplication;
  rpc: RpcClient;
  nc: NatsConnection;
  /** Stops the three (what was started; safe after a failed start). */
  close(): Promise<void>;
}

export async function serviceUnderTest(service: string, module: DynamicModule, natsUrl: string): Promise<ServiceUnderTest> {
  const app = await startServiceApp(service, module, natsUrl);
  const rpc = await testRpcClient(natsUrl);
  const nc = await testNats(natsUrl);
  return {
    app,
    rpc,
    nc,
    close: async () => {
      await nc.close();
      await rpc.close();
      await app.close();
    },
  };
}
