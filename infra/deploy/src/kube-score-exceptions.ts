import type { KubeScoreFinding } from './tools';

/**
 * kube-score findings that are accepted, each with its reason. `./popote test deploy` fails on any
 * finding not matched here, and on an exception that no longer matches anything (a stale
 * explanation hides nothing, so it must go).
 */
export interface KubeScoreException {
  check: string;
  /** Which rendered overlay(s) it applies to. */
  overlays: string[];
  /** Kind/name of the objects; omitted: every object. */
  objects?: string[];
  reason: string;
}

export const KUBE_SCORE_EXCEPTIONS: readonly KubeScoreException[] = [
  {
    check: 'container-image-pull-policy',
    overlays: ['local'],
    reason:
      'On a one-machine cluster the images are built locally and loaded into the nodes (`kind load docker-image`); ' +
      'with Always the kubelet would try a registry that does not have them. The base and production pull Always.',
  },
  {
    check: 'deployment-replicas',
    overlays: ['local'],
    reason: 'One machine: a second replica of a frontend would share the node, so it adds no availability (base and production run 2-3).',
  },
  {
    check: 'horizontalpodautoscaler-replicas',
    overlays: ['local'],
    reason: 'One machine: the autoscalers start at one replica (base: 2, production: 2-3) to fit a laptop.',
  },
  {
    check: 'networkpolicy-targets-pod',
    overlays: ['dependencies'],
    objects: ['NetworkPolicy/nats-clients-only'],
    reason:
      "It selects the NATS cluster's pods, which the nats Helm chart creates (infra/k8s/dependencies/nats-values.yaml), not this kustomization.",
  },
];

export function unexplained(
  overlay: string,
  findings: KubeScoreFinding[],
  exceptions: readonly KubeScoreException[] = KUBE_SCORE_EXCEPTIONS,
): { unexplained: KubeScoreFinding[]; used: Set<KubeScoreException> } {
  const used = new Set<KubeScoreException>();
  const left = findings.filter((f) => {
    const hit = exceptions.find((e) => e.check === f.check && e.overlays.includes(overlay) && (!e.objects || e.objects.includes(f.object)));
    if (hit) used.add(hit);
    return !hit;
  });
  return { unexplained: left, used };
}
