/** Percentile of sorted samples (nearest-rank). */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

export interface LatencySummary {
  requests: number;
  seconds: number;
  throughput: number;
  p50: number;
  p95: number;
  p99: number;
}

/** Runs `op` with `concurrency` workers for `seconds`, recording each call's latency in ms. */
export async function closedLoop(op: () => Promise<unknown>, concurrency: number, seconds: number): Promise<LatencySummary> {
  const samples: number[] = [];
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        await op();
        samples.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  samples.sort((a, b) => a - b);
  return {
    requests: samples.length,
    seconds: +elapsed.toFixed(2),
    throughput: +(samples.length / elapsed).toFixed(1),
    p50: +percentile(samples, 50).toFixed(2),
    p95: +percentile(samples, 95).toFixed(2),
    p99: +percentile(samples, 99).toFixed(2),
  };
}
