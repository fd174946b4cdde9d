import { gql, type TypedDocumentNode } from '@apollo/client';
import type { PickupSettings, PickupSettingsInput } from '@popote/graphql';

export type PickupSettingsData = Omit<PickupSettings, '__typename' | 'windows' | 'address'> & {
  windows: Array<Omit<PickupSettings['windows'][number], '__typename'>>;
  address: Omit<NonNullable<PickupSettings['address']>, '__typename'> | null;
};

const PICKUP_SETTINGS_FIELDS = gql`
  fragment PickupSettingsFields on PickupSettings {
    cook_id
    windows {
      weekday
      start
      end
    }
    days_off
    address {
      street
      postcode
      city
    }
    cutoff_minutes
    slot_minutes
    capacity
    capacity_unit
  }
`;

/** The signed-in cook's pick-up rules (null before the first save). */
export const PICKUP_SETTINGS_QUERY: TypedDocumentNode<{ pickupSettings: PickupSettingsData | null }, Record<string, never>> = gql`
  query PickupSettings {
    pickupSettings {
      ...PickupSettingsFields
    }
  }
  ${PICKUP_SETTINGS_FIELDS}
`;

/** Saved whole; checked by the server (French messages per field). */
export const UPDATE_PICKUP_SETTINGS: TypedDocumentNode<{ updatePickupSettings: PickupSettingsData }, { input: PickupSettingsInput }> = gql`
  mutation UpdatePickupSettings($input: PickupSettingsInput!) {
    updatePickupSettings(input: $input) {
      ...PickupSettingsFields
    }
  }
  ${PICKUP_SETTINGS_FIELDS}
`;

/** The cook's own next open slots for an order's dishes (to move it). */
export const OWN_PICKUP_SLOTS_QUERY: TypedDocumentNode<
  { pickupSlots: { has_windows: boolean; slots: Array<{ start: string; end: string; remaining: number }> } },
  { cook_id: string; meal_ids: string[]; portions: number }
> = gql`
  query OwnPickupSlots($cook_id: ID!, $meal_ids: [ID!]!, $portions: Int!) {
    pickupSlots(cook_id: $cook_id, meal_ids: $meal_ids, portions: $portions) {
      has_windows
      slots {
        start
        end
        remaining
      }
    }
  }
`;
