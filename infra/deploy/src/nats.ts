/**
 * The NATS users of each deployment, checked against the one permission table
 * (infra/local/src/nats-permissions.ts): what the official NATS Helm chart renders from our values
 * files, and the differences between two sets of users.
 */

export interface NatsUserPermissions {
  publish: { allow: string[]; deny?: string[] };
  subscribe: { allow: string[]; deny?: string[] };
  allow_responses?: boolean;
}

export interface NatsUserEntry {
  user: string;
  permissions?: NatsUserPermissions;
}

type Values = Record<string, unknown>;
const isMap = (v: unknown): v is Values => !!v && typeof v === 'object' && !Array.isArray(v);

/** Helm's merge of several `-f` values files: maps merged key by key, anything else replaced by the later file. */
export function mergeHelmValues(...files: Values[]): Values {
  const merge = (a: unknown, b: unknown): unknown => {
    if (!isMap(a) || !isMap(b)) return b === undefined ? a : b;
    const out: Values = { ...a };
    for (const [k, v] of Object.entries(b)) out[k] = merge(a[k], v);
    return out;
  };
  return files.reduce<Values>((acc, f) => merge(acc, f) as Values, {});
}

/**
 * The part of nats.conf the NATS chart (1.x) renders from `config.merge`: the map as pretty JSON,
 * then `"<< X >>"` written as the bare X (the chart's nats.formatConfig), so `<< $NAME >>` is a
 * variable nats-server reads from its environment. A whole configuration nats-server accepts.
 */
export function natsChartConfig(values: Values): string {
  const merge = ((values.config as Values | undefined)?.merge ?? {}) as Values;
  return JSON.stringify(merge, null, 2).replace(/"<<\s+(.*?)\s+>>"/g, '$1');
}

const sorted = (xs: string[] | undefined) => [...(xs ?? [])].sort();

/** What differs between the users a deployment defines and the table's: users, and each list of each user. */
export function natsPermissionProblems(where: string, got: NatsUserEntry[], want: Record<string, NatsUserPermissions>): string[] {
  const problems: string[] = [];
  const names = got.map((u) => u.user);
  for (const user of Object.keys(want)) if (!names.includes(user)) problems.push(`${where}: no NATS user "${user}"`);
  for (const u of got) {
    const w = want[u.user];
    if (!w) {
      problems.push(`${where}: NATS user "${u.user}" is not in the table`);
      continue;
    }
    if (names.filter((n) => n === u.user).length > 1) problems.push(`${where}: NATS user "${u.user}" is defined twice`);
    const g = u.permissions;
    if (!g) {
      problems.push(`${where}: NATS user "${u.user}" has no permissions (everything allowed)`);
      continue;
    }
    const lists = [
      ['publish.allow', g.publish?.allow, w.publish.allow],
      ['publish.deny', g.publish?.deny, w.publish.deny],
      ['subscribe.allow', g.subscribe?.allow, w.subscribe.allow],
      ['subscribe.deny', g.subscribe?.deny, w.subscribe.deny],
    ] as const;
    for (const [list, a, b] of lists) {
      const extra = sorted(a).filter((s) => !(b ?? []).includes(s));
      const missing = sorted(b).filter((s) => !(a ?? []).includes(s));
      if (extra.length) problems.push(`${where}: ${u.user} ${list} has more than the table: ${extra.join(', ')}`);
      if (missing.length) problems.push(`${where}: ${u.user} ${list} lacks: ${missing.join(', ')}`);
    }
    if (!!g.allow_responses !== !!w.allow_responses) problems.push(`${where}: ${u.user} allow_responses is ${!!g.allow_responses}`);
  }
  return problems;
}
