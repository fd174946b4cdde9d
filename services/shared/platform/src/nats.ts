import { connect, type ConnectionOptions, type NatsConnection } from '@nats-io/transport-node';

/** Each process's replies come to an inbox of its own (`_INBOX_<user>.…`), which no other user may read. */
export const inboxPrefix = (user: string) => `_INBOX_${user}`;

/** Where NATS is and who this process is on it (each process is a NATS user with its own permissions). */
export interface NatsConfig {
  NATS_URL: string;
  NATS_USER?: string;
  NATS_PASSWORD?: string;
}

/**
 * Connection options for this process's NATS user: its credentials, and replies to its requests on
 * an inbox of its own (`_INBOX_<user>`), the only inbox its permissions let it read.
 * `noAsyncTraces`: nats.js otherwise builds an Error (a stack trace) for every request and publish
 * in case it fails later; under load that was ~0.13 ms of the BFF's ~2.4 ms of CPU per catalogue
 * read (docs/benchmarks.md). A timeout still rejects with nats.js's TimeoutError (the RPC
 * client's French message); its stack then starts in nats.js, and the trace shows the caller.
 */
export function natsOptions(config: NatsConfig, name: string): ConnectionOptions {
  return {
    servers: config.NATS_URL.split(','),
    name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    noAsyncTraces: true,
    ...(config.NATS_USER ? { user: config.NATS_USER, pass: config.NATS_PASSWORD, inboxPrefix: inboxPrefix(config.NATS_USER) } : {}),
  };
}

/** One NATS connection per process, shared by the RPC client and the event bus. */
export async function connectNats(config: NatsConfig, name: string): Promise<NatsConnection> {
  return connect(natsOptions(config, name));
}
