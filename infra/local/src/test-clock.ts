/**
 * `POPOTE_TEST_CLOCK=HH:MM`: every process the tests start (vitest and the services it runs, the
 * launched product, Chromium, PostgreSQL) sees the clock moved to the next HH:MM in Paris, ticking
 * from there (Debian's libfaketime, preloaded; `./popote test` installs it). The servers built from Go
 * modules keep the machine's clock: they read it without the C library. Shows that no test depends on
 * the hour it runs at (slots, cutoffs, Paris days).
 */
export function clockEnv(clock: string | undefined, lib: string | undefined, now = Date.now()): Record<string, string> {
  if (!clock) return {};
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(clock);
  if (!m) throw new Error(`POPOTE_TEST_CLOCK: HH:MM (Paris), not ${clock}`);
  if (!lib) throw new Error('POPOTE_TEST_CLOCK needs libfaketime (infra/local/bin/ensure-faketime.sh)');
  const paris = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const start = Math.floor(now / 60_000) * 60_000;
  for (let minutes = 1; minutes <= 26 * 60; minutes++) {
    if (paris.format(new Date(start + minutes * 60_000)) !== clock) continue;
    const offset = Math.round((start + minutes * 60_000 - now) / 1000);
    // A fixed offset (never reset per process, so every process agrees); timers and durations keep
    // the real monotonic clock.
    return { LD_PRELOAD: lib, FAKETIME: `+${offset}s`, DONT_FAKE_MONOTONIC: '1', POPOTE_TEST_CLOCK_OFFSET_S: String(offset) };
  }
  throw new Error(`POPOTE_TEST_CLOCK: no ${clock} in Paris in the next day`);
}
