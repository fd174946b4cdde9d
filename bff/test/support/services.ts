import type { INestApplication } from '@nestjs/common';
import { AppModule as CartModule, cartConfig } from '@popote/cart/app';
import { AppModule as CatalogueModule, catalogueConfig, seedCatalogue } from '@popote/catalogue/app';
import { AppModule as IdentityModule, identityConfig, seedIdentity } from '@popote/identity/app';
import { AppModule as NotificationsModule, notificationsConfig } from '@popote/notifications/app';
import { AppModule as OrderingModule, orderingConfig } from '@popote/ordering/app';
import { AppModule as PaymentsModule, paymentsConfig } from '@popote/payments/app';
import { natsCredentials, resetJetStream, serviceEnv, startServiceApp } from '@popote/testing';

export const SERVICES = ['identity', 'catalogue', 'cart', 'ordering', 'payments', 'notifications'] as const;
export type Service = (typeof SERVICES)[number];
type Env = Record<string, string | undefined>;

const modules = {
  identity: (env: Env) => IdentityModule.forRoot(identityConfig(env)),
  catalogue: (env: Env) => CatalogueModule.forRoot(catalogueConfig(env)),
  cart: (env: Env) => CartModule.forRoot(cartConfig(env)),
  ordering: (env: Env) => OrderingModule.forRoot(orderingConfig(env)),
  payments: (env: Env) => PaymentsModule.forRoot(paymentsConfig(env)),
  notifications: (env: Env) => NotificationsModule.forRoot(notificationsConfig(env)),
} satisfies Record<Service, unknown>;

export interface Services {
  apps: Partial<Record<Service, INestApplication>>;
  /** A service's environment in this file's stack (its database, the test NATS, MinIO…). */
  env: (service: string) => Env;
  nats: string;
  /** The BFF's environment as deployed beside these services (its database, NATS user, the catalogue's bucket). */
  bffEnv: (extra?: Env) => Env;
  close(): Promise<void>;
}

/**
 * The services the BFF talks to, in this process, each with its own database, on a fresh JetStream
 * (from their public entries `@popote/<service>/app`). `seed`: the demo accounts and dishes (true),
 * or the dishes only ('catalogue').
 */
export async function startServices(
  file: string,
  options: { only?: readonly Service[]; seed?: boolean | 'catalogue'; env?: Partial<Record<Service, Env>> } = {},
): Promise<Services> {
  await resetJetStream();
  // One environment per service for the whole stack (serviceEnv draws a new database name each call).
  const envs = new Map<string, Env>();
  const env = (s: string) => {
    if (!envs.has(s)) envs.set(s, serviceEnv(s, file, options.env?.[s as Service] as Record<string, string> | undefined));
    return envs.get(s)!;
  };
  const nats = env('catalogue').NATS_URL!;
  const apps: Services['apps'] = {};
  if (options.seed === true) await seedIdentity(env('identity'));
  for (const service of SERVICES) {
    if (options.only && !options.only.includes(service)) continue;
    apps[service] = await startServiceApp(service, modules[service](env(service)), nats);
    if (service === 'catalogue' && options.seed) await seedCatalogue(env('catalogue'));
  }
  return {
    apps,
    env,
    nats,
    bffEnv: (extra = {}) => ({
      ...env('bff'),
      ...natsCredentials('bff'),
      MEDIA_BUCKET: env('catalogue').MEDIA_BUCKET,
      GRAPHIQL: 'false',
      ...extra,
    }),
    close: async () => {
      for (const service of [...SERVICES].reverse()) await apps[service]?.close();
    },
  };
}

export { bffConfig, startBff } from './bff';
