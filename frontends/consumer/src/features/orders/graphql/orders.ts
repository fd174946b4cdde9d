import { gql, type TypedDocumentNode } from '@apollo/client';
import type { Order, OrderItem, Review } from '@popote/graphql';

export type OrderData = Pick<
  Order,
  | 'order_id'
  | 'checkout_id'
  | 'cook_id'
  | 'cook_name'
  | 'total_cents'
  | 'order_status'
  | 'delivery_option'
  | 'pickup_start'
  | 'pickup_end'
  | 'pickup_address'
  | 'cancel_reason'
  | 'created_at'
  | 'updated_at'
> & { items: Array<Pick<OrderItem, 'order_item_id' | 'meal_id' | 'name' | 'quantity' | 'price_cents'>> };

export const ORDER_FIELDS = gql`
  fragment ConsumerOrderFields on Order {
    order_id
    checkout_id
    cook_id
    cook_name
    total_cents
    order_status
    delivery_option
    pickup_start
    pickup_end
    pickup_address {
      street
      postcode
      city
    }
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

export const MY_ORDERS_QUERY: TypedDocumentNode<{ myOrders: OrderData[] }, Record<string, never>> = gql`
  query MyOrders {
    myOrders {
      ...ConsumerOrderFields
    }
  }
  ${ORDER_FIELDS}
`;

/** The consumer may cancel while the order is pending. */
export const CANCEL_ORDER: TypedDocumentNode<{ cancelOrder: OrderData }, { order_id: string }> = gql`
  mutation CancelMyOrder($order_id: ID!) {
    cancelOrder(order_id: $order_id) {
      ...ConsumerOrderFields
    }
  }
  ${ORDER_FIELDS}
`;

export type ReviewData = Pick<Review, 'review_id' | 'order_id' | 'cook_id' | 'rating' | 'comment' | 'created_at'>;

const REVIEW_FIELDS = gql`
  fragment OrderReviewFields on Review {
    review_id
    order_id
    cook_id
    rating
    comment
    created_at
  }
`;

/**
 * A cook's reviews (public). The Order type does not say whether it was reviewed, so
 * /orders reads the reviews of the cooks of delivered orders to find each order's own.
 */
export const COOK_REVIEWS_QUERY: TypedDocumentNode<{ cookReviews: ReviewData[] }, { cook_id: string }> = gql`
  query OrderCookReviews($cook_id: ID!) {
    cookReviews(cook_id: $cook_id) {
      ...OrderReviewFields
    }
  }
  ${REVIEW_FIELDS}
`;

/** Once per delivered order, by its consumer. */
export const SUBMIT_REVIEW: TypedDocumentNode<{ submitReview: ReviewData }, { order_id: string; rating: number; comment: string }> = gql`
  mutation SubmitReview($order_id: ID!, $rating: Int!, $comment: String!) {
    submitReview(order_id: $order_id, rating: $rating, comment: $comment) {
      ...OrderReviewFields
    }
  }
  ${REVIEW_FIELDS}
`;
