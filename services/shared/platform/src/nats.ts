import { connect, type NatsConnection } from '@nats-io/transport-node';

/** One NATS connection per process, shared by the RPC client and the event bus. */
export async function connectNats(url: string, name: string): Promise<NatsConnection> {
  return connect({
    servers: url.split(','),
    name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
  });
}
