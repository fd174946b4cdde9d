import { describe, expect, it } from 'vitest';
import { clockEnv } from './test-clock';

const LIB = '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1';
const paris = (ms: number) =>
  new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(ms);

describe('POPOTE_TEST_CLOCK', () => {
  it('moves the clock to the next given minute in Paris, in winter and in summer time', () => {
    for (const now of [Date.parse('2026-12-06T01:23:45Z'), Date.parse('2026-07-01T21:55:00Z'), Date.parse('2026-03-29T00:30:00Z')]) {
      const env = clockEnv('23:50', LIB, now);
      const offset = Number(env.POPOTE_TEST_CLOCK_OFFSET_S);
      expect(paris(now + offset * 1000)).toBe('23:50');
      expect(offset).toBeGreaterThan(0);
      expect(offset).toBeLessThanOrEqual(25 * 3600);
      expect(env).toMatchObject({ LD_PRELOAD: LIB, FAKETIME: `+${offset}s`, DONT_FAKE_MONOTONIC: '1' });
    }
  });

  it('changes nothing without a clock, and refuses a bad one or a missing library', () => {
    expect(clockEnv(undefined, LIB)).toEqual({});
    expect(() => clockEnv('24:10', LIB)).toThrow(/HH:MM/);
    expect(() => clockEnv('23:50', undefined)).toThrow(/libfaketime/);
  });
});
