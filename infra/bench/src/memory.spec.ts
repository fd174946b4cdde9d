import { describe, expect, it } from 'vitest';
import { groupMemory, memoryOf } from './memory';

const MIB = 1024 * 1024;

describe('memory bench', () => {
  it("reads a live process's RSS and PSS from /proc (this one), and nothing of a process that is gone", () => {
    const mine = memoryOf(process.pid)!;
    expect(mine.rss).toBeGreaterThan(10 * MIB);
    expect(mine.pss).toBeGreaterThan(0);
    expect(mine.pss).toBeLessThanOrEqual(mine.rss);
    expect(memoryOf(2 ** 22 + 1)).toBeNull();
  });

  it('sums by name (the database backends one line), largest first, with the totals in MiB', () => {
    const grouped = groupMemory([
      { name: 'postgres', rss: 10 * MIB, pss: 4 * MIB },
      { name: 'catalogue', rss: 150 * MIB, pss: 120 * MIB },
      { name: 'postgres', rss: 12 * MIB, pss: 5 * MIB },
    ]);
    expect(grouped).toEqual({
      processes: 3,
      rss_mib: 172,
      pss_mib: 129,
      by_process: {
        catalogue: { processes: 1, rss_mib: 150, pss_mib: 120 },
        postgres: { processes: 2, rss_mib: 22, pss_mib: 9 },
      },
    });
    expect(Object.keys(grouped.by_process)).toEqual(['catalogue', 'postgres']);
  });
});
