// FerretDB: the MongoDB wire protocol the services speak, storing in our PostgreSQL cluster
// (postgres.ts) or, with POPOTE_FERRETDB_BACKEND=sqlite, in SQLite files under dataDir/mongo.

import * as path from 'node:path';
import { MongoClient } from 'mongodb';
import { HOST, type FerretdbBackend, type ServerPorts, type ServerSpec } from './config';
import { ferretdbPostgresqlUrl } from './postgres';

export function ferretdbSpec(dataDir: string, p: ServerPorts, backend: FerretdbBackend): ServerSpec {
  return {
    name: 'mongo',
    bin: 'ferretdb',
    args: [
      '-listen-addr',
      `${HOST}:${p.mongo}`,
      ...(backend === 'postgresql'
        ? ['-handler', 'postgresql', '-postgresql-url', ferretdbPostgresqlUrl(p.postgres)]
        : ['-handler', 'sqlite', '-data-dir', path.join(dataDir, 'mongo')]),
    ],
    after: backend === 'postgresql' ? ['postgres'] : [],
    // pgx reads PGPASSWORD, PGSSLMODE, … of its environment: only the URL counts.
    dropEnvPrefixes: ['PG'],
    ports: [['MongoDB wire protocol', p.mongo]],
    ready: () => mongoPing(HOST, p.mongo),
    exports: { MONGO_URL: `mongodb://${HOST}:${p.mongo}` },
  };
}

/** Sends a MongoDB `{ping: 1}` with the driver; true when the answer has ok: 1. */
export async function mongoPing(host: string, port: number, timeoutMs = 2_000): Promise<boolean> {
  const client = new MongoClient(`mongodb://${host}:${port}/?directConnection=true`, {
    serverSelectionTimeoutMS: timeoutMs,
    connectTimeoutMS: timeoutMs,
    socketTimeoutMS: timeoutMs,
    maxPoolSize: 1,
    monitorCommands: false,
  });
  try {
    const answer = await client.db('admin').command({ ping: 1 });
    if (answer.ok !== 1) throw new Error(`ping answered ok: ${String(answer.ok)}`);
    return true;
  } finally {
    await client.close().catch(() => undefined);
  }
}
