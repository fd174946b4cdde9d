import { describe, expect, it } from 'vitest';
import { endedSessionField, retryDelayMs, webSocketUrl } from './client';
import { attachLive, liveEvents, LiveRegistry } from './live';

describe('live updates transport', () => {
  it('opens the WebSocket on the same endpoint, ws or wss like the page', () => {
    expect(webSocketUrl('/graphql', 'http://127.0.0.1:3000/orders')).toBe('ws://127.0.0.1:3000/graphql');
    expect(webSocketUrl('/graphql', 'https://popote.example/cart')).toBe('wss://popote.example/graphql');
  });

  it('waits longer after each failed reconnection, 30 s at most', () => {
    expect(retryDelayMs(0)).toBeGreaterThanOrEqual(1000);
    expect(retryDelayMs(0)).toBeLessThan(1500);
    expect(retryDelayMs(3)).toBeGreaterThanOrEqual(8000);
    expect(retryDelayMs(50)).toBeLessThan(30_500);
  });

  it('tells the pages when the connection is back, until they stop listening', () => {
    const client = {};
    const registry = new LiveRegistry();
    attachLive(client, registry);
    let calls = 0;
    const stop = liveEvents(client).onReconnected(() => {
      calls += 1;
    });
    registry.reconnected();
    stop();
    registry.reconnected();
    expect(calls).toBe(1);
    // A client without the WebSocket link never reconnects.
    expect(() => liveEvents({}).onReconnected(() => undefined)()).not.toThrow();
  });

  it('tells the pages of every connection, the first one included; of reconnections only after a drop', () => {
    const client = {};
    const registry = new LiveRegistry();
    attachLive(client, registry);
    const seen: string[] = [];
    const stopConnected = liveEvents(client).onConnected(() => seen.push('connected'));
    const stopReconnected = liveEvents(client).onReconnected(() => seen.push('reconnected'));
    registry.connected(false);
    registry.connected(true);
    stopConnected();
    stopReconnected();
    registry.connected(true);
    expect(seen).toEqual(['connected', 'connected', 'reconnected']);
    expect(() => liveEvents({}).onConnected(() => undefined)()).not.toThrow();
  });
});

describe('a session that ended (UNAUTHENTICATED)', () => {
  it("is the operator's on the console's pages, the person's everywhere else", () => {
    for (const path of ['/console', '/console/', '/console/journal', '/console/connexion'])
      expect(endedSessionField(path), path).toBe('operator');
    for (const path of ['/', '/meals', '/profile', '/consoles', '/cook/dashboard', '/meals/console'])
      expect(endedSessionField(path), path).toBe('me');
  });
});
