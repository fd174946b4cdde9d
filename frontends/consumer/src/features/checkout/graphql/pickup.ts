import type { PickupSlotsQuery } from './pickup.query.generated';

export type PickupSlotsData = PickupSlotsQuery;

/** A cook's next open slots for the dishes of the cart (available_date, cutoff and capacity applied by the server). */
export { PickupSlotsDocument as PICKUP_SLOTS_QUERY } from './pickup.query.generated';
