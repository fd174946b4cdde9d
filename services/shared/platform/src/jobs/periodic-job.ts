import { SetMetadata } from '@nestjs/common';

export const PERIODIC_JOB = Symbol('popote:periodic-job');

export interface PeriodicJobOptions<C = any> {
  /** Unique in the process: in the logs, and the name `PeriodicJobs.runNow` takes. */
  name: string;
  /**
   * The period in milliseconds, or how to read it from the service's configuration (the object the
   * service gave `PlatformModule.forService`). 0 (or less) turns the ticks off.
   */
  everyMs: number | ((config: C) => number);
  /** Also run once when the application has started (default: the first run is one period later). */
  atStart?: boolean;
}

/**
 * Marks a provider's method as a job the platform runs every period (discovered at application
 * bootstrap, like event handlers): never two runs at once in a process, errors logged, stopped on
 * shutdown. The method is called without arguments and stays callable directly. Every replica runs
 * its own ticks: the work must be idempotent or elect itself (a claim document, a lock).
 */
export const PeriodicJob = <C = any>(options: PeriodicJobOptions<C>): MethodDecorator => SetMetadata(PERIODIC_JOB, options);
