// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConnectivityNotice } from './connectivity-notice';

const OFFLINE = 'Mode hors ligne activé. Les données seront synchronisées une fois la connexion rétablie.';
const ONLINE = 'Connexion rétablie. Synchronisation des données...';

let container: HTMLDivElement;
let root: Root;
let onLine: boolean;

/** The browser's connection going or coming back, as `window` tells it. */
function go(online: boolean) {
  onLine = online;
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}
const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });
const region = () => container.querySelector('[role="status"]')!;

describe('the connectivity notice (no toast library: it must show without network)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    onLine = true;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => onLine);
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    act(() => root.render(<ConnectivityNotice />));
  });
  afterEach(() => {
    act(() => root.unmount());
    container.remove();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('says offline 1 s after the connection went, for as long as it is gone, then back online for 3 s', () => {
    // The live region is there before anything is said (so that screen readers announce it).
    expect(region().textContent).toBe('');
    go(false);
    advance(999);
    expect(region().textContent).toBe('');
    advance(1);
    expect(region().textContent).toBe(OFFLINE);
    advance(60_000);
    expect(region().textContent).toBe(OFFLINE);

    go(true);
    advance(1000);
    // One message at a time: coming back replaces the offline one.
    expect(region().textContent).toBe(ONLINE);
    advance(2999);
    expect(region().textContent).toBe(ONLINE);
    advance(1);
    expect(region().textContent).toBe('');
  });

  it('says nothing for a flap shorter than 1 s', () => {
    go(false);
    advance(300);
    go(true);
    advance(5000);
    expect(region().textContent).toBe('');
  });

  it('keeps the offline message when the connection drops again during the 3 s of the back-online one', () => {
    go(false);
    advance(1000);
    go(true);
    advance(1000);
    go(false);
    advance(1000);
    expect(region().textContent).toBe(OFFLINE);
    advance(5000);
    expect(region().textContent).toBe(OFFLINE);
  });
});
