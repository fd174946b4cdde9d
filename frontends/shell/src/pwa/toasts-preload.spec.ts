// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { preloadToastsAfterLoad } from './connectivity';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('toasts downloaded after the page loaded (the offline message needs them without network)', () => {
  it('downloads once loaded, and again when back online after a failed try', async () => {
    const outcomes = [false, true];
    const preload = vi.fn(async () => outcomes.shift() ?? true);
    const stop = preloadToastsAfterLoad(preload);
    // jsdom's document is already loaded: the first try is at once.
    await settle();
    expect(preload).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(preload).toHaveBeenCalledTimes(2);
    // Loaded: nothing more.
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(preload).toHaveBeenCalledTimes(2);
    stop();
  });
});
