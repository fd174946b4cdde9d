import { act } from 'react';
import { vi } from 'vitest';

/** The BFF's side of the live updates' WebSocket (graphql-ws protocol), as a test drives it. */
export interface LiveBff {
  /** The names of the subscriptions open now ('OrderUpdated'...). */
  readonly open: string[];
  /** How many connections the server acknowledged. */
  readonly connections: number;
  /** Sends `data` (a subscription's result) to every open subscription named `operationName`. */
  push(operationName: string, data: unknown): Promise<void>;
}

interface Subscriber {
  socket: FakeSocket;
  id: string;
  operationName: string;
}

type Handler = ((event: unknown) => void) | null;

interface FakeSocket {
  readyState: number;
  onmessage: Handler;
  onclose: Handler;
  receive(message: object): void;
}

/**
 * For jsdom tests of pages with live updates (test code only): replaces the browser's `WebSocket`
 * by an in-memory BFF speaking graphql-ws, which acknowledges every connection and keeps the
 * subscriptions the page opens; `push` answers them. Call it before rendering; the stub goes with
 * the others after the test (`useReactTestRoot`). Nothing waits on timers, so fake timers are fine.
 */
export function stubLiveBff(): LiveBff {
  const subscribers: Subscriber[] = [];
  let connections = 0;

  class BffSocket implements FakeSocket {
    static readonly CONNECTING = 0;
    static readonly OPEN = 1;
    static readonly CLOSING = 2;
    static readonly CLOSED = 3;
    readyState = BffSocket.CONNECTING;
    onopen: Handler = null;
    onmessage: Handler = null;
    onclose: Handler = null;
    onerror: Handler = null;

    constructor(
      readonly url: string,
      readonly protocol = '',
    ) {
      queueMicrotask(() => {
        if (this.readyState !== BffSocket.CONNECTING) return;
        this.readyState = BffSocket.OPEN;
        this.onopen?.({});
      });
    }

    receive(message: object): void {
      if (this.readyState === BffSocket.OPEN) this.onmessage?.({ data: JSON.stringify(message) });
    }

    send(raw: string): void {
      const message = JSON.parse(raw) as { type: string; id?: string; payload?: { operationName?: string; query?: string } };
      if (message.type === 'connection_init') {
        queueMicrotask(() => {
          connections += 1;
          this.receive({ type: 'connection_ack' });
        });
      } else if (message.type === 'ping') {
        queueMicrotask(() => this.receive({ type: 'pong' }));
      } else if (message.type === 'subscribe' && message.id) {
        const operationName = message.payload?.operationName ?? /subscription\s+(\w+)/.exec(message.payload?.query ?? '')?.[1] ?? '';
        subscribers.push({ socket: this, id: message.id, operationName });
      } else if (message.type === 'complete') {
        const i = subscribers.findIndex((s) => s.socket === this && s.id === message.id);
        if (i >= 0) subscribers.splice(i, 1);
      }
    }

    close(code = 1000, reason = ''): void {
      if (this.readyState === BffSocket.CLOSED) return;
      this.readyState = BffSocket.CLOSED;
      const others = subscribers.filter((s) => s.socket !== this);
      subscribers.splice(0, subscribers.length, ...others);
      queueMicrotask(() => this.onclose?.({ code, reason, wasClean: true }));
    }
  }

  vi.stubGlobal('WebSocket', BffSocket);
  return {
    get open() {
      return subscribers.map((s) => s.operationName);
    },
    get connections() {
      return connections;
    },
    async push(operationName, data) {
      // What the page does with it (the cache written, a request answered) happens inside `act`.
      await act(async () => {
        for (const s of subscribers.filter((one) => one.operationName === operationName)) {
          s.socket.receive({ id: s.id, type: 'next', payload: { data } });
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      });
    },
  };
}
