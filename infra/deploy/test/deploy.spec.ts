import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  APPS,
  appsOnDisk,
  checkCompose,
  checkDockerfile,
  checkK8s,
  checkLockfile,
  checkRuntime,
  composeConfig,
  composeEnv,
  envNames,
  interpolations,
  KUBE_SCORE_EXCEPTIONS,
  kubeScore,
  natsConfigTest,
  parseCompose,
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

  it('renders the base (not deployable alone: no image tags, no Secrets) and the dependencies’ resources, with no unexplained kube-score finding', () => {
    expect(render('base').objects.filter((o) => o.kind === 'Deployment')).toHaveLength(APPS.length);
    const deps = render('dependencies');
    expect(deps.objects.map((o) => o.kind).sort()).toEqual(['MongoDBCommunity', 'NetworkPolicy']);
    const result = unexplained('dependencies', kubeScore(deps.text));
    result.used.forEach((e) => used.add(e));
    expect(result.unexplained.map((f) => `${f.check} ${f.object}`)).toEqual([]);
  });

  it('explains only findings that still occur (no stale exception)', () => {
    expect(KUBE_SCORE_EXCEPTIONS.filter((e) => !used.has(e)).map((e) => `${e.check} (${e.overlays.join(', ')})`)).toEqual([]);
  });
});

describe('Dockerfiles, followed without Docker', () => {
  const facts = repoFacts(root);

  it('the lockfile is in step with every workspace manifest', () => {
    expect(checkLockfile(facts)).toEqual([]);
  });

  for (const app of APPS) {
    it(`${app.dockerfile} builds ${app.name}: every COPY source, workspace, build input and the entry file exist`, () => {
      expect(checkDockerfile(facts, { dockerfile: app.dockerfile, buildArgs: app.buildArgs })).toEqual([]);
      if (app.kind !== 'frontend')
        expect(checkRuntime(facts, { dockerfile: app.dockerfile, buildArgs: app.buildArgs }, app.workspace)).toEqual([]);
    });
  }
});
