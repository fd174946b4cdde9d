import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import { nodeFileTrace } from '@vercel/nft';
import { DockerfileParser, type Arg, type Copy, type Env, type From } from 'dockerfile-ast';
import ts from 'typescript';

/**
 * The Dockerfiles, checked without Docker by maintained tools: dockerfile-ast parses them, TypeScript
 * reads the tsconfigs a build step compiles, and @vercel/nft traces the files the build reads and the
 * files and packages the app's compiled entry needs at run time. A stage is only a list of layers:
 * what each COPY brings and what each known RUN step (`runStep`) leaves; nothing is emulated.
 * Checked: every COPY source is in the context and not excluded by .dockerignore, or in the earlier
 * stage --from names; `npm install -w` names a workspace; a build step (`tsc -b`, `nx run`) finds in
 * its stage every file it reads; the final stage runs `node <entry>` and holds, at the same path
 * (WORKDIR = the repository root), every file that entry needs, and every package it imports is kept
 * by the production (`--omit=dev`) install; an unknown RUN step is reported, to be taught here.
 */

export interface RepoFacts {
  root: string;
  /** Workspace name -> folder (relative), from the root package.json's workspaces. */
  workspaces: Map<string, string>;
  lock: { packages: Record<string, any> };
  ignored: (rel: string) => boolean;
  traceCache: object; // @vercel/nft's, shared by the traces of one repository
}

export interface DockerfileVariant {
  dockerfile: string; // relative to the root
  buildArgs: Record<string, string>;
  text?: string; // the Dockerfile's text, instead of reading `dockerfile` (tests use it for broken variants)
}

/** What a stage holds from `dest` (absolute) down, unless a later layer covers it. */
interface Layer {
  dest: string;
  keeps?: (rest: string) => boolean; // which paths under dest it holds (default: all)
  context?: string; // from the build context: this repository path
  from?: Stage; // from a stage (COPY --from, or `cp` in the stage itself): its path `src`
  src?: string;
  made?: string; // by this RUN step
  keep?: string[]; // `npm install --omit=dev -w …`: the workspaces whose production packages it keeps
}

export type Stage = { name: string; workdir: string; layers: Layer[]; env: Record<string, string>; cmd?: string[] };

/** A build step (`tsc -b`, `nx run`) of a stage, after its first `at` layers. */
type BuildStep = { stage: Stage; at: number; where: string; step: string; dir: string; nx: boolean };

const readJson = (file: string): any => JSON.parse(readFileSync(file, 'utf8'));
const abs = (workdir: string, p: string) => posix.normalize(p.startsWith('/') ? p : posix.join(workdir, p)).replace(/(.)\/$/, '$1');
const isDir = (p: string) => existsSync(p) && statSync(p).isDirectory();
const label = (v: DockerfileVariant) =>
  Object.entries(v.buildArgs)
    .map(([k, x]) => `${k}=${x}`)
    .join(' ') || 'no args';

/** .dockerignore as Docker reads it (Go filepath.Match with `**`; `!` re-includes). */
export function dockerignore(text: string): (rel: string) => boolean {
  const rules: { negate: boolean; re: RegExp }[] = [];
  for (const line of text.split('\n').map((l) => l.trim())) {
    if (!line || line.startsWith('#')) continue;
    const pat = posix.normalize(line.replace(/^!?\/*/, '')).replace(/\/+$/, '');
    const re = pat.replace(/\*\*\/|\*\*$|[.+^${}()|[\]\\*?]/g, (c) =>
      c === '**/' ? '(?:.*/)?' : c === '**' ? '.*' : c === '*' ? '[^/]*' : c === '?' ? '[^/]' : `\\${c}`,
    );
    rules.push({ negate: line.startsWith('!'), re: new RegExp(`^${re}(?:/.*)?$`) });
  }
  return (rel: string) => rules.reduce((ignored, r) => (r.re.test(rel) ? !r.negate : ignored), false);
}

export function repoFacts(root: string): RepoFacts {
  const workspaces = new Map<string, string>();
  for (const pattern of readJson(join(root, 'package.json')).workspaces ?? []) {
    const base = pattern.replace(/\/\*$/, '');
    for (const dir of pattern.endsWith('/*') ? readdirSync(join(root, base)).map((d) => `${base}/${d}`) : [pattern]) {
      if (existsSync(join(root, dir, 'package.json'))) workspaces.set(readJson(join(root, dir, 'package.json')).name, dir);
    }
  }
  const ignoreFile = join(root, '.dockerignore');
  const ignored = dockerignore(existsSync(ignoreFile) ? readFileSync(ignoreFile, 'utf8') : '');
  return { root, workspaces, lock: readJson(join(root, 'package-lock.json')), ignored, traceCache: {} };
}

/** Where a path of a stage comes from: `origin` is the repository path whose file it is. */
function find(facts: RepoFacts, stage: Stage, path: string, upto = stage.layers.length): { origin: string; layer: Layer } | undefined {
  for (let i = upto - 1; i >= 0; i--) {
    const l = stage.layers[i]!;
    const rest = posix.relative(l.dest, path);
    if (rest.startsWith('..') || (l.keeps && !l.keeps(rest))) continue;
    if (l.made) return { origin: posix.relative(stage.workdir, path), layer: l };
    const hit = l.from && find(facts, l.from, posix.join(l.src!, rest), l.from === stage ? i : undefined);
    if (hit) return hit;
    const rel = l.context === undefined ? undefined : posix.join(l.context, rest).replace(/(.)\/$/, '$1');
    if (rel !== undefined && existsSync(join(facts.root, rel)) && (rel === '.' || !facts.ignored(rel))) return { origin: rel, layer: l };
  }
  return undefined;
}

/** The stages of one build of a Dockerfile (parsed by dockerfile-ast), and the problems seen on the way. */
export function parseDockerfile(facts: RepoFacts, v: DockerfileVariant): { stages: Stage[]; problems: string[]; builds: BuildStep[] } {
  const [problems, stages, builds]: [string[], Stage[], BuildStep[]] = [[], [], []];
  const globalArgs: Record<string, string> = {};
  let args: Record<string, string> = {};
  let stage: Stage | undefined;
  for (const ins of DockerfileParser.parse(v.text ?? readFileSync(join(facts.root, v.dockerfile), 'utf8')).getInstructions()) {
    const keyword = ins.getKeyword();
    const where = `${v.dockerfile}:${ins.getRange().start.line + 1} (${label(v)})`;
    const scope = keyword === 'FROM' || !stage ? globalArgs : { ...args, ...stage.env };
    const sub = (s: string) => s.replace(/\$\{(\w+)\}|\$(\w+)/g, (_, a?: string, b?: string) => scope[(a ?? b)!] ?? '');
    const words = ins.getArguments().map((a) => sub(a.getValue()));
    if (keyword === 'ARG') {
      const [name, given] = [(ins as Arg).getProperty()!.getName(), (ins as Arg).getProperty()!.getValue()];
      (stage ? args : globalArgs)[name] = v.buildArgs[name] ?? (given !== null ? sub(given) : stage ? globalArgs[name] : undefined) ?? '';
    } else if (keyword === 'FROM') {
      const image = sub((ins as From).getImage() ?? '');
      const parent = stages.find((s) => s.name === image);
      if (!parent && !/[:/]/.test(image) && image !== 'scratch')
        problems.push(`${where}: FROM ${image}: no such stage (and not an image reference)`);
      const name = (ins as From).getBuildStage() ?? String(stages.length);
      stages.push(
        (stage = { name, workdir: parent?.workdir ?? '/', layers: [...(parent?.layers ?? [])], env: { ...parent?.env }, cmd: parent?.cmd }),
      );
      args = {};
    } else if (!stage) problems.push(`${where}: ${keyword} before FROM`);
    else if (keyword === 'ENV')
      for (const p of (ins as Env).getProperties()) stage.env[p.getName()] = sub(p.getValue() ?? '').replace(/^"(.*)"$/, '$1');
    else if (keyword === 'WORKDIR') stage.workdir = abs(stage.workdir, words[0]!);
    else if (keyword === 'CMD' || keyword === 'ENTRYPOINT') {
      const content = ins.getArgumentsContent() ?? '';
      stage.cmd = content.trim().startsWith('[') ? JSON.parse(content) : ['sh', '-c', content];
    } else if (keyword === 'COPY' || keyword === 'ADD') {
      const fromFlag = (ins as Copy).getFromFlag?.()?.getValue();
      const from = fromFlag ? stages.find((s) => s.name === sub(fromFlag)) : undefined;
      if (fromFlag && !from) {
        problems.push(`${where}: COPY --from=${fromFlag}: no such earlier stage`);
        continue;
      }
      const dest = words.pop()!;
      for (const src of words) {
        let origin: string | undefined = posix.normalize(src).replace(/(.)\/$/, '$1');
        if (from) {
          origin = find(facts, from, abs(from.workdir, src))?.origin;
          if (origin === undefined) problems.push(`${where}: COPY --from=${from.name} ${src}: not in stage ${from.name}`);
        } else if (origin.startsWith('..')) problems.push(`${where}: COPY ${src}: outside the build context`);
        else if (!existsSync(join(facts.root, origin))) problems.push(`${where}: COPY ${src}: no such file in the build context`);
        else if (origin !== '.' && facts.ignored(origin)) problems.push(`${where}: COPY ${src}: excluded by .dockerignore`);
        const whole = src.endsWith('/') || (origin !== undefined && isDir(join(facts.root, origin)));
        const into = dest.endsWith('/') || dest === '.' || words.length > 1;
        const at = whole || !into ? abs(stage.workdir, dest) : abs(stage.workdir, posix.join(dest, posix.basename(src)));
        stage.layers.push(from ? { dest: at, from, src: abs(from.workdir, src) } : { dest: at, context: origin });
      }
    } else if (keyword === 'RUN')
      for (const step of words.join(' ').split(' && ')) runStep(facts, stage, step.trim(), where, problems, builds);
    else if (!['USER', 'EXPOSE', 'HEALTHCHECK', 'LABEL', 'STOPSIGNAL'].includes(keyword))
      problems.push(`${where}: instruction ${keyword} not understood by infra/deploy/src/dockerfile.ts`);
  }
  return { stages, problems, builds };
}

/** The RUN steps this check knows, and what each leaves in the stage. */
function runStep(facts: RepoFacts, st: Stage, step: string, where: string, problems: string[], builds: BuildStep[]) {
  const [wd, has] = [st.workdir, (f: string) => find(facts, st, abs(st.workdir, f)) !== undefined];
  let m: RegExpExecArray | null;
  if ((m = /^mkdir -p (\S+)$/.exec(step))) st.layers.push({ dest: abs(wd, m[1]!), made: step, keeps: (r) => r === '' });
  else if ((m = /^cp ((?:[\w.-]+ )+)(\S+\/)$/.exec(step))) {
    for (const f of m[1]!.trim().split(' ')) {
      if (!has(f)) problems.push(`${where}: cp ${f}: not in stage ${st.name}`);
      st.layers.push({ dest: abs(wd, posix.join(m[2]!, f)), from: st, src: abs(wd, f) });
    }
  } else if ((m = /^find ((?:[\w.-]+ )+)-name (\S+) .*-exec cp --parents \{\} (\S+\/) ;$/.exec(step))) {
    const [dirs, name] = [m[1]!.trim().split(' '), m[2]!.replace(/['"]/g, '')];
    const keeps = (r: string) => posix.basename(r) === name && dirs.some((d) => r.startsWith(`${d}/`));
    st.layers.push({ dest: abs(wd, m[3]!), from: st, src: wd, keeps });
  } else if (step === 'npm pkg delete devDependencies --workspaces') {
    // productionClosure leaves the workspaces' devDependencies out
  } else if ((m = /^npm (?:install|ci)\b(.*)$/.exec(step))) {
    const ws = [...m[1]!.matchAll(/(?:-w|--workspace)[ =](\S+)/g)].map((w) => w[1]!);
    for (const w of ws) if (!facts.workspaces.has(w)) problems.push(`${where}: npm install -w ${w}: no such workspace in package.json`);
    const manifests = ['package.json', 'package-lock.json', ...ws.map((w) => `${facts.workspaces.get(w)}/package.json`)];
    for (const f of manifests.filter((f) => !f.startsWith('undefined/') && !has(f)))
      problems.push(`${where}: npm install: ${f} is not in stage ${st.name}`);
    st.layers.push({ dest: abs(wd, 'node_modules'), made: step, keep: /--omit[ =]dev/.test(m[1]!) ? ws : undefined });
  } else if ((m = /^npx tsc -b (\S+)$/.exec(step) ?? /^npx nx run ([\w-]+):build\b/.exec(step))) {
    const [nx, project] = [step.startsWith('npx nx'), m[1]!];
    const isProject = (d: string) =>
      existsSync(join(facts.root, d, 'project.json')) && readJson(join(facts.root, d, 'project.json')).name === project;
    const dir = nx ? [...facts.workspaces.values()].find(isProject) : posix.normalize(project);
    if (dir === undefined) problems.push(`${where}: ${step}: no Nx project ${project}`);
    else builds.push({ stage: st, at: st.layers.length, where, step, dir, nx });
    st.layers.push({ dest: wd, made: step, keeps: (r) => r.split('/').includes('dist') }); // the build output .dockerignore leaves out
  } else
    problems.push(`${where}: RUN step not understood by infra/deploy/src/dockerfile.ts: "${step}" (teach it, so the check stays complete)`);
}

/** nft reads TypeScript through TypeScript's transpiler, and stops at packages (their own dependencies are npm's business). */
async function readForTrace(file: string): Promise<string | Buffer | null> {
  try {
    if (/\/node_modules\/(?!@popote\/)/.test(file) && !file.endsWith('/package.json')) return '';
    if (!/\.[cm]?tsx?$/.test(file) || file.endsWith('.d.ts')) return readFileSync(file);
    const compilerOptions = { jsx: ts.JsxEmit.ReactJSX, module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 };
    return ts.transpileModule(readFileSync(file, 'utf8'), { fileName: file, compilerOptions }).outputText;
  } catch {
    return null;
  }
}

const trace = (facts: RepoFacts, entries: string[], conditions = ['node']) =>
  nodeFileTrace(entries, { base: facts.root, conditions, analysis: { emitGlobs: false }, readFile: readForTrace, cache: facts.traceCache });

const workspaceOf = (facts: RepoFacts, file: string) =>
  [...facts.workspaces].filter(([, d]) => file.startsWith(`${d}/`)).sort((a, b) => b[1].length - a[1].length)[0]?.[0];

/** One line per workspace: `<first file> (and n more files of <workspace>)`. */
function grouped(facts: RepoFacts, files: string[], line: (files: string) => string): string[] {
  const groups = new Map<string, string[]>();
  for (const f of files) groups.set(workspaceOf(facts, f) ?? f, [...(groups.get(workspaceOf(facts, f) ?? f) ?? []), f]);
  return [...groups].map(([ws, fs]) => line(fs.length > 1 ? `${fs[0]} (and ${fs.length - 1} more files of ${ws})` : fs[0]!));
}

/** Every file a build step reads (its tsconfigs, as TypeScript resolves them, and what their sources import) is in its stage. */
async function checkBuild(facts: RepoFacts, b: BuildStep): Promise<string[]> {
  const [problems, configs, entries] = [[] as string[], new Set<string>(), [] as string[]];
  const fail = (d: ts.Diagnostic) => problems.push(`${b.where}: ${b.step}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
  const visit = (file: string) => {
    if (configs.has(file)) return;
    const parsed = ts.getParsedCommandLineOfConfigFile(file, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: fail });
    for (const f of [file, ...((parsed?.options.configFile as ts.TsConfigSourceFile)?.extendedSourceFiles ?? [])]) configs.add(f);
    entries.push(...(parsed?.fileNames ?? []));
    if (!b.nx) for (const ref of parsed?.projectReferences ?? []) visit(ts.resolveProjectReferencePath(ref));
  };
  // `tsc -b`: the project and its references. Nx: the project's tsconfigs and the configuration files
  // its build runs (rspack.config.ts, codegen.ts).
  const own = b.nx && isDir(join(facts.root, b.dir)) ? readdirSync(join(facts.root, b.dir)).map((f) => join(facts.root, b.dir, f)) : [];
  (b.nx ? own.filter((f) => /\/tsconfig[\w.]*\.json$/.test(f)) : [join(facts.root, b.dir, 'tsconfig.json')]).forEach(visit);
  const { fileList } = await trace(facts, [...entries, ...own.filter((f) => /\.[cm]?ts$/.test(f))], ['@popote/source', 'node']);
  const missing = new Set(
    [...[...configs].map((f) => relative(facts.root, f)), ...fileList].filter(
      (f) => !f.includes('node_modules/') && !facts.ignored(f) && find(facts, b.stage, abs(b.stage.workdir, f), b.at)?.origin !== f,
    ),
  );
  return [...problems, ...grouped(facts, [...missing], (f) => `${b.where}: ${b.step} reads ${f}, not in stage ${b.stage.name}`)];
}

/** The final stage runs `node <entry>` and has what the trace of the entry needs, with production packages only. */
async function checkRuntime(facts: RepoFacts, v: DockerfileVariant, final: Stage): Promise<string[]> {
  const at = `${v.dockerfile} (${label(v)})`;
  const cmd = (final.cmd ?? []).join(' ').replace(/\$\{?(\w+)\}?/g, (_, k: string) => final.env[k] ?? '');
  const m = /\bnode\s+(?:--?[\w-]+(?:=\S+)?\s+)*(\S+\.[cm]?js)\b/.exec(cmd);
  if (!m) return [`${at}: stage ${final.name}: no \`node <file>\` command in ${JSON.stringify(final.cmd)}`];
  const entry = posix.relative(final.workdir, abs(final.workdir, m[1]!));
  if (!existsSync(join(facts.root, entry))) return [`${at}: the command's ${entry} is not in the repository (built by \`npm run build\`)`];
  const { fileList, reasons } = await trace(facts, [join(facts.root, entry)]);
  const lacking = [...fileList].filter((f) => !f.includes('node_modules/') && find(facts, final, abs(final.workdir, f))?.origin !== f);
  const problems = grouped(facts, lacking, (f) => `${at}: the runtime image lacks ${f}, which ${entry} needs at run time`);
  const packages = new Map<string, string>(); // package -> a file of ours that imports it
  for (const [f, r] of reasons) {
    const [by, path] = [[...r.parents].find((p) => !p.includes('node_modules/')), f.split('node_modules/').at(-1)!.split('/')];
    if (f.includes('node_modules/') && by) packages.set(path[0]!.startsWith('@') ? `${path[0]}/${path[1]}` : path[0]!, by);
  }
  const absent: string[] = [];
  for (const [name, by] of packages) {
    const layer = find(facts, final, abs(final.workdir, `node_modules/${name}`))?.layer;
    if (!layer) absent.push(name);
    else if (layer.keep && !layer.keep.some((w) => w === name || productionClosure(facts, w).has(name)))
      problems.push(
        `${at}: ${by} imports ${name}, which the production install (--omit=dev) does not keep: make it a dependency of ${workspaceOf(facts, by)}`,
      );
  }
  if (absent.length)
    problems.push(`${at}: the runtime image lacks ${absent.map((n) => `node_modules/${n}`).join(', ')}, which ${entry} imports`);
  return problems;
}

/** Checks one build of a Dockerfile; returns every problem found (empty: it would build, and the app would start). */
export async function checkDockerfile(facts: RepoFacts, v: DockerfileVariant): Promise<string[]> {
  const { stages, problems, builds } = parseDockerfile(facts, v);
  for (const b of builds) problems.push(...(await checkBuild(facts, b)));
  const final = stages.at(-1); // the stage `docker build` makes by default
  return final ? [...problems, ...(await checkRuntime(facts, v, final))] : [...problems, `${v.dockerfile}: no FROM`];
}

/** The packages an `npm install --omit=dev -w <workspace>` keeps (after `npm pkg delete devDependencies --workspaces`). */
export function productionClosure(facts: RepoFacts, workspace: string): Set<string> {
  const packages = facts.lock.packages;
  const [seen, names] = [new Set<string>(), new Set<string>()];
  const queue = [facts.workspaces.get(workspace)].filter((d) => d !== undefined);
  const resolve = (from: string, dep: string): string | undefined => {
    const candidate = from ? `${from}/node_modules/${dep}` : `node_modules/${dep}`;
    if (packages[candidate] || !from) return packages[candidate] ? candidate : undefined;
    return resolve(from.includes('/node_modules/') ? from.slice(0, from.lastIndexOf('/node_modules/')) : '', dep);
  };
  for (let loc = queue.shift(); loc !== undefined; loc = queue.shift()) {
    const entry = packages[loc];
    if (seen.has(loc) || !entry) continue;
    seen.add(loc);
    if (entry.link && entry.resolved) queue.push(entry.resolved);
    const workspace = !loc.includes('node_modules/'); // its devDependencies were deleted
    for (const dep of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies, ...entry.peerDependencies })) {
      names.add(dep);
      const found = resolve(workspace ? '' : loc, dep) ?? resolve(loc, dep);
      if (found) queue.push(found);
    }
  }
  return names;
}

/** Is the lockfile in step with every workspace manifest (what `npm ci` insists on)? */
export function checkLockfile(facts: RepoFacts): string[] {
  const problems: string[] = [];
  for (const [name, dir] of facts.workspaces) {
    const [pkg, locked] = [readJson(join(facts.root, dir, 'package.json')), facts.lock.packages[dir]];
    if (!locked) problems.push(`package-lock.json: no entry for workspace ${name} (${dir}): run npm install`);
    for (const field of locked ? (['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'] as const) : []) {
      const [want, got] = [pkg[field], locked[field]].map((deps) => JSON.stringify(Object.entries(deps ?? {}).sort()));
      if (want !== got) problems.push(`package-lock.json: ${field} of ${name} differ from ${dir}/package.json: run npm install`);
    }
  }
  return problems;
}

/**
 * Writes into `dir` the files a stage holds under its WORKDIR from the build context, so a build
 * step can really run there. `node_modules` made by `npm install` stands in as links to the
 * repository's installed packages, except the workspaces (@popote/...), which point into `dir`.
 */
export function materializeStage(facts: RepoFacts, stage: Stage, dir: string): void {
  const walk = (rel: string): void =>
    readdirSync(join(facts.root, rel), { withFileTypes: true }).forEach((e) => {
      const r = rel ? `${rel}/${e.name}` : e.name;
      const hit = e.isFile() && !facts.ignored(r) ? find(facts, stage, abs(stage.workdir, r)) : undefined;
      if (e.isDirectory() && e.name !== '.git' && !facts.ignored(r)) walk(r);
      if (hit?.layer.context === undefined) return;
      mkdirSync(dirname(join(dir, r)), { recursive: true });
      copyFileSync(join(facts.root, hit.origin), join(dir, r));
    });
  walk('');
  if (!find(facts, stage, abs(stage.workdir, 'node_modules'))?.layer.made) return;
  const nm = join(dir, 'node_modules');
  mkdirSync(join(nm, '@popote'), { recursive: true });
  for (const e of readdirSync(join(facts.root, 'node_modules')).filter((e) => e !== '@popote' && !e.startsWith('.')))
    symlinkSync(join(facts.root, 'node_modules', e), join(nm, e));
  for (const [name, wsDir] of facts.workspaces)
    if (name.startsWith('@popote/')) symlinkSync(relative(join(nm, '@popote'), join(dir, wsDir)), join(nm, name));
}
