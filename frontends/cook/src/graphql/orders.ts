import { gql, type TypedDocumentNode } from '@apollo/client';
import type { CookStats, Order, OrderItem, Review } from '@popote/graphql';

export type CookOrder = Pick<
  Order,
  | 'order_id'
  | 'consumer_id'
  | 'consumer_name'
  | 'cook_id'
  | 'total_cents'
  | 'order_status'
  | 'pickup_start'
  | 'pickup_end'
  | 'cancel_reason'
  | 'created_at'
  | 'updated_at'
> & { items: Array<Pick<OrderItem, 'order_item_id' | 'meal_id' | 'name' | 'quantity' | 'price_cents'>> };

const COOK_ORDER_FIELDS = gql`
  fragment CookOrderFields on Order {
    order_id
    consumer_id
    consumer_name
    cook_id
    total_cents
    order_status
    pickup_start
    pickup_end
    cancel_reason
    created_at
    updated_at
    items {
      order_item_id
      meal_id
      name
      quantity
      price_cents
    }
  }
`;

/** Orders addressed to the signed-in cook, newest first. */
export const COOK_ORDERS_QUERY: TypedDocumentNode<{ cookOrders: CookOrder[] }, Record<string, never>> = gql`
  query CookOrders {
    cookOrders {
      ...CookOrderFields
    }
  }
  ${COOK_ORDER_FIELDS}
`;

/** One step forward: pending → confirmed → preparing → ready → delivered. */
export const CHANGE_ORDER_STATUS: TypedDocumentNode<{ changeOrderStatus: CookOrder }, { order_id: string; to: string }> = gql`
  mutation ChangeOrderStatus($order_id: ID!, $to: String!) {
    changeOrderStatus(order_id: $order_id, to: $to) {
      ...CookOrderFields
    }
  }
  ${COOK_ORDER_FIELDS}
`;

/** The cook moves an order's pick-up slot to another of theirs; the buyer is told by email. */
export const MOVE_PICKUP_SLOT: TypedDocumentNode<{ movePickupSlot: CookOrder }, { order_id: string; start: string }> = gql`
  mutation MovePickupSlot($order_id: ID!, $start: String!) {
    movePickupSlot(order_id: $order_id, start: $start) {
      ...CookOrderFields
    }
  }
  ${COOK_ORDER_FIELDS}
`;

/** The cook cancels any order not yet delivered, with a reason (field error `reason`). */
export const CANCEL_COOK_ORDER: TypedDocumentNode<{ cancelOrder: CookOrder }, { order_id: string; reason: string }> = gql`
  mutation CancelCookOrder($order_id: ID!, $reason: String!) {
    cancelOrder(order_id: $order_id, reason: $reason) {
      ...CookOrderFields
    }
  }
  ${COOK_ORDER_FIELDS}
`;

export type CookStatsData = Omit<CookStats, '__typename'>;

export const COOK_STATS_QUERY: TypedDocumentNode<{ cookStats: CookStatsData }, Record<string, never>> = gql`
  query CookStats {
    cookStats {
      monthly_earnings_cents
      pending_orders
      total_customers
      average_rating
      total_reviews
      earnings_by_day {
        day
        cents
      }
      best_sellers {
        meal_id
        name
        quantity
        revenue_cents
      }
    }
  }
`;

export type CookReview = Pick<
  Review,
  'review_id' | 'order_id' | 'cook_id' | 'consumer_name' | 'meal_names' | 'rating' | 'comment' | 'created_at'
>;

export const COOK_REVIEWS_QUERY: TypedDocumentNode<{ cookReviews: CookReview[] }, { cook_id: string }> = gql`
  query CookReviews($cook_id: ID!) {
    cookReviews(cook_id: $cook_id) {
      review_id
      order_id
      cook_id
      consumer_name
      meal_names
      rating
      comment
      created_at
    }
  }
`;

/** The step a cook may take from each status (spec §4), and the button that takes it. */
export const NEXT_STATUS: Readonly<Record<string, string>> = {
  pending: 'confirmed',
  confirmed: 'preparing',
  preparing: 'ready',
  ready: 'delivered',
};

export const canCancel = (status: string): boolean => status !== 'delivered' && status !== 'cancelled';
