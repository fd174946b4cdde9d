import { gql, type TypedDocumentNode } from '@urql/core';
import { useEffect, useRef } from 'react';
import { useClient } from 'urql';
import { OrderUpdatedDocument } from './order-updates.generated';
import type { OrderUpdatedSubscription } from './order-updates.generated';
import { liveEvents } from './live';
import { updateCache } from './local';

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
  /**
   * Each time the connection is up, the first one included: what happened while the subscription
   * was being set up (after the page's first answer) was not delivered. For a page waiting for
   * something (the orders of a checkout just paid) to read once more.
   */
  onConnected?: () => void;
}

const ORDER_STATUS: TypedDocumentNode<{ order_id: string; order_status: string }> = gql`
  fragment PopoteLiveOrderStatus on Order {
    order_id
    order_status
  }
`;

/**
 * Live order updates (`Subscription.orderUpdated`, over the client's WebSocket): the
 * signed-in person's orders, as consumer or cook, new ones included (`from` null). The
 * cached Order of that id takes its new status at once, so every list showing it follows
 * without a request; `onUpdate` lets the page refetch what the cache cannot know (a new
 * order, statistics).
 */
export function useOrderUpdates({ enabled, onUpdate, onResync, onConnected }: OrderUpdatesOptions): void {
  const client = useClient();
  const handlers = useRef({ onUpdate, onResync, onConnected });
  handlers.current = { onUpdate, onResync, onConnected };

  useEffect(() => {
    if (!enabled) return undefined;
    const { unsubscribe } = client.subscription(ORDER_UPDATED, {}).subscribe((result) => {
      const update = result.data?.orderUpdated;
      if (!update) return;
      void updateCache(client, (cache) => {
        const entity = { __typename: 'Order', order_id: update.order_id };
        const known = typeof cache.resolve(entity, 'order_status') === 'string';
        if (known) cache.writeFragment(ORDER_STATUS, { ...entity, order_status: update.order_status });
        return known;
      }).then(
        (known) => handlers.current.onUpdate?.(update, known),
        () => handlers.current.onUpdate?.(update, false),
      );
    });
    return unsubscribe;
  }, [client, enabled]);

  useEffect(() => {
    if (!enabled) return undefined;
    const live = liveEvents(client);
    const stopResync = live.onReconnected(() => handlers.current.onResync?.());
    const stopConnected = live.onConnected(() => handlers.current.onConnected?.());
    return () => {
      stopResync();
      stopConnected();
    };
  }, [client, enabled]);
}
