/**
 * Live updates (GraphQL subscriptions over WebSocket) announce when the connection comes
 * back after a drop: events sent meanwhile were missed, so pages showing live data refetch.
 * They also announce each connection, the first included: a page waiting for something that
 * may have happened while its subscription was being set up reads once more then.
 *
 * The registry hangs on the urql client under a global symbol, because @popote/graphql is
 * bundled into every app (not a federated singleton) while the client is the shell's.
 */
export interface LiveEvents {
  /** Called after each reconnection (not the first connection). Returns the unsubscribe function. */
  onReconnected(listener: () => void): () => void;
  /** Called after each connection, the first one included. Returns the unsubscribe function. */
  onConnected(listener: () => void): () => void;
}

const KEY = Symbol.for('popote.graphql.live');

interface Holder {
  [KEY]?: LiveRegistry;
}

export class LiveRegistry implements LiveEvents {
  private readonly listeners = new Set<() => void>();
  private readonly connectListeners = new Set<() => void>();

  onReconnected(listener: () => void): () => void {
    return listen(this.listeners, listener);
  }

  onConnected(listener: () => void): () => void {
    return listen(this.connectListeners, listener);
  }

  /** The server acknowledged a connection (`wasRetry`: after a drop). */
  connected(wasRetry: boolean): void {
    for (const listener of [...this.connectListeners]) listener();
    if (wasRetry) for (const listener of [...this.listeners]) listener();
  }

  reconnected(): void {
    this.connected(true);
  }
}

function listen(listeners: Set<() => void>, listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function attachLive(client: object, registry: LiveRegistry): void {
  (client as Holder)[KEY] = registry;
}

/** The client's live events; a client without WebSocket (server) never connects. */
export function liveEvents(client: object): LiveEvents {
  return (client as Holder)[KEY] ?? { onReconnected: () => () => undefined, onConnected: () => () => undefined };
}
