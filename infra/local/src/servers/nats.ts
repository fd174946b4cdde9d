// NATS with JetStream: one server, or one node of a local 3-node cluster.

import * as path from 'node:path';
import { HOST, type ServerPorts, type ServerSpec } from './config';
import { answers200 } from './helpers';

/** One NATS server; `natsConfig`: the file of its users (nats-auth.ts), without which anyone gets in. */
export function natsSpec(dataDir: string, p: ServerPorts, natsConfig?: string): ServerSpec {
  return {
    name: 'nats',
    bin: 'nats-server',
    // -a sets the host of the monitor too; the JetStream store goes to <sd>/jetstream; -c: the users.
    args: [
      '-n',
      'popote-local',
      '-a',
      HOST,
      '-p',
      String(p.nats),
      '-m',
      String(p.natsMonitor),
      '-js',
      '-sd',
      path.join(dataDir, 'nats'),
      ...(natsConfig ? ['-c', natsConfig] : []),
    ],
    ports: [
      ['client', p.nats],
      ['monitor', p.natsMonitor],
    ],
    ready: () => answers200(`http://${HOST}:${p.natsMonitor}/healthz?js-enabled-only=true`),
    exports: { NATS_URL: `nats://${HOST}:${p.nats}` },
  };
}

/** Node k (1-based) of a local 3-node NATS JetStream cluster. */
export function natsClusterNode(dataDir: string, p: ServerPorts, k: number, natsConfig?: string): ServerSpec {
  const client = p.nats + k - 1;
  const monitor = p.natsMonitor + k - 1;
  const routes = [1, 2, 3].map((i) => `nats://${HOST}:${p.nats + 9 + i}`).join(',');
  return {
    name: k === 1 ? 'nats' : `nats-${k}`,
    bin: 'nats-server',
    args: [
      ...['-n', `popote-${k}`, '-a', HOST, '-p', String(client), '-m', String(monitor), '-js', '-sd', path.join(dataDir, `nats-${k}`)],
      ...['--cluster_name', 'popote', '--cluster', `nats://${HOST}:${p.nats + 9 + k}`, '--routes', routes],
      ...(natsConfig ? ['-c', natsConfig] : []),
    ],
    ports: [
      ['client', client],
      ['monitor', monitor],
      ['cluster', p.nats + 9 + k],
    ],
    // Plain /healthz is ok once JetStream has a meta leader and this node is current.
    ready: () => answers200(`http://${HOST}:${monitor}/healthz`),
    exports: k === 1 ? { NATS_URL: [0, 1, 2].map((i) => `nats://${HOST}:${p.nats + i}`).join(','), EVENTS_STREAM_REPLICAS: '3' } : {},
  };
}
