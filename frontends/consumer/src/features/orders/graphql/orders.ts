import {
  CancelMyOrderDocument,
  MyOrdersDocument,
  OrderCookReviewsDocument,
  SubmitReviewDocument,
  type ConsumerOrderFieldsFragment,
  type OrderReviewFieldsFragment,
} from './orders.generated';

export type OrderData = ConsumerOrderFieldsFragment;

export const MY_ORDERS_QUERY = MyOrdersDocument;

/** The consumer may cancel while the order is pending. */
export const CANCEL_ORDER = CancelMyOrderDocument;

export type ReviewData = OrderReviewFieldsFragment;

/**
 * A cook's reviews (public). The Order type does not say whether it was reviewed, so
 * /orders reads the reviews of the cooks of delivered orders to find each order's own.
 */
export const COOK_REVIEWS_QUERY = OrderCookReviewsDocument;

/** Once per delivered order, by its consumer. */
export const SUBMIT_REVIEW = SubmitReviewDocument;
