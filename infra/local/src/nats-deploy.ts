// The permission table (nats-permissions.ts, in part generated from the contracts) rendered for
// the deployments: compose's infra/compose/nats-auth.conf and the NATS Helm chart's
// infra/k8s/dependencies/nats-auth-values.yaml (both written by nats-render.ts), and read back for
// the check that local, compose and Kubernetes give every user the same permissions
// (infra/deploy/test/nats-permissions.spec.ts).

import { DEPLOYED_NATS_USERS, natsPasswordVariable, natsPermissions, type NatsPermissions, type NatsUserName } from './nats-permissions';

/** A password written in the configuration, or a variable nats-server reads from its environment. */
export type PasswordRef = { literal: string } | { variable: string };

export interface AuthEntry {
  user: string;
  password: PasswordRef;
  /** None: every subject (the test harness's own client only). */
  permissions?: NatsPermissions;
}

export const COMPOSE_NATS_AUTH_FILE = 'infra/compose/nats-auth.conf';
export const HELM_NATS_AUTH_FILE = 'infra/k8s/dependencies/nats-auth-values.yaml';
/** The Secret of namespace `nats` with one key per user (`NATS_PASSWORD_<USER>`). */
export const NATS_USERS_SECRET = 'nats-users';
/** The image of the check that no password is empty (nats-server would let anyone in as that user). */
const NATS_IMAGE = 'nats:2.12.15-alpine';

const VARIABLE = /^[A-Z_][A-Z0-9_]*$/;
const placeholder = (name: string) => `\u0000var:${name}\u0000`;

/**
 * The `authorization` block, in the JSON form nats-server accepts (so that it can be read back):
 * `authorization: { "users": [ … ] }`, a variable written `$NAME` (unquoted, as nats-server wants).
 */
export function renderAuthorization(entries: AuthEntry[], opts: { pretty?: boolean } = {}): string {
  const users = entries.map((e) => {
    if ('variable' in e.password && !VARIABLE.test(e.password.variable)) throw new Error(`not a variable name: ${e.password.variable}`);
    const password = 'variable' in e.password ? placeholder(e.password.variable) : e.password.literal;
    return e.permissions ? { user: e.user, password, permissions: e.permissions } : { user: e.user, password };
  });
  const json = JSON.stringify({ users }, null, opts.pretty ? 2 : undefined).replace(/"\\u0000var:([A-Z0-9_]+)\\u0000"/g, '$$$1');
  return `authorization: ${json}\n`;
}

/**
 * Reads back a configuration in that JSON form: an `authorization: {…}` block (comments allowed
 * before it), or a whole configuration written as one JSON object (what the Helm chart renders).
 */
export function parseAuthorization(text: string): AuthEntry[] {
  const body = text
    .split('\n')
    .filter((l) => !/^\s*(#|\/\/)/.test(l))
    .join('\n')
    .trim();
  const quoted = body.replace(/(:\s*)\$([A-Za-z_][A-Za-z0-9_]*)/g, '$1{"$$variable":"$2"}');
  const doc = (
    quoted.startsWith('{') ? JSON.parse(quoted) : JSON.parse(`{${quoted.replace(/^authorization\s*:/, '"authorization":')}}`)
  ) as {
    authorization?: { users?: { user: string; password: string | { $variable: string }; permissions?: NatsPermissions }[] };
  };
  return (doc.authorization?.users ?? []).map((u) => ({
    user: u.user,
    password: typeof u.password === 'string' ? { literal: u.password } : { variable: u.password.$variable },
    ...(u.permissions ? { permissions: u.permissions } : {}),
  }));
}

/** A deployment's users: the table's permissions, each password from its own variable. */
const deployedEntries = (users: readonly NatsUserName[]): AuthEntry[] =>
  users.map((user) => ({ user, password: { variable: natsPasswordVariable(user) }, permissions: natsPermissions(user) }));

const GENERATED = (what: string) =>
  [
    `# GENERATED from infra/local/src/nats-permissions.ts by \`node infra/local/dist/nats-render.js\`: do not edit.`,
    '# Its RPCs, events and durable consumers come from the callers and consumers declared on the contracts.',
    `# ./popote test deploy fails when this file differs from the table.${what ? ` ${what}` : ''}`,
  ].join('\n');

/** infra/compose/nats-auth.conf: included by nats.conf; passwords from the NATS containers' environment (.env). */
export function composeNatsAuthConf(): string {
  return [
    GENERATED('Included by nats.conf.'),
    "# Each password is read from the NATS containers' environment ($NATS_PASSWORD_<USER>: docker-compose.yml",
    '# passes them from .env, required), the same value the app of that user is given.',
    renderAuthorization(deployedEntries(DEPLOYED_NATS_USERS.compose), { pretty: true }),
  ].join('\n');
}

const y = (s: string) => JSON.stringify(s);
const yamlList = (indent: string, xs: string[]) => xs.map((x) => `${indent}- ${y(x)}`);

/**
 * infra/k8s/dependencies/nats-auth-values.yaml: the second values file of the official NATS chart.
 * `config.merge.authorization` is rendered into nats.conf by the chart, `<< $NAME >>` unquoted (a
 * variable); `container.env` takes each variable from the Secret `nats-users`; an init container
 * refuses to start the server while one of them is empty.
 */
export function helmNatsAuthValues(): string {
  const entries = deployedEntries(DEPLOYED_NATS_USERS.kubernetes);
  const variables = entries.map((e) => ('variable' in e.password ? e.password.variable : ''));
  const out = [
    GENERATED(''),
    "# The NATS chart's values for the users (after nats-values.yaml):",
    '#   helm upgrade --install nats nats/nats -n nats -f nats-values.yaml -f nats-auth-values.yaml',
    `# Passwords: the Secret "${NATS_USERS_SECRET}" of namespace nats, one key per user (NATS_PASSWORD_<USER>),`,
    "# each the same value as that app's NATS_PASSWORD (its Secret popote-<app>); see README.md.",
    'config:',
    '  merge:',
    '    authorization:',
    '      users:',
  ];
  for (const e of entries) {
    const p = e.permissions!;
    out.push(`        - user: ${y(e.user)}`, `          password: ${y(`<< $${'variable' in e.password ? e.password.variable : ''} >>`)}`);
    out.push('          permissions:', '            publish:', '              allow:', ...yamlList('                ', p.publish.allow));
    if (p.publish.deny?.length) out.push('              deny:', ...yamlList('                ', p.publish.deny));
    out.push('            subscribe:', '              allow:', ...yamlList('                ', p.subscribe.allow));
    out.push(`            allow_responses: ${p.allow_responses}`);
  }
  const secretRef = (v: string) => `{ secretKeyRef: { name: ${NATS_USERS_SECRET}, key: ${v} } }`;
  out.push('container:', '  env:', ...variables.map((v) => `    ${v}:\n      valueFrom: ${secretRef(v)}`));
  const check = `for v in ${variables.join(' ')}; do [ -n "$(printenv "$v")" ] || { echo "$v is empty in Secret ${NATS_USERS_SECRET}: refusing to start" >&2; exit 1; }; done`;
  out.push(
    'podTemplate:',
    '  merge:',
    '    spec:',
    '      initContainers:',
    '        - name: check-passwords',
    `          image: ${NATS_IMAGE}`,
    `          command: ["sh", "-c", ${y(check)}]`,
    '          env:',
    ...variables.map((v) => `            - { name: ${v}, valueFrom: ${secretRef(v)} }`),
  );
  return `${out.join('\n')}\n`;
}
