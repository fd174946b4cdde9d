import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDocument, stringify } from 'yaml';
import {
  APPS,
  app,
  CHART_APPS_FILE,
  CHART_DIR,
  chartApps,
  helmTemplate,
  parseManifests,
  checkCompose,
  checkDockerfile,
  checkK8s,
  checkLockfile,
  kubeScore,
  productionClosure,
  repoFacts,
  unexplained,
  type K8sObject,
} from '@popote/deploy';
import { read, render, reviews, root } from './repo';

// The checks catch what they claim to: each case breaks a copy of a real file (never the file
// itself) in one way and expects the check to name the problem.

const compose = read('docker-compose.yml');
const envExample = read('.env.example');

/** docker-compose.yml with one edit made through the YAML document (anchors kept). */
function editCompose(edit: (doc: ReturnType<typeof parseDocument>) => void): string {
  const doc = parseDocument(compose, { merge: true });
  edit(doc);
  return doc.toString();
}

describe('the compose check fails', () => {
  it('when a service of the list is missing from compose', () => {
    const broken = editCompose((doc) => doc.deleteIn(['services', 'notifications']));
    expect(checkCompose(broken, envExample)).toContain('compose: no service "notifications"');
  });

  it('when the list gains an app that compose lacks', () => {
    expect(checkCompose(compose, envExample, [...APPS, reviews])).toContain('compose: no service "reviews"');
  });

  it('when an app gets a variable the list does not have, or loses one', () => {
    const extra = editCompose((doc) => doc.setIn(['services', 'shell', 'environment', 'SHELL_THEME'], 'dark'));
    expect(checkCompose(extra, envExample)).toEqual([
      expect.stringMatching(/compose shell: environment differs from the list: unexpected SHELL_THEME/),
    ]);
    const missing = editCompose((doc) => doc.deleteIn(['services', 'notifications', 'environment', 'SMTP_PORT']));
    expect(checkCompose(missing, envExample)).toEqual([
      expect.stringMatching(/compose notifications: environment differs from the list: missing SMTP_PORT/),
    ]);
  });

  it('when a secret gets a working default or a literal value', () => {
    const withDefault = compose.replace('${AUTH_JWT_SECRET:?set AUTH_JWT_SECRET', '${AUTH_JWT_SECRET:-insecure-default-0123456789abcdef');
    expect(checkCompose(withDefault, envExample).join('\n')).toMatch(/secret AUTH_JWT_SECRET uses \$\{AUTH_JWT_SECRET:-…\}/);
    const literal = editCompose((doc) => doc.setIn(['services', 'notifications', 'environment', 'SMTP_PASSWORD'], 'hunter2'));
    expect(checkCompose(literal, envExample)).toContain(
      'compose notifications: secret SMTP_PASSWORD is a literal; take it from .env with ${NAME:?…}',
    );
  });

  it('when .env.example gives a secret a value, or omits a variable compose reads', () => {
    expect(checkCompose(compose, envExample.replace(/^AUTH_JWT_SECRET=$/m, 'AUTH_JWT_SECRET=changeme'))).toContain(
      '.env.example: AUTH_JWT_SECRET has a value; the example must have no working default',
    );
    expect(checkCompose(compose, envExample.replace(/^SMTP_USER=\n/m, ''))).toContain(
      '.env.example: required SMTP_USER is not listed as "SMTP_USER="',
    );
  });

  it('when Docker Compose’s own loader rejects it (a misspelt key, a dependency on no service)', async () => {
    const { composeConfig } = await import('@popote/deploy');
    const { mkdtempSync, writeFileSync, cpSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'popote-compose-'));
    cpSync(join(root, 'infra/compose'), join(dir, 'infra/compose'), { recursive: true });
    writeFileSync(join(dir, '.env'), envExample.replace(/^([A-Z][A-Z0-9_]*)=$/gm, '$1=generated-0123456789abcdef0123456789'));
    const load = (text: string) => {
      writeFileSync(join(dir, 'docker-compose.yml'), text);
      return composeConfig(join(dir, 'docker-compose.yml'), { envFile: join(dir, '.env') });
    };
    expect(load(compose).ok).toBe(true);
    const typo = load(
      editCompose((doc) => doc.setIn(['services', 'shell', 'healtcheck'], doc.getIn(['services', 'shell', 'healthcheck']))),
    );
    expect(typo.ok ? '' : typo.error).toMatch(/healtcheck/);
    const dangling = load(editCompose((doc) => doc.setIn(['services', 'bff', 'depends_on', 'search', 'condition'], 'service_healthy')));
    expect(dangling.ok ? '' : dangling.error).toMatch(/search/);
  });

  it('when an app’s heap ceiling differs from the list’s', () => {
    const edited = editCompose((doc) =>
      doc.setIn(['services', 'notifications', 'environment', 'NODE_OPTIONS'], '--max-old-space-size=4096'),
    );
    expect(checkCompose(edited, envExample)).toEqual([
      'compose notifications: NODE_OPTIONS is "--max-old-space-size=4096", the list says "--max-old-space-size=192 --max-semi-space-size=16"',
    ]);
  });

  it('when an app is built from the wrong Dockerfile or build argument', () => {
    const broken = editCompose((doc) => doc.setIn(['services', 'cart', 'build', 'args', 'SERVICE'], 'ordering'));
    expect(checkCompose(broken, envExample)).toContain('compose cart: build arg SERVICE=ordering, expected cart');
  });
});

describe('the chart follows the list', () => {
  it('its apps.json is stale once the list gains an app; rendered again, the new app has its objects', () => {
    expect(chartApps([...APPS, reviews])).not.toBe(read(CHART_APPS_FILE));
    const chart = mkdtempSync(join(tmpdir(), 'popote-chart-'));
    try {
      cpSync(join(root, CHART_DIR), chart, { recursive: true });
      writeFileSync(join(chart, 'apps.json'), chartApps([...APPS, reviews]));
      const objects = parseManifests(helmTemplate(chart)).filter((o) => o.metadata.name === 'reviews');
      expect(objects.map((o) => o.kind).sort()).toEqual(['Deployment', 'HorizontalPodAutoscaler', 'PodDisruptionBudget', 'Service']);
      const container = objects.find((o) => o.kind === 'Deployment')!.spec.template.spec.containers[0];
      expect(container.image).toBe('popote/reviews');
      expect(container.envFrom).toContainEqual({ secretRef: { name: 'popote-reviews' } });
    } finally {
      rmSync(chart, { recursive: true, force: true });
    }
  });
});

describe('the Kubernetes check fails', () => {
  const { objects, text } = render('production');
  const clone = () => structuredClone(objects) as K8sObject[];
  const deployment = (objs: K8sObject[], name: string) => objs.find((o) => o.kind === 'Deployment' && o.metadata.name === name)!;

  it('when a Deployment of the list is missing, or the list gains an app', () => {
    const objs = clone().filter((o) => !(o.kind === 'Deployment' && o.metadata.name === 'notifications'));
    expect(checkK8s('production', objs)).toContain('k8s production: no Deployment "notifications"');
    expect(checkK8s('production', objects, [...APPS, reviews])).toContain('k8s production: no Deployment "reviews"');
  });

  it('when a secret is inlined instead of taken from the app’s Secret', () => {
    const objs = clone();
    deployment(objs, 'identity').spec.template.spec.containers[0].env.push({ name: 'AUTH_JWT_SECRET', value: 'inline' });
    const ext = objs.find((o) => o.kind === 'ExternalSecret' && o.metadata.name === 'popote-identity')!;
    ext.spec.data = ext.spec.data.filter((d: { secretKey: string }) => d.secretKey !== 'AUTH_JWT_SECRET');
    const problems = checkK8s('production', objs);
    expect(problems).toContain('k8s production: identity: secret AUTH_JWT_SECRET is not taken from a Secret');
    expect(problems).toContain(
      "k8s production: identity: Secret popote-identity keys differ from the list's secrets: missing AUTH_JWT_SECRET",
    );
  });

  it('when a pod loses its probe, its read-only root or its NATS label', () => {
    const objs = clone();
    const cart = deployment(objs, 'cart').spec.template;
    delete cart.spec.containers[0].readinessProbe;
    cart.spec.containers[0].securityContext.readOnlyRootFilesystem = false;
    delete cart.metadata.labels['popote.fr/nats-client'];
    const problems = checkK8s('production', objs);
    expect(problems).toContain('k8s production: cart: readiness probe is not GET /health/ready');
    expect(problems).toContain('k8s production: cart: root filesystem is not read-only');
    expect(problems).toContain('k8s production: cart: pods lack the label popote.fr/nats-client: "true" (NATS would refuse them)');
  });

  it('when a heap ceiling differs from the list’s or the memory limit leaves it no room', () => {
    const objs = clone();
    const c = deployment(objs, 'notifications').spec.template.spec.containers[0];
    c.env.find((e: { name: string }) => e.name === 'NODE_OPTIONS').value = '--max-old-space-size=4096';
    c.resources.limits.memory = '0.25Gi';
    const problems = checkK8s('production', objs);
    expect(problems).toContain(
      'k8s production: notifications: NODE_OPTIONS is "--max-old-space-size=4096", the list says "--max-old-space-size=192 --max-semi-space-size=16"',
    );
    expect(problems).toContain('k8s production: notifications: memory limit 256 Mi is less than twice the heap ceiling (192 MiB)');
  });

  it('when kube-score finds something nobody explained', () => {
    const objs = clone();
    delete deployment(objs, 'bff').spec.template.spec.containers[0].livenessProbe;
    const findings = unexplained('production', kubeScore(objs.map((o) => stringify(o)).join('---\n'))).unexplained;
    expect(findings.map((f) => `${f.check} ${f.object}`)).toContain('pod-probes Deployment/bff');
    // and the real production render has none
    expect(unexplained('production', kubeScore(text)).unexplained).toEqual([]);
  });
});

describe('the Dockerfile check fails', () => {
  const facts = repoFacts(root);
  const services = read('services/Dockerfile');
  const frontends = read('frontends/Dockerfile');
  const svc = async (text: string, SERVICE = 'catalogue', f = facts) =>
    (await checkDockerfile(f, { dockerfile: 'services/Dockerfile', buildArgs: { SERVICE }, text })).join('\n');
  const web = async (text: string) =>
    (await checkDockerfile(facts, { dockerfile: 'frontends/Dockerfile', buildArgs: { APP: 'consumer' }, text })).join('\n');

  it('when a COPY source path is wrong, or excluded by .dockerignore', async () => {
    const broken = services.replace(
      'COPY services/shared/platform/ services/shared/platform/',
      'COPY services/shared/platfrom/ services/shared/platform/',
    );
    expect(await svc(broken)).toMatch(/COPY services\/shared\/platfrom\/: no such file in the build context/);
    const ignored = services.replace('COPY tsconfig.base.json ./', 'COPY tsconfig.base.json services/${SERVICE}/dist/ ./');
    expect(await svc(ignored)).toMatch(/COPY services\/catalogue\/dist\/: excluded by \.dockerignore/);
  });

  it('when COPY --from names no earlier stage', async () => {
    const broken = services.replace('COPY --from=prod-deps /app/node_modules/', 'COPY --from=prod-dep /app/node_modules/');
    expect(await svc(broken)).toMatch(/services\/Dockerfile:\d+ \(SERVICE=catalogue\): COPY --from=prod-dep: no such earlier stage/);
  });

  it('when the workspace does not exist', async () => {
    expect(await svc(services, 'reviews')).toMatch(/npm install -w @popote\/reviews: no such workspace in package.json/);
  });

  it('when a project that tsc -b builds through its references was not copied', async () => {
    const broken = services.replace('COPY services/shared/contracts/ services/shared/contracts/\n', '');
    expect(await svc(broken)).toMatch(
      /tsc -b services\/catalogue reads services\/shared\/contracts\/tsconfig\.json \(and \d+ more files of @popote\/contracts\), not in stage build/,
    );
  });

  it('when the runtime copies a file the build stage does not make', async () => {
    const broken = services.replace(
      'COPY --from=build /app/services/${SERVICE}/dist/ services/${SERVICE}/dist/',
      'COPY --from=build /app/services/${SERVICE}/build/ services/${SERVICE}/dist/',
    );
    const problems = await svc(broken);
    expect(problems).toMatch(/COPY --from=build \/app\/services\/catalogue\/build\/: not in stage build/);
    expect(problems).toMatch(/the runtime image lacks services\/catalogue\/dist\/main\.js \(and \d+ more files of @popote\/catalogue\)/);
  });

  it('when the runtime image lacks a compiled workspace the service needs', async () => {
    const broken = services.replace('COPY --from=build /app/services/shared/platform/dist/ services/shared/platform/dist/\n', '');
    expect(await svc(broken)).toMatch(
      /services\/Dockerfile \(SERVICE=catalogue\): the runtime image lacks services\/shared\/platform\/dist\/\S+ \(and \d+ more files of @popote\/platform\), which services\/catalogue\/dist\/main\.js needs at run time/,
    );
  });

  it('when the service imports at run time a package the production install (--omit=dev) does not keep', async () => {
    const lock = structuredClone(facts.lock);
    const cat = lock.packages['services/catalogue'];
    cat.devDependencies = { ...cat.devDependencies, luxon: cat.dependencies.luxon };
    delete cat.dependencies.luxon;
    expect(await svc(services, 'catalogue', { ...facts, lock })).toMatch(
      /services\/catalogue\/dist\/\S+ imports luxon, which the production install \(--omit=dev\) does not keep: make it a dependency of @popote\/catalogue/,
    );
  });

  it('when a frontend build lacks the BFF schema its GraphQL documents are generated from', async () => {
    const broken = frontends.replace('COPY bff/schema.graphql bff/\n', '');
    expect(await web(broken)).toMatch(/nx run consumer:build .*reads bff\/schema\.graphql, not in stage build/);
  });

  it('when a frontend build lacks the sources of a shared package it imports (only its manifest is there)', async () => {
    const broken = frontends.replace('COPY services/shared/rules/ services/shared/rules/\n', '');
    expect(broken).not.toBe(frontends);
    expect(await web(broken)).toMatch(
      /nx run consumer:build .*reads services\/shared\/rules\/src\/\S+ \(and \d+ more files of @popote\/rules\), not in stage build/,
    );
  });

  it('when a RUN step is one the check does not know (so it cannot silently skip it)', async () => {
    const broken = services.replace('RUN npx tsc -b services/${SERVICE}', 'RUN npx tsc -b services/${SERVICE} && make assets');
    expect(await svc(broken)).toMatch(/RUN step not understood by infra\/deploy\/src\/dockerfile.ts: "make assets"/);
  });

  it('when the lockfile is out of step with a manifest', () => {
    const stale = { ...facts, lock: structuredClone(facts.lock) };
    stale.lock.packages['services/cart'] = { ...stale.lock.packages['services/cart'], dependencies: {} };
    expect(checkLockfile(stale)).toContain(
      'package-lock.json: dependencies of @popote/cart differ from services/cart/package.json: run npm install',
    );
  });

  it('knows what the production install keeps (the prune): runtime packages yes, test tools no', () => {
    const keep = productionClosure(facts, '@popote/catalogue');
    expect(keep.has('@nestjs/core')).toBe(true);
    expect(keep.has('zod')).toBe(true);
    expect(keep.has('vitest')).toBe(false);
    expect(keep.has('testcontainers')).toBe(false);
  });
});

describe('the launcher check fails', () => {
  it('when the launcher does not set a variable of the list (and accepts the ones left to local defaults)', async () => {
    const { launcherGaps, processEnv } = await import('@popote/deploy');
    const notifications = app('notifications');
    const full = {
      ...Object.fromEntries(notifications.env.map((v) => [v.name, 'x'])),
      NODE_OPTIONS: '--max-old-space-size=192 --max-semi-space-size=16',
    };
    expect(launcherGaps(notifications, full)).toEqual([]);
    expect(launcherGaps(notifications, { ...full, NODE_OPTIONS: '--max-old-space-size=4096' })).toEqual(['NODE_OPTIONS']);
    const { SMTP_HOST: _host, SMTP_PASSWORD: _password, ...partial } = full;
    expect(launcherGaps(notifications, partial)).toEqual(['SMTP_HOST']); // SMTP_PASSWORD: local default
    expect(processEnv(process.pid).PATH).toBe(process.env.PATH);
  });
});
