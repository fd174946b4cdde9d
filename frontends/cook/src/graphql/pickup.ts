import type { PickupSettingsFieldsFragment } from './pickup.generated';

export type PickupSettingsData = PickupSettingsFieldsFragment;
