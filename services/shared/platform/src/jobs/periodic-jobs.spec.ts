import 'reflect-metadata';
import { Injectable, Logger, Module, type INestApplicationContext } from '@nestjs/common';
import { DiscoveryModule, NestFactory } from '@nestjs/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PLATFORM_CONFIG } from '../tokens';
import { PeriodicJob } from './periodic-job';
import { PeriodicJobs } from './periodic-jobs';
import { PeriodicTask } from './periodic-task';

interface Config {
  SWEEP_MS: number;
  OFF_MS: number;
}

/** A provider with jobs: each counts its runs; `slow` and `flaky` are steered by the test. */
@Injectable()
class Jobs {
  swept = 0;
  off = 0;
  slowCalls = 0;
  flakyCalls = 0;
  started = 0;
  release?: () => void;
  failNext = false;

  @PeriodicJob<Config>({ name: 'sweep', everyMs: (c) => c.SWEEP_MS })
  sweep(by = 1): number {
    return (this.swept += by);
  }

  @PeriodicJob<Config>({ name: 'off', everyMs: (c) => c.OFF_MS })
  turnedOff(): string {
    this.off++;
    return 'ran';
  }

  @PeriodicJob({ name: 'slow', everyMs: 100 })
  slow(): Promise<void> {
    this.slowCalls++;
    return new Promise((resolve) => (this.release = resolve));
  }

  @PeriodicJob({ name: 'flaky', everyMs: 50 })
  async flaky(): Promise<void> {
    this.flakyCalls++;
    if (this.failNext) {
      this.failNext = false;
      throw new Error('base indisponible');
    }
  }

  @PeriodicJob({ name: 'at-start', everyMs: 60_000, atStart: true })
  atStart(): void {
    this.started++;
  }

  /** Not a job: never called by the runner. */
  helper(): void {
    throw new Error('not a job');
  }
}

const config: Config = { SWEEP_MS: 1_000, OFF_MS: 0 };

@Module({
  imports: [DiscoveryModule],
  providers: [PeriodicJobs, Jobs, { provide: PLATFORM_CONFIG, useValue: config }],
})
class TestModule {}

describe('PeriodicJobs', () => {
  let app: INestApplicationContext;
  let jobs: Jobs;
  let runner: PeriodicJobs;
  let warn: ReturnType<typeof vi.spyOn>;
  let closedByTest = false;

  beforeEach(async () => {
    vi.useFakeTimers();
    closedByTest = false;
    warn = vi.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    app = await NestFactory.createApplicationContext(TestModule, { logger: false });
    await app.init();
    jobs = app.get(Jobs);
    runner = app.get(PeriodicJobs);
    jobs.release?.();
  });

  afterEach(async () => {
    jobs.release?.();
    if (!closedByTest) await app.close();
    warn.mockRestore();
    vi.useRealTimers();
  });

  it('finds the decorated methods, with their periods read from the configuration', () => {
    expect(runner.list()).toEqual([
      { name: 'sweep', everyMs: 1_000 },
      { name: 'off', everyMs: 0 },
      { name: 'slow', everyMs: 100 },
      { name: 'flaky', everyMs: 50 },
      { name: 'at-start', everyMs: 60_000 },
    ]);
  });

  it('runs a job every period (the first one period after start)', async () => {
    await vi.advanceTimersByTimeAsync(999);
    expect(jobs.swept).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(jobs.swept).toBe(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(jobs.swept).toBe(3);
  });

  it('runs an atStart job at once, then every period', async () => {
    await vi.advanceTimersByTimeAsync(0);
    expect(jobs.started).toBe(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(jobs.started).toBe(2);
  });

  it('runNow passes its arguments to the method; the ticks pass none', async () => {
    expect(await runner.runNow('sweep', 5)).toBe(5);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(jobs.swept).toBe(6);
    expect(await runner.runNow('sweep')).toBe(7);
  });

  it('never ticks a job whose period is 0, and still runs it on demand', async () => {
    await vi.advanceTimersByTimeAsync(60_000);
    expect(jobs.off).toBe(0);
    expect(await runner.runNow('off')).toBe('ran');
    expect(jobs.off).toBe(1);
  });

  it('skips the ticks while a run is still going, then ticks again', async () => {
    await vi.advanceTimersByTimeAsync(100);
    expect(jobs.slowCalls).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(jobs.slowCalls).toBe(1);
    jobs.release!();
    await vi.advanceTimersByTimeAsync(100);
    expect(jobs.slowCalls).toBe(2);
  });

  it('logs a failed run with the job name, throws nothing, and runs the next tick', async () => {
    jobs.failNext = true;
    await vi.advanceTimersByTimeAsync(50);
    expect(jobs.flakyCalls).toBe(1);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^flaky failed \(next run in 50 ms\): base indisponible$/));
    await vi.advanceTimersByTimeAsync(50);
    expect(jobs.flakyCalls).toBe(2);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('runNow waits for the run in flight, then runs once more, and passes the error on', async () => {
    await vi.advanceTimersByTimeAsync(100);
    expect(jobs.slowCalls).toBe(1);
    const now = runner.runNow('slow');
    await vi.advanceTimersByTimeAsync(0);
    expect(jobs.slowCalls).toBe(1);
    jobs.release!();
    await vi.advanceTimersByTimeAsync(0);
    expect(jobs.slowCalls).toBe(2);
    jobs.release!();
    await now;

    jobs.failNext = true;
    await expect(runner.runNow('flaky')).rejects.toThrow('base indisponible');
    await expect(runner.runNow('nope')).rejects.toThrow(/no periodic job named nope/);
    expect(jobs.helper).toThrow('not a job');
  });

  it('stops every job on shutdown, after the run in flight', async () => {
    await vi.advanceTimersByTimeAsync(100);
    expect(jobs.slowCalls).toBe(1);
    let closed = false;
    closedByTest = true;
    const closing = app.close().then(() => (closed = true));
    await vi.advanceTimersByTimeAsync(500);
    expect(closed).toBe(false);
    jobs.release!();
    await vi.advanceTimersByTimeAsync(0);
    await closing;
    expect(closed).toBe(true);
    const before = { swept: jobs.swept, slow: jobs.slowCalls, flaky: jobs.flakyCalls };
    await vi.advanceTimersByTimeAsync(10_000);
    expect({ swept: jobs.swept, slow: jobs.slowCalls, flaky: jobs.flakyCalls }).toEqual(before);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does not wait for ever for a run that never ends at shutdown', async () => {
    await vi.advanceTimersByTimeAsync(100);
    jobs.release = undefined; // this run never ends
    let closed = false;
    closedByTest = true;
    const closing = app.close().then(() => (closed = true));
    await vi.advanceTimersByTimeAsync(9_999);
    expect(closed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await closing;
    expect(warn).toHaveBeenCalledWith('slow: still running 10000 ms after shutdown began, not waited for');
  });
});

describe('PeriodicJobs refuses ambiguous or impossible jobs at bootstrap', () => {
  const boot = async (providers: unknown[]) => {
    @Module({
      imports: [DiscoveryModule],
      providers: [PeriodicJobs, ...(providers as never[]), { provide: PLATFORM_CONFIG, useValue: config }],
    })
    class M {}
    const app = await NestFactory.createApplicationContext(M, { logger: false });
    try {
      await app.init();
    } finally {
      await app.close();
    }
  };

  it('two jobs with one name', async () => {
    @Injectable()
    class Other {
      @PeriodicJob({ name: 'sweep', everyMs: 1_000 })
      sweep(): void {}
    }
    await expect(boot([Jobs, Other])).rejects.toThrow('two periodic jobs named sweep (the second on Other.sweep)');
  });

  it('a period a timer cannot keep', async () => {
    @Injectable()
    class TooLong {
      @PeriodicJob({ name: 'monthly', everyMs: 31 * 86_400_000 })
      run(): void {}
    }
    await expect(boot([TooLong])).rejects.toThrow(/monthly: a period of 2678400000 ms is longer than a timer keeps/);
  });
});

describe('PeriodicTask', () => {
  const refTimers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;

  it("never keeps the process alive: its timer is unref'd", async () => {
    const before = refTimers();
    const task = new PeriodicTask('unref', 1_000, () => undefined);
    task.start();
    expect(task.enabled).toBe(true);
    expect(refTimers()).toBe(before);
    await task.stop();
  });
});
