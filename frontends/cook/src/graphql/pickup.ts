import type { PickupSettingsFieldsFragment } from './pickup.generated';

/* The cook's pick-up rules and slots: typed documents generated from pickup.graphql. */
export {
  OwnPickupSlotsDocument as OWN_PICKUP_SLOTS_QUERY,
  PickupSettingsDocument as PICKUP_SETTINGS_QUERY,
  UpdatePickupSettingsDocument as UPDATE_PICKUP_SETTINGS,
} from './pickup.generated';

export type PickupSettingsData = PickupSettingsFieldsFragment;
