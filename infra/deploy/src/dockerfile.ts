import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, normalize, posix, relative, sep } from 'node:path';

/**
 * Runs a Dockerfile's build steps WITHOUT Docker, as far as they can be followed offline: the
 * instructions are parsed, build arguments substituted, and each stage's file system is modelled
 * (what COPY brings from the build context or from another stage, what the RUN steps we know
 * produce). Then, against the real repository:
 *  - every COPY source exists in the context (and is not excluded by .dockerignore), every
 *    `COPY --from` source exists in that stage;
 *  - `npm install -w <workspace>` names a workspace of the root package.json, whose manifest and
 *    the lockfile are in the stage, and the lockfile is in step with every workspace manifest;
 *  - `tsc -b <dir>` finds its tsconfig, the tsconfigs it extends and references, and their
 *    sources in the stage; `nx run <app>:build` finds nx.json, the project's build target, and
 *    every `@popote/...` module the app's sources import;
 *  - the runtime stage has the compiled app, the compiled workspaces it depends on, and the
 *    command's entry file; every package the app's code imports at run time is in the
 *    production dependency graph that the `--omit=dev` install (the prune) keeps.
 * A RUN step this model does not know is reported, so a new kind of step gets taught here.
 */

export interface Instruction {
  cmd: string;
  args: string;
  line: number;
}

export function parseDockerfile(text: string): Instruction[] {
  const out: Instruction[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const start = i;
    let line = lines[i]!;
    if (/^\s*(#|$)/.test(line)) continue;
    while (/\\\s*$/.test(line) && i + 1 < lines.length) {
      line = line.replace(/\\\s*$/, ' ');
      i++;
      const next = lines[i]!;
      if (/^\s*#/.test(next)) continue; // comment lines inside a continued instruction are dropped
      line += next;
    }
    const m = /^\s*(\w+)\s+([\s\S]*)$/.exec(line);
    if (!m) throw new Error(`line ${start + 1}: not an instruction: ${line}`);
    out.push({ cmd: m[1]!.toUpperCase(), args: m[2]!.trim(), line: start + 1 });
  }
  return out;
}

/** `${VAR}` / `$VAR` from the scope (unknown variables become empty, as in Docker). */
export const substitute = (s: string, scope: Record<string, string>): string =>
  s.replace(/\$\{(\w+)\}|\$(\w+)/g, (_, a: string | undefined, b: string | undefined) => scope[(a ?? b)!] ?? '');

/** A file or folder of a stage and where it comes from. */
type Entry =
  | { dest: string; from: 'context'; src: string } // a path of the repository
  | { dest: string; from: 'generated'; what: string }; // made by a RUN step (node_modules, dist, /out)

export interface Stage {
  name: string;
  index: number;
  workdir: string;
  files: Entry[];
  env: Record<string, string>;
  args: Record<string, string>;
  cmd?: string[];
}

export interface RepoFacts {
  root: string;
  /** Workspace name -> folder (relative), from the root package.json's workspaces. */
  workspaces: Map<string, string>;
  lock: { packages: Record<string, any> };
  ignored: (rel: string) => boolean;
}

const readJson = (file: string): any => JSON.parse(readFileSync(file, 'utf8'));

function globDirs(root: string, pattern: string): string[] {
  if (!pattern.endsWith('/*')) return [pattern];
  const base = pattern.slice(0, -2);
  return readdirSync(join(root, base), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => `${base}/${d.name}`);
}

/** .dockerignore as Docker reads it (Go filepath.Match with `**`; `!` re-includes). */
export function dockerignore(text: string): (rel: string) => boolean {
  const rules = text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => {
      const negate = l.startsWith('!');
      const pat = posix.normalize((negate ? l.slice(1) : l).replace(/^\/+/, '')).replace(/\/+$/, '');
      const re = pat
        .split('/')
        .map((seg) =>
          seg === '**'
            ? '.*'
            : seg
                .replace(/[.+^${}()|[\]\\]/g, '\\$&')
                .replace(/\*/g, '[^/]*')
                .replace(/\?/g, '[^/]'),
        )
        .join('/')
        .replace(/\.\*\//g, '(?:.*/)?');
      return { negate, re: new RegExp(`^${re}(?:/.*)?$`) };
    });
  return (rel: string) => {
    let ignored = false;
    for (const r of rules) if (r.re.test(rel)) ignored = !r.negate;
    return ignored;
  };
}

export function repoFacts(root: string): RepoFacts {
  const pkg = readJson(join(root, 'package.json'));
  const workspaces = new Map<string, string>();
  for (const pattern of pkg.workspaces ?? []) {
    for (const dir of globDirs(root, pattern)) {
      const manifest = join(root, dir, 'package.json');
      if (existsSync(manifest)) workspaces.set(readJson(manifest).name, dir);
    }
  }
  const ignoreFile = join(root, '.dockerignore');
  return {
    root,
    workspaces,
    lock: readJson(join(root, 'package-lock.json')),
    ignored: dockerignore(existsSync(ignoreFile) ? readFileSync(ignoreFile, 'utf8') : ''),
  };
}

/** Splits a shell-ish or JSON-array argument list. */
function words(args: string): string[] {
  const t = args.trim();
  if (t.startsWith('[')) return JSON.parse(t) as string[];
  return t.split(/\s+/).filter(Boolean);
}

const abs = (workdir: string, p: string) => posix.normalize(p.startsWith('/') ? p : posix.join(workdir, p));

/** Is `path` (absolute, in the stage) present, and if it comes from the context, what repository path it is. */
function lookup(stage: Stage, path: string): { entry: Entry; repoPath?: string } | undefined {
  const p = path.replace(/\/+$/, '');
  for (const e of [...stage.files].reverse()) {
    const d = e.dest.replace(/\/+$/, '');
    if (p === d || p.startsWith(`${d}/`) || d === '') {
      if (e.from === 'generated') return { entry: e };
      const rest = p === d ? '' : p.slice(d.length + 1);
      return { entry: e, repoPath: posix.normalize(posix.join(e.src, rest)).replace(/^\.\/?/, '') };
    }
  }
  return undefined;
}

/** Entries strictly inside folder `path` (a folder that only exists because files were put in it). */
const inside = (stage: Stage, path: string) => {
  const p = path.replace(/\/+$/, '');
  return stage.files.filter((e) => e.dest.replace(/\/+$/, '').startsWith(`${p}/`));
};

/** The stage has this file/folder, AND (when it comes from the context) the repository really has it. */
function present(facts: RepoFacts, stage: Stage, path: string): boolean {
  const hit = lookup(stage, path);
  if (!hit) return inside(stage, path).length > 0;
  if (hit.repoPath === undefined) return true;
  return existsSync(join(facts.root, hit.repoPath)) && !facts.ignored(hit.repoPath);
}

/** Bare module specifiers imported by the files of a folder (sources, not tests; type-only imports left out). */
export function importsOf(dir: string, exts = /\.(ts|tsx|mts|mjs|js)$/): Set<string> {
  const found = new Set<string>();
  const walk = (d: string) => {
    if (!existsSync(d)) return;
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) {
        if (!['node_modules', 'dist', 'test', '__tests__'].includes(e.name)) walk(p);
      } else if (exts.test(e.name) && !/\.(spec|test|d)\.[mc]?[tj]sx?$/.test(e.name) && !e.name.endsWith('.d.ts')) {
        const text = readFileSync(p, 'utf8');
        for (const m of text.matchAll(/^\s*(import|export)\s+(type\s+)?[^'"]*?from\s+['"]([^'"]+)['"]/gm)) if (!m[2]) found.add(m[3]!);
        for (const m of text.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)) found.add(m[1]!);
        for (const m of text.matchAll(/\b(?:require|import)\(\s*['"]([^'"]+)['"]\s*\)/g)) found.add(m[1]!);
      }
    }
  };
  walk(dir);
  return new Set([...found].filter((s) => !s.startsWith('.') && !s.startsWith('/')));
}

export const packageName = (spec: string) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);
const isBuiltin = (spec: string) => spec.startsWith('node:') || builtinModules.includes(packageName(spec));

/** The packages an `npm install --omit=dev -w <workspace>` keeps (after `npm pkg delete devDependencies --workspaces`). */
export function productionClosure(facts: RepoFacts, workspace: string): Set<string> {
  const packages = facts.lock.packages;
  const seen = new Set<string>();
  const names = new Set<string>();
  const queue: string[] = [];
  const wsDir = facts.workspaces.get(workspace);
  if (wsDir === undefined) return names;
  queue.push(wsDir);
  const resolve = (from: string, dep: string): string | undefined => {
    let base = from;
    for (;;) {
      const candidate = base ? `${base}/node_modules/${dep}` : `node_modules/${dep}`;
      if (packages[candidate]) return candidate;
      if (!base) return undefined;
      const i = base.lastIndexOf('/node_modules/');
      base = i >= 0 ? base.slice(0, i) : '';
    }
  };
  while (queue.length) {
    const loc = queue.shift()!;
    if (seen.has(loc)) continue;
    seen.add(loc);
    let entry = packages[loc];
    if (!entry) continue;
    if (entry.link && entry.resolved) {
      queue.push(entry.resolved);
      continue;
    }
    const isWorkspace = !loc.includes('node_modules/');
    if (isWorkspace) entry = { ...entry, devDependencies: undefined };
    for (const dep of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies, ...entry.peerDependencies })) {
      names.add(dep);
      const at = resolve(isWorkspace ? '' : loc, dep) ?? resolve(loc, dep);
      if (at) queue.push(at);
    }
  }
  return names;
}

export interface DockerfileVariant {
  dockerfile: string; // relative to the root
  buildArgs: Record<string, string>;
  /** The stage `docker build` stops at (default: the last). */
  target?: string;
  /** The Dockerfile's text, instead of reading `dockerfile` (tests use it for broken variants). */
  text?: string;
}

/** Follows one build of a Dockerfile; returns every problem found (empty: it would build). */
export function checkDockerfile(facts: RepoFacts, v: DockerfileVariant): string[] {
  return followDockerfile(facts, v).problems;
}

/** Follows one build of a Dockerfile: the problems found, and the modelled stages. */
export function followDockerfile(facts: RepoFacts, v: DockerfileVariant): { problems: string[]; stages: Stage[] } {
  const problems: string[] = [];
  const where = (ins: Instruction) =>
    `${v.dockerfile}:${ins.line} (${
      Object.entries(v.buildArgs)
        .map(([k, x]) => `${k}=${x}`)
        .join(' ') || 'no args'
    })`;
  const instructions = parseDockerfile(v.text ?? readFileSync(join(facts.root, v.dockerfile), 'utf8'));
  const globalArgs: Record<string, string> = {};
  const stages: Stage[] = [];
  let stage: Stage | undefined;

  const manifestsOnDisk = (dirs: string[]) => {
    const out: string[] = [];
    const walk = (rel: string) => {
      const full = join(facts.root, rel);
      if (!existsSync(full)) return;
      for (const e of readdirSync(full, { withFileTypes: true })) {
        if (e.name === 'node_modules' || e.name === 'dist' || e.name.startsWith('.')) continue;
        const r = posix.join(rel, e.name);
        if (e.isDirectory()) walk(r);
        else if (e.name === 'package.json') out.push(r);
      }
    };
    dirs.forEach(walk);
    return out;
  };

  const runStep = (ins: Instruction, st: Stage) => {
    const script = substitute(ins.args.replace(/--mount=\S+/g, ''), { ...st.args, ...st.env });
    const at = (msg: string) => problems.push(`${where(ins)}: ${msg}`);
    const needs = (path: string, why: string) => {
      if (!present(facts, st, abs(st.workdir, path))) at(`${why}: ${path} is not in stage ${st.name}`);
    };
    let understood = false;
    for (const step of script
      .split(/&&|;/)
      .map((s) => s.trim())
      .filter(Boolean)) {
      let m: RegExpExecArray | null;
      if (/^mkdir -p \S+$/.test(step)) {
        understood = true;
      } else if ((m = /^cp ((?:\S+ )+)(\S+)$/.exec(step)) && !step.includes('--parents')) {
        understood = true;
        for (const src of m[1]!.trim().split(/\s+/)) {
          needs(src, 'cp');
          st.files.push({ dest: posix.join(abs(st.workdir, m[2]!), posix.basename(src)), from: 'generated', what: `copy of ${src}` });
        }
      } else if ((m = /^find ((?:[\w./-]+ )+)-name package\.json .*-exec cp --parents \{\} (\S+) \\?;?$/.exec(step))) {
        understood = true;
        const dirs = m[1]!.trim().split(/\s+/);
        dirs.forEach((d) => needs(d, 'find'));
        for (const rel of manifestsOnDisk(dirs)) st.files.push({ dest: posix.join(m[2]!, rel), from: 'context', src: rel });
      } else if (/^npm pkg delete devDependencies --workspaces$/.test(step)) {
        understood = true;
        needs('package.json', 'npm pkg');
      } else if ((m = /^npm (?:install|ci)\b(.*)$/.exec(step))) {
        understood = true;
        needs('package.json', 'npm install');
        needs('package-lock.json', 'npm install');
        for (const w of m[1]!.matchAll(/(?:-w|--workspace)[ =](\S+)/g)) {
          const ws = w[1]!;
          const dir = facts.workspaces.get(ws);
          if (dir === undefined) at(`npm install -w ${ws}: no such workspace in package.json`);
          else {
            needs(`${dir}/package.json`, `workspace ${ws}`);
            for (const dep of workspaceDeps(facts, ws, !/--omit[ =]dev/.test(m[1]!))) {
              needs(`${facts.workspaces.get(dep)}/package.json`, `workspace ${ws} depends on ${dep}`);
            }
          }
        }
        st.files.push({ dest: abs(st.workdir, 'node_modules'), from: 'generated', what: 'npm install' });
      } else if ((m = /^npx tsc -b (\S+)$/.exec(step))) {
        understood = true;
        tscBuild(m[1]!, st, at);
      } else if ((m = /^npx nx run ([\w-]+):build\b/.exec(step))) {
        understood = true;
        nxBuild(m[1]!, st, at);
      }
      if (!understood) at(`RUN step not understood by infra/deploy/src/dockerfile.ts: "${step}" (teach it, so the check stays complete)`);
      understood = false;
    }
  };

  /** tsc -b DIR: the tsconfig, its `extends`, its references (recursively) and their src/ are in the stage; emits DIR/dist. */
  const tscBuild = (dir: string, st: Stage, at: (m: string) => void, seen = new Set<string>()) => {
    const rel = posix.normalize(dir);
    if (seen.has(rel)) return;
    seen.add(rel);
    const tsconfig = posix.join(rel, 'tsconfig.json');
    if (!present(facts, st, abs(st.workdir, tsconfig))) {
      at(`tsc -b ${dir}: ${tsconfig} is not in stage ${st.name}`);
      return;
    }
    const conf = readJson(join(facts.root, tsconfig));
    if (conf.extends) {
      const ext = posix.normalize(posix.join(rel, conf.extends));
      if (!present(facts, st, abs(st.workdir, ext))) at(`tsc -b ${dir}: extends ${ext}, which is not in stage ${st.name}`);
    }
    const src = posix.join(rel, conf.compilerOptions?.rootDir ?? 'src');
    if (!present(facts, st, abs(st.workdir, src))) at(`tsc -b ${dir}: sources ${src} are not in stage ${st.name}`);
    for (const ref of conf.references ?? []) tscBuild(posix.join(rel, ref.path), st, at, seen);
    st.files.push({
      dest: abs(st.workdir, posix.join(rel, conf.compilerOptions?.outDir ?? 'dist')),
      from: 'generated',
      what: `tsc -b ${rel}`,
    });
  };

  /** nx run APP:build: nx.json, the project's build target, and every @popote/... module its sources import. */
  const nxBuild = (project: string, st: Stage, at: (m: string) => void) => {
    if (!present(facts, st, abs(st.workdir, 'nx.json'))) at(`nx run ${project}:build: nx.json is not in stage ${st.name}`);
    const ws = [...facts.workspaces.entries()].find(([, d]) => posix.basename(d) === project && d.startsWith('frontends/'));
    if (!ws) {
      at(`nx run ${project}:build: no frontend workspace named ${project}`);
      return;
    }
    const [, dir] = ws;
    const projectJson = `${dir}/project.json`;
    if (!present(facts, st, abs(st.workdir, projectJson))) at(`nx run ${project}:build: ${projectJson} is not in stage ${st.name}`);
    else if (!readJson(join(facts.root, projectJson)).targets?.build) at(`nx run ${project}:build: ${projectJson} has no build target`);
    const tsconfig = readJson(join(facts.root, dir, 'tsconfig.json'));
    if (tsconfig.extends) {
      const ext = posix.normalize(posix.join(dir, tsconfig.extends));
      if (!present(facts, st, abs(st.workdir, ext)))
        at(`nx run ${project}:build: ${dir}/tsconfig.json extends ${ext}, not in stage ${st.name}`);
    }
    // What the bundle pulls in: the app's sources and, through them, the shared frontend packages.
    const visited = new Set<string>();
    const visit = (wsDir: string) => {
      if (visited.has(wsDir)) return;
      visited.add(wsDir);
      // Its sources, not only its manifest (every package.json is in the stage for `npm install`).
      const sources = existsSync(join(facts.root, wsDir, 'src')) ? `${wsDir}/src` : wsDir;
      if (!present(facts, st, abs(st.workdir, sources))) {
        at(`nx run ${project}:build: ${wsDir} is imported but its sources are not in stage ${st.name}`);
        return;
      }
      // GraphQL Code Generator (the package's codegen.ts, run by its build) checks the documents against the BFF's schema.
      if (existsSync(join(facts.root, wsDir, 'codegen.ts')) && !present(facts, st, abs(st.workdir, 'bff/schema.graphql')))
        at(`nx run ${project}:build: ${wsDir}/codegen.ts reads bff/schema.graphql, which is not in stage ${st.name}`);
      for (const spec of importsOf(join(facts.root, wsDir))) {
        if (!spec.startsWith('@popote/')) continue;
        const name = packageName(spec);
        const target = facts.workspaces.get(name);
        if (target === undefined) {
          at(`${wsDir} imports ${spec}: no workspace ${name}`);
          continue;
        }
        const sub = spec.slice(name.length + 1);
        if (sub) {
          const exported = readJson(join(facts.root, target, 'package.json')).exports?.[`./${sub}`];
          const file = typeof exported === 'string' ? posix.normalize(exported) : sub;
          const candidates = ['', '.ts', '.tsx', '.mjs', '.js', '/index.ts', '/index.tsx'].map((e) => `${target}/${file}${e}`);
          if (!candidates.some((c) => existsSync(join(facts.root, c)) && present(facts, st, abs(st.workdir, c))))
            at(`nx run ${project}:build: ${wsDir} imports ${spec}, which is not in stage ${st.name}`);
        } else visit(target);
      }
    };
    visit(dir);
    st.files.push({ dest: abs(st.workdir, `${dir}/dist`), from: 'generated', what: `nx run ${project}:build` });
  };

  for (const ins of instructions) {
    if (ins.cmd === 'ARG' && !stage) {
      const [k, val] = ins.args.split('=') as [string, string | undefined];
      globalArgs[k] = v.buildArgs[k] ?? val ?? '';
      continue;
    }
    if (ins.cmd === 'FROM') {
      const m = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(substitute(ins.args.replace(/--platform=\S+\s+/, ''), globalArgs));
      if (!m) {
        problems.push(`${where(ins)}: FROM not understood`);
        continue;
      }
      const parent = stages.find((s) => s.name === m[1]);
      if (!parent && m[1]!.includes('${')) problems.push(`${where(ins)}: FROM ${m[1]}: unresolved`);
      if (!parent && !/[:/]/.test(m[1]!) && m[1] !== 'scratch')
        problems.push(`${where(ins)}: FROM ${m[1]}: no such stage (and not an image reference)`);
      stage = {
        name: m[2] ?? String(stages.length),
        index: stages.length,
        workdir: parent?.workdir ?? '/',
        files: parent ? [...parent.files] : [],
        env: { ...(parent?.env ?? {}) },
        args: {},
        cmd: parent?.cmd,
      };
      stages.push(stage);
      continue;
    }
    if (!stage) {
      problems.push(`${where(ins)}: ${ins.cmd} before FROM`);
      continue;
    }
    const scope = { ...stage.args, ...stage.env };
    switch (ins.cmd) {
      case 'ARG': {
        const [k, val] = ins.args.split('=') as [string, string | undefined];
        stage.args[k] = v.buildArgs[k] ?? globalArgs[k] ?? val ?? '';
        break;
      }
      case 'ENV': {
        for (const m of ins.args.matchAll(/(\w+)=("[^"]*"|\S+)/g)) stage.env[m[1]!] = substitute(m[2]!.replace(/^"|"$/g, ''), scope);
        break;
      }
      case 'WORKDIR':
        stage.workdir = abs(stage.workdir, substitute(ins.args, scope));
        break;
      case 'COPY':
      case 'ADD': {
        const flags = [...ins.args.matchAll(/--(\w+)=(\S+)/g)].reduce<Record<string, string>>((a, m) => ({ ...a, [m[1]!]: m[2]! }), {});
        const parts = words(substitute(ins.args.replace(/--\w+=\S+\s*/g, ''), scope));
        const dest = parts.pop()!;
        const destAbs = abs(stage.workdir, dest);
        const intoDir = dest.endsWith('/') || parts.length > 1 || dest === '.';
        for (const src of parts) {
          const target = intoDir && !src.endsWith('/') && src !== '.' ? posix.join(destAbs, posix.basename(src)) : destAbs;
          if (flags.from) {
            const from = stages.find((s) => s.name === flags.from);
            if (!from) {
              problems.push(`${where(ins)}: COPY --from=${flags.from}: no such earlier stage`);
              continue;
            }
            const hit = lookup(from, src);
            if (!present(facts, from, src)) problems.push(`${where(ins)}: COPY --from=${flags.from} ${src}: not in stage ${flags.from}`);
            else if (!hit) {
              // A folder made of separate files (e.g. /out/ of the manifests stage): copy each.
              const base = src.replace(/\/+$/, '');
              for (const e of inside(from, base)) stage.files.push({ ...e, dest: posix.join(target, e.dest.slice(base.length + 1)) });
            } else if (hit.repoPath !== undefined) stage.files.push({ dest: target, from: 'context', src: hit.repoPath });
            else stage.files.push({ dest: target, from: 'generated', what: `${flags.from}:${src}` });
          } else {
            const rel = normalize(src).replace(/\/+$/, '') || '.';
            if (rel.startsWith('..')) problems.push(`${where(ins)}: COPY ${src}: outside the build context`);
            else if (!existsSync(join(facts.root, rel))) problems.push(`${where(ins)}: COPY ${src}: no such file in the build context`);
            else if (rel !== '.' && facts.ignored(rel)) problems.push(`${where(ins)}: COPY ${src}: excluded by .dockerignore`);
            stage.files.push({ dest: target, from: 'context', src: rel === '.' ? '' : rel });
          }
        }
        break;
      }
      case 'RUN':
        runStep(ins, stage);
        break;
      case 'CMD':
      case 'ENTRYPOINT':
        stage.cmd = words(ins.args);
        break;
      case 'USER':
      case 'EXPOSE':
      case 'HEALTHCHECK':
      case 'LABEL':
      case 'STOPSIGNAL':
      case 'SHELL':
        break;
      default:
        problems.push(`${where(ins)}: instruction ${ins.cmd} not understood by infra/deploy/src/dockerfile.ts`);
    }
  }

  const final = v.target ? stages.find((s) => s.name === v.target) : stages[stages.length - 1];
  if (!final) return { problems: [...problems, `${v.dockerfile}: no stage ${v.target ?? ''}`], stages };
  // The command's entry file, with the image's environment: `node [flags] <file>` (possibly inside sh -c).
  const cmd = (final.cmd ?? []).join(' ');
  const entry = /\bnode\s+(?:--[\w-]+(?:=\S+)?\s+)*([\w./$-]+\.(?:m?js))/.exec(substitute(cmd.replace(/\$(\w+)/g, '${$1}'), final.env));
  if (!entry) problems.push(`${v.dockerfile}: final stage ${final.name}: no \`node <file>\` command found in ${JSON.stringify(final.cmd)}`);
  else {
    const file = abs(final.workdir, entry[1]!);
    if (!present(facts, final, file))
      problems.push(`${v.dockerfile}: final stage ${final.name}: the command's ${entry[1]} is not in the image`);
  }
  return { problems, stages };
}

/** @popote/* workspaces a workspace depends on, transitively (devDependencies too unless `prod`). */
export function workspaceDeps(facts: RepoFacts, workspace: string, dev: boolean): string[] {
  const out = new Set<string>();
  const visit = (ws: string) => {
    const dir = facts.workspaces.get(ws);
    if (dir === undefined) return;
    const pkg = readJson(join(facts.root, dir, 'package.json'));
    for (const dep of Object.keys({ ...pkg.dependencies, ...(dev && ws === workspace ? pkg.devDependencies : {}) })) {
      if (facts.workspaces.has(dep) && !out.has(dep)) {
        out.add(dep);
        visit(dep);
      }
    }
  };
  visit(workspace);
  return [...out];
}

/**
 * The runtime image of a Node app (service or BFF): every compiled workspace it depends on is in
 * it (package.json + dist), and every package its code imports is kept by the production install.
 */
export function checkRuntime(facts: RepoFacts, v: DockerfileVariant, workspace: string): string[] {
  const problems: string[] = [];
  const dir = facts.workspaces.get(workspace);
  if (dir === undefined) return [`${v.dockerfile}: no workspace ${workspace}`];
  const text = v.text ?? readFileSync(join(facts.root, v.dockerfile), 'utf8');
  const copied = [...substitute(text, v.buildArgs).matchAll(/COPY --from=build \/app\/(\S+?)\/?\s+(\S+)/g)].map((m) =>
    m[1]!.replace(/\/$/, ''),
  );
  for (const ws of [workspace, ...workspaceDeps(facts, workspace, false)]) {
    const wsDir = facts.workspaces.get(ws)!;
    for (const need of [`${wsDir}/package.json`, `${wsDir}/dist`]) {
      if (!copied.includes(need))
        problems.push(`${v.dockerfile} (${workspace}): the runtime image lacks ${need} (${ws} is a production dependency)`);
    }
  }
  const keep = productionClosure(facts, workspace);
  for (const ws of [workspace, ...workspaceDeps(facts, workspace, false)]) {
    const src = join(facts.root, facts.workspaces.get(ws)!, 'src');
    for (const spec of importsOf(src)) {
      if (isBuiltin(spec)) continue;
      const name = packageName(spec);
      if (!keep.has(name))
        problems.push(
          `${v.dockerfile} (${workspace}): ${relative(facts.root, src)} imports ${name}, which the production install (--omit=dev) does not keep: make it a dependency of ${ws}`,
        );
    }
  }
  return problems;
}

/** Is the lockfile in step with every workspace manifest (what `npm ci` insists on)? */
export function checkLockfile(facts: RepoFacts): string[] {
  const problems: string[] = [];
  for (const [name, dir] of facts.workspaces) {
    const pkg = readJson(join(facts.root, dir, 'package.json'));
    const locked = facts.lock.packages[dir];
    if (!locked) {
      problems.push(`package-lock.json: no entry for workspace ${name} (${dir}): run npm install`);
      continue;
    }
    for (const field of ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'] as const) {
      const want = JSON.stringify(Object.entries(pkg[field] ?? {}).sort());
      const got = JSON.stringify(Object.entries(locked[field] ?? {}).sort());
      if (want !== got) problems.push(`package-lock.json: ${field} of ${name} differ from ${dir}/package.json: run npm install`);
    }
  }
  return problems;
}

/**
 * Writes into `dir` what a stage holds under its WORKDIR from the build context (files copied
 * from the repository, as .dockerignore filters them), so a build step can really run there.
 * `node_modules` made by `npm install` stands in as links to the repository's installed
 * packages, except the workspaces (@popote/...), which point into `dir`: a module the stage
 * lacks stays missing. Returns the generated paths it did not write.
 */
export function materializeStage(facts: RepoFacts, stage: Stage, dir: string): string[] {
  const skipped: string[] = [];
  const under = (dest: string) =>
    dest === stage.workdir ? '' : dest.startsWith(`${stage.workdir}/`) ? dest.slice(stage.workdir.length + 1) : undefined;
  for (const e of stage.files) {
    const rel = under(e.dest.replace(/\/+$/, ''));
    if (rel === undefined) continue;
    if (e.from === 'generated') {
      if (rel === 'node_modules') linkNodeModules(facts, dir);
      else skipped.push(rel);
      continue;
    }
    const src = join(facts.root, e.src);
    if (!existsSync(src)) continue;
    cpSync(src, join(dir, rel), {
      recursive: true,
      filter: (from) => {
        const r = relative(facts.root, from);
        return r === '' || !facts.ignored(r.split(sep).join('/'));
      },
    });
  }
  return skipped;
}

function linkNodeModules(facts: RepoFacts, dir: string) {
  const nm = join(dir, 'node_modules');
  mkdirSync(nm, { recursive: true });
  const repoNm = join(facts.root, 'node_modules');
  for (const e of readdirSync(repoNm, { withFileTypes: true })) {
    if (e.name === '@popote' || e.name.startsWith('.')) continue;
    symlinkSync(join(repoNm, e.name), join(nm, e.name));
  }
  mkdirSync(join(nm, '@popote'));
  for (const [name, wsDir] of facts.workspaces) {
    if (name.startsWith('@popote/')) symlinkSync(relative(join(nm, '@popote'), join(dir, wsDir)), join(nm, name));
  }
}
