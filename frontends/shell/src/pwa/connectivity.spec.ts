import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchConnectivity } from './connectivity';

/** watchConnectivity on a stand-in window (online unless said), what it notifies recorded; `go` changes the connection. */
function watching(onLine = true) {
  const target = new EventTarget();
  const source = {
    navigator: { onLine },
    addEventListener: (type: 'online' | 'offline', listener: () => void) => target.addEventListener(type, listener),
    removeEventListener: (type: 'online' | 'offline', listener: () => void) => target.removeEventListener(type, listener),
  };
  const go = (online: boolean) => {
    source.navigator.onLine = online;
    target.dispatchEvent(new Event(online ? 'online' : 'offline'));
  };
  const notify = vi.fn();
  const stop = watchConnectivity(source, notify);
  return { go, notify, stop };
}

describe('watchConnectivity', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('announces going offline, then online, each 1 s after the change', () => {
    const { go, notify } = watching();
    go(false);
    vi.advanceTimersByTime(999);
    expect(notify).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(notify).toHaveBeenLastCalledWith(false);
    go(true);
    vi.advanceTimersByTime(1000);
    expect(notify).toHaveBeenLastCalledWith(true);
    expect(notify).toHaveBeenCalledTimes(2);
  });

  it('says nothing for a flap shorter than 1 s', () => {
    const { go, notify } = watching();
    go(false);
    vi.advanceTimersByTime(400);
    go(true);
    vi.advanceTimersByTime(5000);
    expect(notify).not.toHaveBeenCalled();
  });

  it('restarts the delay on every change and reports the state that lasted', () => {
    const { go, notify } = watching();
    go(false);
    vi.advanceTimersByTime(600);
    go(true);
    vi.advanceTimersByTime(600);
    go(false);
    vi.advanceTimersByTime(1000);
    expect(notify).toHaveBeenCalledOnce();
    expect(notify).toHaveBeenCalledWith(false);
  });

  it('tells a page opened offline, and stops when asked', () => {
    const { go, notify, stop } = watching(false);
    vi.advanceTimersByTime(1000);
    expect(notify).toHaveBeenCalledWith(false);
    stop();
    go(true);
    vi.advanceTimersByTime(1000);
    expect(notify).toHaveBeenCalledOnce();
  });
});
