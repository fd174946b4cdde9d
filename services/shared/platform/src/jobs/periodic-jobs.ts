import { Inject, Injectable, Logger, Optional, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { PLATFORM_CONFIG } from '../tokens';
import { PERIODIC_JOB, type PeriodicJobOptions } from './periodic-job';
import { PeriodicTask } from './periodic-task';

interface Job {
  task: PeriodicTask;
  atStart: boolean;
}

/**
 * Runs the `@PeriodicJob` methods of the application's providers: found at application bootstrap,
 * started then, stopped (and their runs in flight awaited) when the application closes, before the
 * database and NATS connections go.
 */
@Injectable()
export class PeriodicJobs implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('PeriodicJobs');
  private jobs?: Map<string, Job>;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    @Optional() @Inject(PLATFORM_CONFIG) private readonly config: unknown = {},
  ) {}

  onApplicationBootstrap(): void {
    for (const [name, { task, atStart }] of this.discovered()) {
      if (!task.enabled) {
        this.log.log(`${name}: off (period 0)`);
        continue;
      }
      task.start({ atStart });
      this.log.log(`${name}: every ${task.everyMs} ms`);
    }
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all([...(this.jobs?.values() ?? [])].map(({ task }) => task.stop()));
  }

  /**
   * Runs the job `name` now (after its run in flight, if any), whether its ticks are on or off: for
   * tests and tooling, which reach a service's jobs by name (`app.get(PeriodicJobs)`) without its
   * classes. `args` go to the method (the ticks pass none): a test's clock, say. Resolves with what
   * the method returned, rejects with its error.
   */
  async runNow<T = unknown>(name: string, ...args: unknown[]): Promise<T> {
    const job = this.discovered().get(name);
    if (!job) throw new Error(`no periodic job named ${name} (known: ${[...this.discovered().keys()].join(', ') || 'none'})`);
    return (await job.task.runNow(...args)) as T;
  }

  /** The jobs of this process and their periods (0: off). */
  list(): { name: string; everyMs: number }[] {
    return [...this.discovered().values()].map(({ task }) => ({ name: task.name, everyMs: task.everyMs }));
  }

  private discovered(): Map<string, Job> {
    if (this.jobs) return this.jobs;
    const jobs = new Map<string, Job>();
    const seen = new Set<unknown>();
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      // An alias (useExisting) is the same instance under another token: its jobs are counted once.
      if (!instance || typeof instance !== 'object' || !wrapper.isDependencyTreeStatic() || seen.has(instance)) continue;
      seen.add(instance);
      const prototype = Object.getPrototypeOf(instance) as object;
      for (const method of this.scanner.getAllMethodNames(prototype)) {
        const fn = (prototype as Record<string, unknown>)[method];
        const options = typeof fn === 'function' ? (Reflect.getMetadata(PERIODIC_JOB, fn) as PeriodicJobOptions | undefined) : undefined;
        if (!options) continue;
        const where = `${prototype.constructor.name}.${method}`;
        if (jobs.has(options.name)) throw new Error(`two periodic jobs named ${options.name} (the second on ${where})`);
        const everyMs = typeof options.everyMs === 'function' ? options.everyMs(this.config) : options.everyMs;
        const run = (...args: unknown[]) => (instance[method] as (...a: unknown[]) => unknown).call(instance, ...args);
        const task = new PeriodicTask(options.name, everyMs, run, this.log);
        jobs.set(options.name, { task, atStart: options.atStart ?? false });
      }
    }
    this.jobs = jobs;
    return jobs;
  }
}
