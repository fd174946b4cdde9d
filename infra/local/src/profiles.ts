import { join } from 'node:path';
import { DEV_PORTS, TEST_PORTS, type ServerPorts } from './servers';

export const SERVICES = ['identity', 'catalogue', 'cart', 'ordering', 'payments'] as const;
export type ServiceName = (typeof SERVICES)[number];

export interface Profile {
  name: 'dev' | 'test';
  dataDir: string;
  servers: ServerPorts;
  services: Record<ServiceName, number>;
  bff: number;
  shell: number;
  consumer: number;
  cook: number;
}

export const repoRoot = () => process.env.POPOTE_ROOT ?? join(__dirname, '..', '..', '..');

/** Ports of our own (not the defaults other software takes); the test profile can run beside dev. */
export function profile(name: 'dev' | 'test'): Profile {
  const root = repoRoot();
  if (name === 'dev') {
    return {
      name,
      dataDir: process.env.POPOTE_DATA_DIR ?? join(root, '.data', 'dev'),
      servers: DEV_PORTS,
      services: { identity: 4101, catalogue: 4102, cart: 4103, ordering: 4104, payments: 4105 },
      bff: 4000,
      shell: 3000,
      consumer: 3001,
      cook: 3002,
    };
  }
  return {
    name,
    dataDir: process.env.POPOTE_DATA_DIR ?? join(root, '.data', 'test'),
    servers: TEST_PORTS,
    services: { identity: 4201, catalogue: 4202, cart: 4203, ordering: 4204, payments: 4205 },
    bff: 4100,
    shell: 3100,
    consumer: 3101,
    cook: 3102,
  };
}
