import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  APPS,
  appsOnDisk,
  CHART_APPS_FILE,
  CHART_DIR,
  chartApps,
  checkCompose,
  checkDockerfile,
  checkK8s,
  checkLockfile,
  composeConfig,
  composeEnv,
  envNames,
  helmLint,
  helmTemplate,
  interpolations,
  KUBE_SCORE_EXCEPTIONS,
  kubeScore,
  natsConfigTest,
  parseCompose,
  parseManifests,
  repoFacts,
  unexplained,
  type KubeScoreException,
} from '@popote/deploy';
import { OVERLAYS, read, render, root } from './repo';

// The real files of the repository, against the one list (infra/deploy/src/apps.ts).

describe('the list', () => {
  it('names every app of services/ and frontends/ (and the BFF), with its source folder and Dockerfile', () => {
    expect(APPS.map((a) => a.name).sort()).toEqual(appsOnDisk(root));
    for (const app of APPS) {
      expect(existsSync(join(root, app.dir, 'package.json')), app.dir).toBe(true);
      expect(existsSync(join(root, app.dockerfile)), app.dockerfile).toBe(true);
    }
  });
});

describe('docker-compose.yml', () => {
  it('has every app, with exactly the variables of the list, secrets only from .env and no working default', () => {
    expect(checkCompose(read('docker-compose.yml'), read('.env.example'))).toEqual([]);
  });

  it('is accepted by Docker Compose’s own loader once .env is filled, each app resolved to exactly the variables of the list', () => {
    const env = join(mkdtempSync(join(tmpdir(), 'popote-env-')), '.env');
    writeFileSync(env, read('.env.example').replace(/^([A-Z][A-Z0-9_]*)=$/gm, '$1=generated-0123456789abcdef0123456789'));
    for (const profiles of [[], ['demo']]) {
      const r = composeConfig(join(root, 'docker-compose.yml'), { envFile: env, profiles });
      if (!r.ok) throw new Error(r.error);
      for (const app of APPS) expect(Object.keys(r.project.services[app.name]?.environment ?? {}).sort(), app.name).toEqual(envNames(app));
      if (profiles.length) expect(Object.keys(r.project.services)).toEqual(expect.arrayContaining(['seed', 'seed-identity']));
    }
  });

  it('is refused by Docker Compose’s loader without .env, naming every secret to set', () => {
    const r = composeConfig(join(root, 'docker-compose.yml'));
    expect(r.ok).toBe(false);
    const required = [...read('.env.example').matchAll(/^([A-Z][A-Z0-9_]*)=$/gm)].map((m) => m[1]!);
    for (const name of required) expect(r.ok ? '' : r.error).toContain(`required variable ${name} is missing a value`);
  });

  it('gives every database of the list to the apps’ MongoDB user (infra/compose/mongo-users.js)', () => {
    const script = read('infra/compose/mongo-users.js');
    for (const app of APPS.filter((a) => a.kind === 'service')) expect(script).toContain(`'popote_${app.name}'`);
  });

  it('runs a 3-node NATS cluster whose configuration nats-server accepts, with each member’s environment', () => {
    const { services } = parseCompose(read('docker-compose.yml'));
    expect(Object.keys(services).filter((s) => /^nats-\d$/.test(s))).toEqual(['nats-1', 'nats-2', 'nats-3']);
    for (const name of ['nats-1', 'nats-2', 'nats-3']) {
      // Its environment as compose gives it, each `${NAME:?…}` filled in as .env would.
      const env = Object.fromEntries(
        Object.entries(composeEnv(services[name]!)).map(([k, v]) => [k, interpolations(v).length ? `from-env-${k}` : v]),
      );
      const r = natsConfigTest(join(root, 'infra/compose/nats.conf'), env);
      expect(r.ok, r.output).toBe(true);
    }
  });
});

describe('infra/k8s', () => {
  const used = new Set<KubeScoreException>();

  for (const overlay of OVERLAYS) {
    describe(`overlay ${overlay}`, () => {
      const rendered = render(overlay);

      it('has every app with its probes, hardening, autoscaling, budget, and exactly the variables of the list', () => {
        expect(checkK8s(overlay, rendered.objects)).toEqual([]);
      });

      it('has no kube-score finding left unexplained', () => {
        const result = unexplained(overlay, kubeScore(rendered.text));
        result.used.forEach((e) => used.add(e));
        expect(result.unexplained.map((f) => `${f.grade} ${f.check} ${f.object}: ${f.comments.join(' / ')}`)).toEqual([]);
      });
    });
  }

  it('draws every app from one Helm chart whose list is the apps list: helm lint --strict passes, helm template gives each app its objects', () => {
    expect(read(CHART_APPS_FILE), 'stale: run `node infra/deploy/dist/chart.js`').toBe(chartApps());
    expect(helmLint(join(root, CHART_DIR))).toMatch(/1 chart\(s\) linted, 0 chart\(s\) failed/);
    const objects = parseManifests(helmTemplate(join(root, CHART_DIR)));
    for (const app of APPS) {
      const kinds = objects.filter((o) => o.metadata.name === app.name).map((o) => o.kind);
      const expected = ['Deployment', 'PodDisruptionBudget', 'Service', ...(app.kind === 'frontend' ? [] : ['HorizontalPodAutoscaler'])];
      expect(kinds.sort(), app.name).toEqual(expected.sort());
    }
  });

  it('renders the base (not deployable alone: no image tags, no Secrets) and the dependencies’ resources, with no unexplained kube-score finding', () => {
    expect(render('base').objects.filter((o) => o.kind === 'Deployment')).toHaveLength(APPS.length);
    const deps = render('dependencies');
    expect(deps.objects.map((o) => o.kind).sort()).toEqual(['MongoDBCommunity', 'NetworkPolicy']);
    const result = unexplained('dependencies', kubeScore(deps.text));
    result.used.forEach((e) => used.add(e));
    expect(result.unexplained.map((f) => `${f.check} ${f.object}`)).toEqual([]);
  });

  it('lets notifications reach SMTP and the push services (443) outside the cluster only, and payments Stripe likewise', () => {
    type Peer = { ipBlock?: { cidr: string; except?: string[] }; namespaceSelector?: unknown };
    type Rule = { to?: Peer[]; ports?: { port: number }[] };
    const egress = (app: string) =>
      render('base')
        .objects.filter((o) => o.kind === 'NetworkPolicy')
        .map((o) => o as unknown as { spec: { podSelector: { matchLabels?: Record<string, string> }; egress?: Rule[] } })
        .filter((p) => p.spec.podSelector.matchLabels?.['app.kubernetes.io/name'] === app)
        .flatMap((p) => p.spec.egress ?? []);
    const inside = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '169.254.0.0/16'];
    const reaches = (app: string, port: number) => egress(app).filter((r) => r.ports?.some((p) => p.port === port));
    for (const [app, port] of [
      ['notifications', 587],
      ['notifications', 465],
      ['notifications', 443],
      ['payments', 443],
    ] as const) {
      const rules = reaches(app, port);
      expect(rules.length, `${app} → ${port}`).toBeGreaterThan(0);
      for (const rule of rules) {
        // A destination is always named (no rule without `to` = anywhere), and the internet never
        // includes the cluster's, the network's or the cloud metadata's addresses.
        expect(rule.to?.length, `${app} → ${port}: a destination`).toBeGreaterThan(0);
        for (const peer of rule.to!.filter((t) => t.ipBlock))
          for (const range of inside) expect(peer.ipBlock!.except ?? [], `${app} → ${port} excepts ${range}`).toContain(range);
      }
    }
  });

  it('explains only findings that still occur (no stale exception)', () => {
    expect(KUBE_SCORE_EXCEPTIONS.filter((e) => !used.has(e)).map((e) => `${e.check} (${e.overlays.join(', ')})`)).toEqual([]);
  });
});

describe('Dockerfiles, parsed (dockerfile-ast) and checked against file traces (@vercel/nft), without Docker', () => {
  const facts = repoFacts(root);

  it('the lockfile is in step with every workspace manifest', () => {
    expect(checkLockfile(facts)).toEqual([]);
  });

  for (const app of APPS) {
    it(`${app.dockerfile} builds ${app.name}: every COPY source, workspace and build input exist; the image has what its entry needs at run time`, async () => {
      expect(await checkDockerfile(facts, { dockerfile: app.dockerfile, buildArgs: app.buildArgs })).toEqual([]);
    });
  }
});
