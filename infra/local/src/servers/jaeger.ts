// Jaeger v2: receives the services' traces over OTLP and shows them in its query UI.

import * as path from 'node:path';
import { HOST, configDir, type ServerPorts, type ServerSpec } from './config';
import { answers200 } from './helpers';

/** The configuration Jaeger starts with (infra/local/config/jaeger.yaml). */
export const jaegerConfigFile = (): string => path.join(configDir(), 'jaeger.yaml');

export function jaegerSpec(p: ServerPorts): ServerSpec {
  return {
    name: 'jaeger',
    bin: 'jaeger',
    args: ['--config', jaegerConfigFile()],
    env: {
      POPOTE_JAEGER_OTLP_GRPC: `${HOST}:${p.jaegerOtlpGrpc}`,
      POPOTE_JAEGER_OTLP_HTTP: `${HOST}:${p.jaegerOtlpHttp}`,
      POPOTE_JAEGER_QUERY_HTTP: `${HOST}:${p.jaegerUi}`,
    },
    dropEnvPrefixes: ['OTEL_'],
    ports: [
      ['OTLP/HTTP', p.jaegerOtlpHttp],
      ['OTLP/gRPC', p.jaegerOtlpGrpc],
      ['query UI/API', p.jaegerUi],
    ],
    ready: () => answers200(`http://${HOST}:${p.jaegerUi}/api/services`),
    exports: {
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://${HOST}:${p.jaegerOtlpHttp}`,
      JAEGER_QUERY_URL: `http://${HOST}:${p.jaegerUi}`,
    },
  };
}
