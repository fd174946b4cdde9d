import type { ConsumerOrderFieldsFragment, OrderReviewFieldsFragment } from './orders.generated';

export type OrderData = ConsumerOrderFieldsFragment;

export type ReviewData = OrderReviewFieldsFragment;
