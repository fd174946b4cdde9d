import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** The cache of infra/local/bin/provision.sh (the same folder, the same variables). */
export function toolPath(name: 'kustomize' | 'helm' | 'kube-score' | 'nats-server' | 'compose-config'): string {
  const cache = process.env.POPOTE_CACHE || join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'popote');
  const path = join(cache, 'bin', name);
  if (!existsSync(path)) {
    const arg = name === 'nats-server' ? 'nats' : name;
    throw new Error(`${path} is missing: run \`bash infra/local/bin/provision.sh ${arg}\` (./popote test deploy does it)`);
  }
  return path;
}

function run(exe: string, args: string[], input?: string): string {
  const r = spawnSync(exe, args, { input, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.error) throw r.error;
  if (r.status !== 0 && !(exe.endsWith('kube-score') && r.status === 1)) {
    throw new Error(`${exe} ${args.join(' ')} exited ${r.status}:\n${r.stderr}${r.stdout}`);
  }
  return r.stdout;
}

/**
 * `kustomize build --enable-helm DIR`: the base inflates the apps' chart with our Helm (no network:
 * no remote bases, plugins or chart repositories).
 */
export const kustomizeBuild = (dir: string): string =>
  run(toolPath('kustomize'), ['build', '--enable-helm', '--helm-command', toolPath('helm'), dir]);

/** `helm lint --strict CHART`: the chart's own checks (templates render, values, metadata). */
export const helmLint = (chart: string): string => run(toolPath('helm'), ['lint', '--strict', chart]);

/** `helm template popote CHART`: the chart alone, as `helm install` would apply it. */
export const helmTemplate = (chart: string): string => run(toolPath('helm'), ['template', 'popote', chart, '--namespace', 'popote']);

export interface KubeScoreFinding {
  check: string;
  object: string; // Kind/name
  grade: 'CRITICAL' | 'WARNING';
  comments: string[];
}

/** kube-score on rendered manifests; every check below 'OK' that was not skipped, as a finding. */
export function kubeScore(manifests: string, kubernetesVersion = 'v1.33'): KubeScoreFinding[] {
  const out = run(
    toolPath('kube-score'),
    [
      'score',
      '--output-format',
      'json',
      '--kubernetes-version',
      kubernetesVersion,
      '--enable-optional-test',
      'container-seccomp-profile',
      '-',
    ],
    manifests,
  );
  const objects = JSON.parse(out) as any[];
  const findings: KubeScoreFinding[] = [];
  for (const o of objects) {
    for (const c of o.checks ?? []) {
      if (c.skipped || c.grade >= 10) continue;
      findings.push({
        check: c.check.id,
        object: `${o.type_meta?.kind}/${o.object_meta?.name ?? o.object_name}`,
        grade: c.grade <= 1 ? 'CRITICAL' : 'WARNING',
        comments: (c.comments ?? []).map((m: any) => [m.path, m.summary, m.description].filter(Boolean).join(': ')),
      });
    }
  }
  return findings;
}

/** `nats-server -t -c FILE`: parses a NATS configuration without starting the server. */
export function natsConfigTest(file: string, env: NodeJS.ProcessEnv): { ok: boolean; output: string } {
  const r = spawnSync(toolPath('nats-server'), ['-t', '-c', file], { encoding: 'utf8', env: { ...process.env, ...env } });
  return { ok: r.status === 0, output: `${r.stdout}${r.stderr}` };
}

/**
 * Docker Compose's own loader (compose-go, infra/deploy/go/compose-config): schema validation,
 * interpolation from `envFile` only, anchors and merge keys, consistency checks. On success, the
 * resolved project (as `docker compose config --format json` prints it).
 */
export function composeConfig(
  file: string,
  opts: { envFile?: string; profiles?: string[] } = {},
): { ok: true; project: { services: Record<string, { environment?: Record<string, string | null> }> } } | { ok: false; error: string } {
  const args = [
    ...(opts.envFile ? ['-env-file', opts.envFile] : []),
    ...(opts.profiles ? ['-profiles', opts.profiles.join(',')] : []),
    file,
  ];
  const r = spawnSync(toolPath('compose-config'), args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.error) throw r.error;
  return r.status === 0 ? { ok: true, project: JSON.parse(r.stdout) } : { ok: false, error: `${r.stderr}${r.stdout}` };
}
