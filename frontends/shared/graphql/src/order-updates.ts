import { OrderUpdatedDocument } from './generated/graphql';
import { useApolloClient, useSubscription } from '@apollo/client/react';
import { useEffect, useRef } from 'react';
import { liveEvents } from './live';
import type { OrderUpdatedSubscription } from './generated/graphql';

export const ORDER_UPDATED = OrderUpdatedDocument;

/** One live update: the order, the status it left (null for a new order) and its new one. */
export type OrderUpdate = OrderUpdatedSubscription['orderUpdated'];

export interface OrderUpdatesOptions {
  /** Subscribe only for a signed-in person (the BFF refuses the others). */
  enabled: boolean;
  /** Each update, after the cached order (if any) took its new status. */
  onUpdate?: (update: OrderUpdate, known: boolean) => void;
  /** After a reconnection: updates may have been missed, refetch what the page shows. */
  onResync?: () => void;
}

/**
 * Live order updates (`Subscription.orderUpdated`, over the client's WebSocket link): the
 * signed-in person's orders, as consumer or cook, new ones included (`from` null). The
 * cached Order of that id takes its new status at once, so every list showing it follows
 * without a request; `onUpdate` lets the page refetch what the cache cannot know (a new
 * order, statistics).
 */
export function useOrderUpdates({ enabled, onUpdate, onResync }: OrderUpdatesOptions): void {
  const client = useApolloClient();
  const handlers = useRef({ onUpdate, onResync });
  handlers.current = { onUpdate, onResync };

  useSubscription(ORDER_UPDATED, {
    skip: !enabled,
    onData: ({ client: apollo, data }) => {
      const update = data.data?.orderUpdated;
      if (!update) return;
      const id = apollo.cache.identify({ __typename: 'Order', order_id: update.order_id });
      const known = id !== undefined && apollo.cache.modify({ id, fields: { order_status: () => update.order_status } });
      handlers.current.onUpdate?.(update, known);
    },
  });

  useEffect(() => {
    if (!enabled) return undefined;
    return liveEvents(client).onReconnected(() => handlers.current.onResync?.());
  }, [client, enabled]);
}
