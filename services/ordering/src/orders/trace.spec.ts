import { trace } from '@popote/platform';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activeTraceId, orderNumberOf } from './orders.service';

describe('what an order keeps of its creation', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('its number: the last 8 characters of its id, as the buyer reads it', () => {
    expect(orderNumberOf('a3f1c9e07b2d4e6f8a9b0c1d')).toBe('8a9b0c1d');
  });

  it('the trace under way, or null without one (telemetry off: no span; an invalid context: all zeros)', () => {
    expect(activeTraceId()).toBeNull();
    const within = (traceId: string) => {
      vi.spyOn(trace, 'getActiveSpan').mockReturnValue(trace.wrapSpanContext({ traceId, spanId: '00f067aa0ba902b7', traceFlags: 1 }));
      return activeTraceId();
    };
    expect(within('4bf92f3577b34da6a3ce929d0e0e4736')).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    expect(within('00000000000000000000000000000000')).toBeNull();
  });
});
