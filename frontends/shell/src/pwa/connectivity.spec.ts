import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchConnectivity } from './connectivity';

function fakeWindow(onLine = true) {
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
  return { source, go };
}

describe('watchConnectivity', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('announces going offline, then online, each 1 s after the change', () => {
    const { source, go } = fakeWindow();
    const notify = vi.fn();
    watchConnectivity(source, notify);
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
    const { source, go } = fakeWindow();
    const notify = vi.fn();
    watchConnectivity(source, notify);
    go(false);
    vi.advanceTimersByTime(400);
    go(true);
    vi.advanceTimersByTime(5000);
    expect(notify).not.toHaveBeenCalled();
  });

  it('restarts the delay on every change and reports the state that lasted', () => {
    const { source, go } = fakeWindow();
    const notify = vi.fn();
    watchConnectivity(source, notify);
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
    const { source, go } = fakeWindow(false);
    const notify = vi.fn();
    const stop = watchConnectivity(source, notify);
    vi.advanceTimersByTime(1000);
    expect(notify).toHaveBeenCalledWith(false);
    stop();
    go(true);
    vi.advanceTimersByTime(1000);
    expect(notify).toHaveBeenCalledOnce();
  });
});
