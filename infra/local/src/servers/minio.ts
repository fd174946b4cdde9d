// MinIO: the S3 API the services store files through, and its console.

import * as path from 'node:path';
import { HOST, type ServerPorts, type ServerSpec } from './config';
import { answers200 } from './helpers';

/** Local-only MinIO root credentials. */
export const MINIO_ACCESS_KEY = 'popote';
export const MINIO_SECRET_KEY = 'popote-secret-key';

export function minioSpec(dataDir: string, p: ServerPorts): ServerSpec {
  return {
    name: 'minio',
    bin: 'minio',
    args: ['server', '--address', `${HOST}:${p.minio}`, '--console-address', `${HOST}:${p.minioConsole}`, path.join(dataDir, 'minio')],
    env: {
      MINIO_ROOT_USER: MINIO_ACCESS_KEY,
      MINIO_ROOT_PASSWORD: MINIO_SECRET_KEY,
      MINIO_UPDATE: 'off',
    },
    dropEnvPrefixes: ['MINIO_'],
    ports: [
      ['S3 API', p.minio],
      ['console', p.minioConsole],
    ],
    ready: () => answers200(`http://${HOST}:${p.minio}/minio/health/cluster`),
    exports: {
      MINIO_ENDPOINT: HOST,
      MINIO_PORT: String(p.minio),
      MINIO_USE_SSL: 'false',
      MINIO_ACCESS_KEY,
      MINIO_SECRET_KEY,
    },
  };
}
