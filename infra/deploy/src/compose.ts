import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { APPS, envNames, nodeOptions, type App } from './apps';

/** One `${NAME…}` interpolation of a compose value. */
export interface Interpolation {
  name: string;
  /** ':-' / '-': a default follows; ':?' / '?': required (error message follows); '': plain. */
  op: '' | ':-' | '-' | ':?' | '?' | ':+' | '+';
}

export function interpolations(value: string): Interpolation[] {
  const out: Interpolation[] = [];
  const re = /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(:?[-?+])?[^}]*\}|\$([A-Za-z_][A-Za-z0-9_]*)/g;
  for (const m of value.matchAll(re)) {
    if (m[0] === '$$') continue;
    out.push({ name: (m[1] ?? m[3])!, op: (m[2] ?? '') as Interpolation['op'] });
  }
  return out;
}

type ComposeService = {
  image?: string;
  build?: { context?: string; dockerfile?: string; args?: Record<string, string> } | string;
  environment?: Record<string, string | number | boolean | null> | string[];
  healthcheck?: { test?: unknown; disable?: boolean };
  depends_on?: Record<string, { condition?: string }> | string[];
  profiles?: string[];
};
export interface ComposeFile {
  services: Record<string, ComposeService>;
}

/** Parses docker-compose.yml the way compose does for our needs: YAML 1.2 with `<<` merge keys. */
export function parseCompose(text: string): ComposeFile {
  const doc = parse(text, { merge: true, maxAliasCount: -1 }) as ComposeFile;
  if (!doc || typeof doc !== 'object' || !doc.services) throw new Error('docker-compose.yml: no services');
  return doc;
}

export function composeEnv(svc: ComposeService): Record<string, string> {
  const env = svc.environment ?? {};
  if (Array.isArray(env)) {
    return Object.fromEntries(
      env.map((kv) => {
        const i = kv.indexOf('=');
        return i < 0 ? [kv, ''] : [kv.slice(0, i), kv.slice(i + 1)];
      }),
    );
  }
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === null ? '' : String(v)]));
}

/** The variables `.env.example` documents: `NAME=` (to fill in) or `# NAME=…` (optional, commented). */
export function parseEnvExample(text: string): { required: Map<string, string>; optional: Set<string> } {
  const required = new Map<string, string>();
  const optional = new Set<string>();
  for (const line of text.split('\n')) {
    const req = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (req) required.set(req[1]!, req[2]!.trim());
    const opt = /^#\s*([A-Z][A-Z0-9_]*)=/.exec(line);
    if (opt) optional.add(opt[1]!);
  }
  return { required, optional };
}

/** Apps found on disk: every folder of services/ and frontends/ with a package.json (shared libraries and the browser tests aside). */
export function appsOnDisk(root: string): string[] {
  const found: string[] = [];
  for (const parent of ['services', 'frontends']) {
    for (const d of readdirSync(join(root, parent), { withFileTypes: true })) {
      if (!d.isDirectory() || d.name === 'shared' || d.name === 'e2e') continue;
      if (existsSync(join(root, parent, d.name, 'package.json'))) found.push(d.name);
    }
  }
  if (existsSync(join(root, 'bff', 'package.json'))) found.push('bff');
  return found.sort();
}

const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);
const diff = (want: string[], got: string[]) => {
  const missing = want.filter((x) => !got.includes(x));
  const extra = got.filter((x) => !want.includes(x));
  return [missing.length ? `missing ${missing.join(', ')}` : '', extra.length ? `unexpected ${extra.join(', ')}` : '']
    .filter(Boolean)
    .join('; ');
};
export { diff as listDiff, sameList };

/**
 * Every problem of docker-compose.yml against the list (infra/deploy/src/apps.ts) and `.env.example`;
 * an empty array when all is well.
 */
export function checkCompose(composeText: string, envExampleText: string, apps: readonly App[] = APPS): string[] {
  const problems: string[] = [];
  const compose = parseCompose(composeText);
  const example = parseEnvExample(envExampleText);
  const services = compose.services;

  for (const app of apps) {
    const svc = services[app.name];
    if (!svc) {
      problems.push(`compose: no service "${app.name}"`);
      continue;
    }
    const build = typeof svc.build === 'string' ? { context: svc.build } : svc.build;
    if (!build) problems.push(`compose ${app.name}: no build section`);
    else {
      if ((build.dockerfile ?? 'Dockerfile') !== app.dockerfile)
        problems.push(`compose ${app.name}: builds ${build.dockerfile}, the list says ${app.dockerfile}`);
      if ((build.context ?? '.') !== '.') problems.push(`compose ${app.name}: build context must be the repository root (.)`);
      const args = build.args ?? {};
      for (const [k, val] of Object.entries(app.buildArgs)) {
        if (String(args[k]) !== val) problems.push(`compose ${app.name}: build arg ${k}=${args[k]}, expected ${val}`);
      }
    }
    if (!svc.image?.startsWith(`${app.image}:`)) problems.push(`compose ${app.name}: image ${svc.image}, expected ${app.image}:<tag>`);
    const env = composeEnv(svc);
    const names = Object.keys(env).sort();
    if (!sameList(names, envNames(app)))
      problems.push(`compose ${app.name}: environment differs from the list: ${diff(envNames(app), names)}`);
    const heap = nodeOptions(app);
    if (heap && env.NODE_OPTIONS !== heap)
      problems.push(`compose ${app.name}: NODE_OPTIONS is "${env.NODE_OPTIONS}", the list says "${heap}"`);
    for (const v of app.env.filter((e) => e.secret)) {
      const value = env[v.name];
      if (value === undefined) continue;
      const refs = interpolations(value);
      if (refs.length === 0) problems.push(`compose ${app.name}: secret ${v.name} is a literal; take it from .env with \${NAME:?…}`);
      for (const r of refs) {
        if (r.op !== ':?' && r.op !== '?')
          problems.push(
            `compose ${app.name}: secret ${v.name} uses \${${r.name}${r.op}…}; a secret must be required (\${${r.name}:?…}), no default`,
          );
      }
    }
    if (!svc.healthcheck?.test || svc.healthcheck.disable) problems.push(`compose ${app.name}: no health check`);
  }

  for (const [name, svc] of Object.entries(services)) {
    if (svc.build && !apps.some((a) => a.name === name)) problems.push(`compose: service "${name}" builds an image but is not in the list`);
    const deps = Array.isArray(svc.depends_on) ? svc.depends_on : Object.keys(svc.depends_on ?? {});
    for (const d of deps) if (!services[d]) problems.push(`compose ${name}: depends on unknown service "${d}"`);
  }

  // Every variable compose reads from .env is documented there; required ones have no value in the example.
  const seen = new Map<string, Interpolation['op'][]>();
  const walk = (node: unknown) => {
    if (typeof node === 'string') for (const r of interpolations(node)) seen.set(r.name, [...(seen.get(r.name) ?? []), r.op]);
    else if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') Object.values(node).forEach(walk);
  };
  walk(parse(composeText, { merge: true, maxAliasCount: -1 }));
  for (const [name, ops] of seen) {
    const required = ops.some((o) => o === ':?' || o === '?');
    if (required && !example.required.has(name)) problems.push(`.env.example: required ${name} is not listed as "${name}="`);
    if (!required && !example.required.has(name) && !example.optional.has(name))
      problems.push(`.env.example: ${name} (read by docker-compose.yml) is not documented`);
  }
  for (const [name, value] of example.required) {
    if (value !== '') problems.push(`.env.example: ${name} has a value; the example must have no working default`);
    if (!seen.has(name)) problems.push(`.env.example: ${name} is not used by docker-compose.yml`);
  }
  return problems;
}
