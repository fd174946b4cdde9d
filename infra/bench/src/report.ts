// What every benchmark report carries (the machine, its load, the apps' settings) and how a report
// is written: docs/benchmarks/<name>.json, and the same JSON on stdout.

import { APPS, nodeOptions } from '@popote/deploy';
import { writeFileSync } from 'node:fs';
import * as os from 'node:os';
import { join } from 'node:path';

/** The run's context, at the head of every report (taken when the bench starts). */
export function runMeta() {
  return {
    date: new Date().toISOString(),
    machine: { cores: os.cpus().length, node: process.version },
    /** 1, 5 and 15 minutes, when the bench started: a figure from a busy machine is not a result. */
    load_average_before: os.loadavg().map((l) => +l.toFixed(2)),
    /** What each Node app of ours was started with (its heap ceiling, infra/deploy apps.ts). */
    apps_node_options: Object.fromEntries(APPS.filter((a) => a.heapMiB).map((a) => [a.name, nodeOptions(a)])),
    // The head sampling in force for every process of the run (ADR 0017): errors are exported whatever the ratio.
    tracing: {
      OTEL_TRACES_SAMPLER: process.env.OTEL_TRACES_SAMPLER ?? 'parentbased_always_on (SDK default: every trace sampled)',
      OTEL_TRACES_SAMPLER_ARG: process.env.OTEL_TRACES_SAMPLER_ARG ?? null,
    },
  };
}
export type RunMeta = ReturnType<typeof runMeta>;

/** Writes `report` to dir/file and prints it. */
export function writeReport(dir: string, file: string, report: object): void {
  writeFileSync(join(dir, file), `${JSON.stringify(report, null, 2)}\n`);
  console.log(JSON.stringify(report, null, 2));
}

/** Each measure's median over the rounds (its own median: throughput and each percentile apart). */
export function medianOf<T extends object>(rounds: T[]): T {
  const first = rounds[0] as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(first)) {
    if (typeof v !== 'number') {
      out[k] = v;
      continue;
    }
    const sorted = rounds.map((r) => (r as Record<string, number>)[k]).sort((a, b) => a - b);
    out[k] = sorted[Math.floor(sorted.length / 2)];
  }
  return out as T;
}

/** Round by round, how many times the first measure's throughput is the second's. */
export const ratioByRound = (over: { throughput: number }[], under: { throughput: number }[]) =>
  over.map((o, i) => +(o.throughput / under[i].throughput).toFixed(2));
