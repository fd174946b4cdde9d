import { describe, expect, it } from 'vitest';
import { heapAfterGc, heapProbeEnabled } from './heap-probe';

describe('heap probe', () => {
  it('is off unless POPOTE_HEAP_PROBE=1', () => {
    expect(heapProbeEnabled({})).toBe(false);
    expect(heapProbeEnabled({ POPOTE_HEAP_PROBE: 'true' })).toBe(false);
    expect(heapProbeEnabled({ POPOTE_HEAP_PROBE: '1' })).toBe(true);
  });

  it('collects: what was only referenced before is gone from the heap after it', () => {
    const holder: { garbage: number[][] | null } = {
      garbage: Array.from({ length: 200 }, () => Array.from({ length: 10_000 }, (_, i) => i)),
    };
    const before = heapAfterGc().heap_used_bytes;
    holder.garbage = null;
    const after = heapAfterGc();
    expect(holder.garbage).toBeNull();
    expect(before - after.heap_used_bytes).toBeGreaterThan(8 * 1024 * 1024);
    expect(after.heap_total_bytes).toBeGreaterThanOrEqual(after.heap_used_bytes);
  });
});
