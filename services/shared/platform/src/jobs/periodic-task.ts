import { Logger } from '@nestjs/common';

/** The longest period a Node.js timer keeps (a longer one fires every millisecond instead). */
export const MAX_PERIOD_MS = 2_147_483_647;

/**
 * One piece of work run every `everyMs` in this process:
 * - never two runs at once: a tick that finds the previous run still going is skipped;
 * - an error is logged with the job's name, never thrown, and the next tick runs as usual;
 * - the timer is unref'd (it never keeps a process alive on its own);
 * - `stop` ends the ticks and waits (a bounded time) for the run in flight.
 * A period of 0 (or less) turns the ticks off; `runNow` still works (tests, tooling).
 * The ticks call the work without arguments; `runNow` may pass some (a test's clock, say).
 */
export class PeriodicTask<T = unknown> {
  private timer?: NodeJS.Timeout;
  /** The last run started, settled or not; never rejects. Cleared once it is over. */
  private current?: Promise<void>;
  private stopped = false;

  constructor(
    readonly name: string,
    readonly everyMs: number,
    private readonly work: (...args: unknown[]) => T | Promise<T>,
    private readonly log = new Logger('PeriodicJobs'),
  ) {
    if (!Number.isFinite(everyMs)) throw new Error(`periodic job ${name}: the period must be a number of milliseconds (got ${everyMs})`);
    if (everyMs > MAX_PERIOD_MS)
      throw new Error(`periodic job ${name}: a period of ${everyMs} ms is longer than a timer keeps (${MAX_PERIOD_MS})`);
  }

  get enabled(): boolean {
    return this.everyMs > 0;
  }

  /** A run is going (started by a tick or by `runNow`). */
  get running(): boolean {
    return this.current !== undefined;
  }

  /** Starts the ticks (the first one period from now; at once too with `atStart`). No-op when off. */
  start(options: { atStart?: boolean } = {}): void {
    this.stopped = false;
    if (!this.enabled || this.timer) return;
    this.timer = setInterval(() => this.tick(), this.everyMs);
    this.timer.unref();
    if (options.atStart) this.tick();
  }

  /**
   * One run now, after the run in flight if any, with `args` passed to the work: resolves with what
   * the work returned, rejects with its error.
   */
  runNow(...args: unknown[]): Promise<T> {
    return this.launch(args);
  }

  /** Ends the ticks, then waits up to `graceMs` for a run in flight (logged if it is still going then). */
  async stop(graceMs = 10_000): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    const inFlight = this.current;
    if (!inFlight) return;
    let timeout: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => {
      timeout = setTimeout(() => resolve('late'), graceMs);
      timeout.unref();
    });
    const outcome = await Promise.race([inFlight, late]);
    clearTimeout(timeout);
    if (outcome === 'late') this.log.warn(`${this.name}: still running ${graceMs} ms after shutdown began, not waited for`);
  }

  private tick(): void {
    if (this.stopped) return;
    if (this.current) {
      this.log.debug(`${this.name}: previous run still going, this tick is skipped`);
      return;
    }
    this.launch().catch((err: unknown) =>
      this.log.warn(`${this.name} failed (next run in ${this.everyMs} ms): ${err instanceof Error ? err.message : String(err)}`),
    );
  }

  private launch(args: unknown[] = []): Promise<T> {
    const previous = this.current;
    const run = (async () => {
      if (previous) await previous;
      return await this.work(...args);
    })();
    const settled: Promise<void> = run.then(
      () => undefined,
      () => undefined,
    );
    this.current = settled;
    void settled.then(() => {
      if (this.current === settled) this.current = undefined;
    });
    return run;
  }
}
