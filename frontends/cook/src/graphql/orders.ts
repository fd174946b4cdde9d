import {
  CancelCookOrderDocument,
  ChangeOrderStatusDocument,
  CookOrdersDocument,
  CookReviewsDocument,
  CookStatsDocument,
  MovePickupSlotDocument,
  type CookOrderFieldsFragment,
  type CookReviewsQuery,
  type CookStatsQuery,
  type OrderStatus,
} from './orders.generated';

export type CookOrder = CookOrderFieldsFragment;

/** Orders addressed to the signed-in cook, newest first. */
export const COOK_ORDERS_QUERY = CookOrdersDocument;

/** One step forward: pending → confirmed → preparing → ready → delivered. */
export const CHANGE_ORDER_STATUS = ChangeOrderStatusDocument;

/** The cook moves an order's pick-up slot to another of theirs; the buyer is told by email. */
export const MOVE_PICKUP_SLOT = MovePickupSlotDocument;

/** The cook cancels any order not yet delivered, with a reason (field error `reason`). */
export const CANCEL_COOK_ORDER = CancelCookOrderDocument;

export type CookStatsData = CookStatsQuery['cookStats'];

export const COOK_STATS_QUERY = CookStatsDocument;

export type CookReview = CookReviewsQuery['cookReviews'][number];

export const COOK_REVIEWS_QUERY = CookReviewsDocument;

/** The step a cook may take from each status (spec §4), and the button that takes it. */
export const NEXT_STATUS: Readonly<Partial<Record<OrderStatus, OrderStatus>>> = {
  pending: 'confirmed',
  confirmed: 'preparing',
  preparing: 'ready',
  ready: 'delivered',
};

export const canCancel = (status: string): boolean => status !== 'delivered' && status !== 'cancelled';
