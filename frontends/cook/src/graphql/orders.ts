import type { CookOrderFieldsFragment, CookReviewsQuery, CookStatsQuery, OrderStatus } from './orders.generated';

export type CookOrder = CookOrderFieldsFragment;

export type CookStatsData = CookStatsQuery['cookStats'];

export type CookReview = CookReviewsQuery['cookReviews'][number];

/** The step a cook may take from each status, and the button that takes it. */
export const NEXT_STATUS: Readonly<Partial<Record<OrderStatus, OrderStatus>>> = {
  pending: 'confirmed',
  confirmed: 'preparing',
  preparing: 'ready',
  ready: 'delivered',
};

export const canCancel = (status: string): boolean => status !== 'delivered' && status !== 'cancelled';
