import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  APPS,
  composeConfig,
  composeEnv,
  interpolations,
  mergeHelmValues,
  natsChartConfig,
  natsConfigTest,
  natsPermissionProblems,
  parseCompose,
  type NatsUserPermissions,
} from '@popote/deploy';
import {
  COMPOSE_NATS_AUTH_FILE,
  composeNatsAuthConf,
  DEPLOYED_NATS_USERS,
  HELM_NATS_AUTH_FILE,
  helmNatsAuthValues,
  localNatsUsers,
  NATS_USERS_SECRET,
  natsPasswordVariable,
  natsPermissions,
  parseAuthorization,
  renderNatsAuthorization,
  type NatsUserName,
} from '@popote/local';
import { read, root } from './repo';

// One table of NATS users and permissions (infra/local/src/nats-permissions.ts, generated in part
// from the callers and consumers declared on the contracts), three renderings:
// the local launcher's and the integration tests' (renderNatsAuthorization), compose's
// (infra/compose/nats-auth.conf) and Kubernetes' (the NATS chart's nats-auth-values.yaml). Each is
// read back and compared with the table: a permission edited in one place only fails here.

const want = (users: readonly NatsUserName[]): Record<string, NatsUserPermissions> =>
  Object.fromEntries(users.map((u) => [u, natsPermissions(u)]));

const helmValues = (authValues = read(HELM_NATS_AUTH_FILE)) =>
  mergeHelmValues(parse(read('infra/k8s/dependencies/nats-values.yaml')), parse(authValues));

/** Every password variable of a deployment, with a value (what .env / the Secret provide). */
const passwords = (users: readonly string[]) => Object.fromEntries(users.map((u) => [natsPasswordVariable(u), `pw-${u}-0123456789abcdef`]));

const localUsers = localNatsUsers();
const renderings = {
  local: parseAuthorization(renderNatsAuthorization(localUsers)),
  compose: parseAuthorization(read(COMPOSE_NATS_AUTH_FILE)),
  kubernetes: parseAuthorization(natsChartConfig(helmValues())),
};

describe('NATS users and permissions: one table, rendered for local, compose and Kubernetes', () => {
  it('gives every user, in each of the three, exactly the permissions of the table', () => {
    expect(natsPermissionProblems('local', renderings.local, want(localUsers.map((u) => u.user as NatsUserName)))).toEqual([]);
    expect(natsPermissionProblems('compose', renderings.compose, want(DEPLOYED_NATS_USERS.compose))).toEqual([]);
    expect(natsPermissionProblems('kubernetes', renderings.kubernetes, want(DEPLOYED_NATS_USERS.kubernetes))).toEqual([]);
    // The same user has the same permissions wherever it is defined.
    for (const u of renderings.kubernetes) {
      for (const other of [renderings.local, renderings.compose]) {
        const same = other.find((x) => x.user === u.user);
        if (same) expect(same.permissions, u.user).toEqual(u.permissions);
      }
    }
    // Every app that talks to NATS is a user in each deployment.
    for (const app of APPS.filter((a) => a.natsClient)) {
      for (const r of Object.values(renderings)) expect(r.map((u) => u.user)).toContain(app.name);
    }
  });

  it('has checked-in files that are what the table renders (else: node infra/local/dist/nats-render.js)', () => {
    expect(read(COMPOSE_NATS_AUTH_FILE)).toBe(composeNatsAuthConf());
    expect(read(HELM_NATS_AUTH_FILE)).toBe(helmNatsAuthValues());
  });

  it('fails when a deployment grants a user more, or less, than the table', () => {
    const compose = read(COMPOSE_NATS_AUTH_FILE);
    const widened = parseAuthorization(compose.replace('"dlq.cart-OrderPlaced"', '"evt.payments.>",\n"dlq.cart-OrderPlaced"'));
    expect(natsPermissionProblems('compose', widened, want(DEPLOYED_NATS_USERS.compose))).toEqual([
      'compose: cart publish.allow has more than the table: evt.payments.>',
    ]);
    const values = parse(read(HELM_NATS_AUTH_FILE));
    const bff = values.config.merge.authorization.users.find((u: { user: string }) => u.user === 'bff');
    const pull = '$JS.API.CONSUMER.MSG.NEXT.EVENTS.payments-OrderCancelled';
    bff.permissions.publish.deny = bff.permissions.publish.deny.filter((s: string) => s !== pull);
    const helm = parseAuthorization(natsChartConfig(mergeHelmValues(parse(read('infra/k8s/dependencies/nats-values.yaml')), values)));
    expect(natsPermissionProblems('kubernetes', helm, want(DEPLOYED_NATS_USERS.kubernetes))).toEqual([
      `kubernetes: bff publish.deny lacks: ${pull}`,
    ]);
    const unrestricted = helm.map((u) => (u.user === 'cart' ? { user: u.user } : u));
    expect(natsPermissionProblems('kubernetes', unrestricted, want(DEPLOYED_NATS_USERS.kubernetes))).toContain(
      'kubernetes: NATS user "cart" has no permissions (everything allowed)',
    );
  });
});

describe('NATS passwords in compose and Kubernetes: from the environment, never written down', () => {
  it('compose: each user reads its password from $NATS_PASSWORD_<USER>, required from .env, the same variable as its app', () => {
    for (const u of renderings.compose) expect(u.password, u.user).toEqual({ variable: natsPasswordVariable(u.user) });
    const { services } = parseCompose(read('docker-compose.yml'));
    for (const name of ['nats-1', 'nats-2', 'nats-3']) {
      const env = composeEnv(services[name]!);
      for (const user of DEPLOYED_NATS_USERS.compose) {
        expect(interpolations(env[natsPasswordVariable(user)] ?? ''), `${name} ${user}`).toEqual([
          { name: natsPasswordVariable(user), op: ':?' },
        ]);
      }
    }
    for (const app of APPS.filter((a) => a.natsClient)) {
      const env = composeEnv(services[app.name]!);
      expect(env.NATS_USER, app.name).toBe(app.name);
      expect(interpolations(env.NATS_PASSWORD ?? ''), app.name).toEqual([{ name: natsPasswordVariable(app.name), op: ':?' }]);
    }
  });

  it('compose: nats-server accepts the configuration with every password set, and refuses it without one', () => {
    const conf = join(root, 'infra/compose/nats.conf');
    const env: Record<string, string> = {
      NATS_SERVER_NAME: 'nats-1',
      NATS_ROUTE_HOST: 'nats-1-route',
      ...passwords(DEPLOYED_NATS_USERS.compose),
    };
    const ok = natsConfigTest(conf, env);
    expect(ok.ok, ok.output).toBe(true);
    const { NATS_PASSWORD_PAYMENTS: _unset, ...without } = env;
    const refused = natsConfigTest(conf, without);
    expect(refused.ok).toBe(false);
    expect(refused.output).toMatch(/NATS_PASSWORD_PAYMENTS/);
  });

  it('Kubernetes: each password comes from the Secret nats-users, and the server refuses to start while one is empty', () => {
    for (const u of renderings.kubernetes) expect(u.password, u.user).toEqual({ variable: natsPasswordVariable(u.user) });
    const values = helmValues() as {
      container: { env: Record<string, unknown> };
      podTemplate: { merge: { spec: { initContainers: { command: string[]; env: { name: string; valueFrom: unknown }[] }[] } } };
    };
    const variables = DEPLOYED_NATS_USERS.kubernetes.map(natsPasswordVariable);
    const fromSecret = (v: string) => ({ valueFrom: { secretKeyRef: { name: NATS_USERS_SECRET, key: v } } });
    expect(Object.keys(values.container.env).sort()).toEqual([...variables].sort());
    for (const v of variables) expect(values.container.env[v], v).toEqual(fromSecret(v));
    const [check] = values.podTemplate.merge.spec.initContainers;
    expect(check!.env).toEqual(variables.map((v) => ({ name: v, ...fromSecret(v) })));
    expect(check!.command.join(' ')).toContain(`for v in ${variables.join(' ')};`);
  });

  it('Kubernetes: nats-server accepts the configuration the chart renders, with every password set, and refuses it without one', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'popote-nats-')), 'nats.conf');
    writeFileSync(file, natsChartConfig(helmValues()));
    const env = passwords(DEPLOYED_NATS_USERS.kubernetes);
    const ok = natsConfigTest(file, env);
    expect(ok.ok, ok.output).toBe(true);
    const { NATS_PASSWORD_OPERATOR: _unset, ...without } = env;
    expect(natsConfigTest(file, without).ok).toBe(false);
  });
});

describe('who can reach NATS in compose', () => {
  const env = join(mkdtempSync(join(tmpdir(), 'popote-env-')), '.env');
  writeFileSync(env, read('.env.example').replace(/^([A-Z][A-Z0-9_]*)=$/gm, '$1=generated-0123456789abcdef0123456789'));
  const loaded = composeConfig(join(root, 'docker-compose.yml'), { envFile: env });
  if (!loaded.ok) throw new Error(loaded.error);
  const services = loaded.project.services as unknown as Record<string, { networks?: Record<string, unknown> }>;
  const networksOf = (s: string) => Object.keys(services[s]?.networks ?? { default: null });

  it('the frontends share no network with NATS (they reach the BFF only); the NATS clients do', () => {
    const nats = new Set(['nats-1', 'nats-2', 'nats-3'].flatMap(networksOf));
    for (const app of APPS) {
      const shared = networksOf(app.name).filter((n) => nats.has(n));
      if (app.natsClient) expect(shared, app.name).not.toEqual([]);
      else expect(shared, app.name).toEqual([]);
    }
    for (const app of APPS.filter((a) => a.kind === 'frontend')) {
      expect(
        networksOf(app.name).filter((n) => networksOf('bff').includes(n)),
        app.name,
      ).not.toEqual([]);
    }
  });

  it('the routes between the NATS members (trusted: no permissions apply) are on a network only the members join', () => {
    const routes = (loaded.project as unknown as { networks: Record<string, { internal?: boolean }> }).networks['nats-routes'];
    expect(routes?.internal).toBe(true);
    expect(Object.keys(services).filter((s) => networksOf(s).includes('nats-routes'))).toEqual(['nats-1', 'nats-2', 'nats-3']);
    const conf = read('infra/compose/nats.conf');
    expect(conf).toMatch(/host: \$NATS_ROUTE_HOST/);
    for (const k of [1, 2, 3]) {
      const s = services[`nats-${k}`] as { networks: Record<string, { aliases?: string[] } | null>; environment: Record<string, string> };
      expect(s.environment.NATS_ROUTE_HOST).toBe(`nats-${k}-route`);
      expect(s.networks['nats-routes']?.aliases).toEqual([`nats-${k}-route`]);
      expect(s.networks.default?.aliases ?? []).not.toContain(`nats-${k}-route`);
      expect(conf).toContain(`nats-route://nats-${k}-route:6222`);
    }
  });
});
