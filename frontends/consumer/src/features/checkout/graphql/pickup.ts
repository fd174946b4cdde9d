import { gql, type TypedDocumentNode } from '@apollo/client';
import type { PickupSlotList } from '@popote/graphql';

export type PickupSlotsData = { pickupSlots: Pick<PickupSlotList, 'has_windows'> & { slots: PickupSlotList['slots'] } };

/** A cook's next open slots for the dishes of the cart (available_date, cutoff and capacity applied by the server). */
export const PICKUP_SLOTS_QUERY: TypedDocumentNode<PickupSlotsData, { cook_id: string; meal_ids: string[]; portions: number }> = gql`
  query PickupSlots($cook_id: ID!, $meal_ids: [ID!]!, $portions: Int!) {
    pickupSlots(cook_id: $cook_id, meal_ids: $meal_ids, portions: $portions) {
      has_windows
      slots {
        cook_id
        start
        end
        remaining
      }
    }
  }
`;
