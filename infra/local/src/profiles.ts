import { createServer } from 'node:net';
import { join } from 'node:path';
import { SERVICE_NAMES, type ServiceName } from '@popote/contracts';
import { DEV_PORTS, type ServerPorts } from './servers';

/** The services, as the contracts name them; each listens on 4101 + its place in the list (its config's default). */
export const SERVICES = SERVICE_NAMES;
export type { ServiceName };
const servicePorts = () => Object.fromEntries(SERVICES.map((s, i) => [s, 4101 + i])) as Record<ServiceName, number>;

export interface Profile {
  name: 'dev' | 'test';
  dataDir: string;
  servers: ServerPorts;
  services: Record<ServiceName, number>;
  bff: number;
  shell: number;
  consumer: number;
  cook: number;
  /** The operators' console remote. */
  ops: number;
}

export const repoRoot = () => process.env.POPOTE_ROOT ?? join(__dirname, '..', '..', '..');

/** Ports of our own (not the defaults other software takes); the test profile can run beside dev. */
export function profile(name: 'dev' | 'test'): Profile {
  const root = repoRoot();
  if (name === 'dev') {
    // POPOTE_START_PORT_OFFSET moves every port of `./popote start` (and its data folder), so that two
    // checkouts of the project can each run the product on one machine.
    const o = Number(process.env.POPOTE_START_PORT_OFFSET ?? 0);
    const at = <T extends object>(ports: T): T => Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, (v as number) + o])) as T;
    return {
      name,
      dataDir: process.env.POPOTE_DATA_DIR ?? join(root, '.data', o ? `dev-${o}` : 'dev'),
      servers: at(DEV_PORTS),
      services: at(servicePorts()),
      bff: 4000 + o,
      shell: 3000 + o,
      consumer: 3001 + o,
      cook: 3002 + o,
      ops: 3003 + o,
    };
  }
  // Test ports = dev ports + an offset (100 unless a test run already took them: see freeTestOffset).
  const offset = Number(process.env.POPOTE_TEST_PORT_OFFSET ?? 100);
  const dev = profile('dev');
  const shift = <T extends object>(ports: T): T =>
    Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, (v as number) + offset])) as T;
  return {
    name,
    dataDir: process.env.POPOTE_DATA_DIR ?? join(root, '.data', offset === 100 ? 'test' : `test-${offset}`),
    servers: shift(DEV_PORTS),
    services: shift(dev.services),
    bff: dev.bff + offset,
    shell: dev.shell + offset,
    consumer: dev.consumer + offset,
    cook: dev.cook + offset,
    ops: dev.ops + offset,
  };
}

const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });

/**
 * An offset whose every test port is free, so a test run never collides with the dev product or
 * with another test run on the same machine. Sets POPOTE_TEST_PORT_OFFSET for child processes.
 */
export async function freeTestOffset(): Promise<number> {
  for (const offset of [100, 300, 500, 700, 900]) {
    process.env.POPOTE_TEST_PORT_OFFSET = String(offset);
    const p = profile('test');
    const ports = [...Object.values(p.servers), ...Object.values(p.services), p.bff, p.shell, p.consumer, p.cook, p.ops];
    if ((await Promise.all(ports.map(portFree))).every(Boolean)) return offset;
  }
  throw new Error('popote: no free set of test ports (offsets 100–900 all busy)');
}
