import type { PickupSlotsQuery } from './pickup.query.generated';

export type PickupSlotsData = PickupSlotsQuery;
