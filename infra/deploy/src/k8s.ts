import { parseAllDocuments } from 'yaml';
import { APPS, envNames, nodeOptions, secretNames, secretObjectName, type App } from './apps';
import { listDiff, sameList } from './compose';

export type K8sObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  [k: string]: any;
};

export function parseManifests(text: string): K8sObject[] {
  return parseAllDocuments(text)
    .map((d) => d.toJS() as K8sObject | null)
    .filter((o): o is K8sObject => !!o && typeof o === 'object' && 'kind' in o);
}

/** Where each variable of a container comes from: a literal/ConfigMap ('config') or a Secret ('secret'). */
export function containerEnv(objects: K8sObject[], container: any): { names: Map<string, 'config' | 'secret'>; problems: string[] } {
  const names = new Map<string, 'config' | 'secret'>();
  const problems: string[] = [];
  const find = (kind: string, name: string) => objects.find((o) => o.kind === kind && o.metadata.name === name);
  for (const from of container.envFrom ?? []) {
    if (from.configMapRef) {
      const cm = find('ConfigMap', from.configMapRef.name);
      if (!cm) problems.push(`envFrom ConfigMap ${from.configMapRef.name} is not defined`);
      for (const k of Object.keys(cm?.data ?? {})) names.set(k, 'config');
    } else if (from.secretRef) {
      const keys = secretKeys(objects, from.secretRef.name);
      if (!keys) problems.push(`envFrom Secret ${from.secretRef.name} is neither a Secret nor an ExternalSecret of this build`);
      for (const k of keys ?? []) names.set(k, 'secret');
    }
  }
  for (const e of container.env ?? []) {
    const ref = e.valueFrom?.secretKeyRef;
    names.set(e.name, ref ? 'secret' : 'config');
    if (e.valueFrom?.configMapKeyRef) {
      const { name, key } = e.valueFrom.configMapKeyRef;
      if (!(key in (find('ConfigMap', name)?.data ?? {})))
        problems.push(`${e.name} reads ConfigMap ${name} key ${key}, which does not exist`);
    }
    if (ref && !secretKeys(objects, ref.name)?.includes(ref.key))
      problems.push(`${e.name} reads Secret ${ref.name} key ${ref.key}, which does not exist`);
  }
  return { names, problems };
}

/** A Kubernetes memory quantity in MiB (Mi, Gi, M, G or bytes); undefined when absent or unreadable. */
export function mebibytes(q: string | number | undefined): number | undefined {
  if (q === undefined) return undefined;
  const m = /^(\d+(?:\.\d+)?)(Ki|Mi|Gi|K|M|G)?$/.exec(String(q));
  if (!m) return undefined;
  const factor = { Ki: 1 / 1024, Mi: 1, Gi: 1024, K: 1e3 / 2 ** 20, M: 1e6 / 2 ** 20, G: 1e9 / 2 ** 20 }[m[2] ?? ''] ?? 1 / 2 ** 20;
  return Number(m[1]) * factor;
}

/** The keys of a Secret of the build: a Secret (kustomize secretGenerator, names hashed) or the target of an ExternalSecret. */
export function secretKeys(objects: K8sObject[], name: string): string[] | undefined {
  const secret = objects.find((o) => o.kind === 'Secret' && o.metadata.name === name);
  if (secret) return Object.keys({ ...(secret.data ?? {}), ...(secret.stringData ?? {}) }).sort();
  const ext = objects.find((o) => o.kind === 'ExternalSecret' && (o.spec?.target?.name ?? o.metadata.name) === name);
  if (ext) return (ext.spec?.data ?? []).map((d: any) => d.secretKey as string).sort();
  return undefined;
}

const selects = (selector: any, labels: Record<string, string>) =>
  Object.entries(selector?.matchLabels ?? {}).every(([k, v]) => labels[k] === v) &&
  (selector?.matchExpressions ?? []).every((e: any) => e.operator !== 'In' || e.values.includes(labels[e.key]));

/**
 * Every problem of one rendered overlay (`kustomize build`) against the list: each app has its
 * Deployment (probes, non-root, read-only, resources), Service, PodDisruptionBudget and, for the
 * Node apps, an HorizontalPodAutoscaler; its variables are exactly the list's; its secrets come
 * from its own Secret, which holds exactly them.
 */
export function checkK8s(overlay: string, objects: K8sObject[], apps: readonly App[] = APPS): string[] {
  const problems: string[] = [];
  const p = (msg: string) => problems.push(`k8s ${overlay}: ${msg}`);
  const deployments = objects.filter((o) => o.kind === 'Deployment');
  for (const d of deployments) if (!apps.some((a) => a.name === d.metadata.name)) p(`Deployment "${d.metadata.name}" is not in the list`);

  for (const app of apps) {
    const d = deployments.find((o) => o.metadata.name === app.name);
    if (!d) {
      p(`no Deployment "${app.name}"`);
      continue;
    }
    const at = (msg: string) => p(`${app.name}: ${msg}`);
    const pod = d.spec.template.spec;
    const labels: Record<string, string> = d.spec.template.metadata?.labels ?? {};
    const c = pod.containers?.[0];
    if (!c || pod.containers.length !== 1) {
      at('expected exactly one container');
      continue;
    }
    const image: string = c.image ?? '';
    if (!new RegExp(`(^|/)${app.image}:[\\w.-]+$`).test(image)) at(`image "${image}" is not ${app.image}:<tag>`);
    if (!(c.ports ?? []).some((port: any) => port.containerPort === app.port)) at(`no container port ${app.port}`);
    if (c.readinessProbe?.httpGet?.path !== app.readyPath) at(`readiness probe is not GET ${app.readyPath}`);
    if (!c.livenessProbe) at('no liveness probe');
    else if (app.livePath && c.livenessProbe.httpGet?.path !== app.livePath) at(`liveness probe is not GET ${app.livePath}`);
    const sc = { ...(pod.securityContext ?? {}), ...(c.securityContext ?? {}) };
    if (sc.runAsNonRoot !== true) at('runAsNonRoot is not true');
    if (!(sc.runAsUser > 0)) at('runAsUser is not a non-root uid');
    if (c.securityContext?.readOnlyRootFilesystem !== true) at('root filesystem is not read-only');
    if (c.securityContext?.allowPrivilegeEscalation !== false) at('allowPrivilegeEscalation is not false');
    for (const kind of ['requests', 'limits'] as const) {
      for (const r of ['cpu', 'memory']) if (!c.resources?.[kind]?.[r]) at(`no ${r} ${kind}`);
    }
    if (labels['popote.fr/nats-client'] !== (app.natsClient ? 'true' : undefined))
      at(
        app.natsClient
          ? 'pods lack the label popote.fr/nats-client: "true" (NATS would refuse them)'
          : 'pods carry popote.fr/nats-client but are no NATS client',
      );

    const { names, problems: envProblems } = containerEnv(objects, c);
    envProblems.forEach(at);
    const got = [...names.keys()].sort();
    if (!sameList(got, envNames(app))) at(`environment differs from the list: ${listDiff(envNames(app), got)}`);
    for (const v of app.env) {
      const source = names.get(v.name);
      if (v.secret && source === 'config') at(`secret ${v.name} is not taken from a Secret`);
      if (!v.secret && source === 'secret') at(`${v.name} comes from a Secret but the list says it is not secret`);
    }
    const heap = nodeOptions(app);
    if (heap) {
      const given = (c.env ?? []).find((e: any) => e.name === 'NODE_OPTIONS')?.value;
      if (given !== heap) at(`NODE_OPTIONS is "${given}", the list says "${heap}"`);
      const limit = mebibytes(c.resources?.limits?.memory);
      if (limit !== undefined && limit < 2 * app.heapMiB!)
        at(`memory limit ${limit} Mi is less than twice the heap ceiling (${app.heapMiB} MiB)`);
    }
    const secretName = secretObjectName(app);
    const refs = (c.envFrom ?? []).filter((f: any) => f.secretRef).map((f: any) => f.secretRef.name as string);
    if (secretNames(app).length > 0) {
      // A secretGenerator appends a content hash to the name (and rewrites the references).
      const own = refs.find((r: string) => r === secretName || r.startsWith(`${secretName}-`));
      if (!own) at(`does not take its Secret ${secretName}`);
      else {
        const keys = secretKeys(objects, own);
        if (keys && !sameList(keys, secretNames(app)))
          at(`Secret ${own} keys differ from the list's secrets: ${listDiff(secretNames(app), keys)}`);
      }
    }
    if (refs.some((r: string) => !(r === secretName || r.startsWith(`${secretName}-`))))
      at(`takes another app's Secret (${refs.join(', ')})`);

    const svc = objects.find((o) => o.kind === 'Service' && selects(o.spec?.selector && { matchLabels: o.spec.selector }, labels));
    if (!svc) at('no Service selects its pods');
    if (!objects.some((o) => o.kind === 'PodDisruptionBudget' && selects(o.spec?.selector, labels))) at('no PodDisruptionBudget');
    const hpa = objects.find((o) => o.kind === 'HorizontalPodAutoscaler' && o.spec?.scaleTargetRef?.name === app.name);
    if (app.kind !== 'frontend') {
      if (!hpa) at('no HorizontalPodAutoscaler');
      if (d.spec.replicas !== undefined) at('sets replicas although its HorizontalPodAutoscaler owns the count');
    }
    if (
      !objects.some((o) => o.kind === 'NetworkPolicy' && selects(o.spec?.podSelector, labels) && o.spec?.policyTypes?.includes('Ingress'))
    )
      at('no NetworkPolicy restricts its ingress');
  }
  for (const s of objects.filter((o) => o.kind === 'Secret')) {
    if (s.metadata.name.startsWith('popote-') && !apps.some((a) => s.metadata.name.startsWith(secretObjectName(a))))
      p(`Secret ${s.metadata.name} belongs to no app of the list`);
  }
  return problems;
}
