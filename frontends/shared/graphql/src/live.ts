/**
 * Live updates (GraphQL subscriptions over WebSocket) announce when the connection comes
 * back after a drop: events sent meanwhile were missed, so pages showing live data refetch.
 *
 * The registry hangs on the urql client under a global symbol, because @popote/graphql is
 * bundled into every app (not a federated singleton) while the client is the shell's.
 */
export interface LiveEvents {
  /** Called after each reconnection (not the first connection). Returns the unsubscribe function. */
  onReconnected(listener: () => void): () => void;
}

const KEY = Symbol.for('popote.graphql.live');

interface Holder {
  [KEY]?: LiveRegistry;
}

export class LiveRegistry implements LiveEvents {
  private readonly listeners = new Set<() => void>();

  onReconnected(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  reconnected(): void {
    for (const listener of [...this.listeners]) listener();
  }
}

export function attachLive(client: object, registry: LiveRegistry): void {
  (client as Holder)[KEY] = registry;
}

/** The client's live events; a client without WebSocket (tests, server) never reconnects. */
export function liveEvents(client: object): LiveEvents {
  return (client as Holder)[KEY] ?? { onReconnected: () => () => undefined };
}
