import { registerEnumType } from '@nestjs/graphql';
import { ALLERGENS, AVAILABILITY, CATEGORIES, CHECKOUT_STATUSES, ORDER_STATUSES, USER_TYPES } from '@popote/contracts';

/**
 * The fixed vocabularies of the spec as GraphQL enums, so the schema (and the frontends' generated
 * types) name every value a field can hold. Each value is its own name: what travels is exactly what
 * the services store and send (`french`, `pending`...), nothing is mapped on the way. A value outside
 * the enum is refused by GraphQL before any resolver runs (VALIDATION_FAILED, 'Requête invalide').
 * Price ranges (`10-20` is not a GraphQL name) and ingredients (French words) stay strings.
 */
function graphqlEnum<const V extends string>(values: readonly V[], name: string, description: string): Record<V, V> {
  const members = Object.fromEntries(values.map((value) => [value, value])) as Record<V, V>;
  registerEnumType(members, { name, description });
  return members;
}

export const CategoryEnum = graphqlEnum(CATEGORIES, 'Category', 'Cuisine of a meal');
export const AllergenEnum = graphqlEnum(ALLERGENS, 'Allergen', 'The 14 allergens of EU regulation 1169/2011, annex II');
export const AvailabilityEnum = graphqlEnum(AVAILABILITY, 'Availability', 'When a meal can be picked up (a filter of the list)');
export const OrderStatusEnum = graphqlEnum(ORDER_STATUSES, 'OrderStatus', 'Where an order is in its life cycle');
export const UserTypeEnum = graphqlEnum(USER_TYPES, 'UserType', 'The role a person acts in: buyer or home cook');
export const CheckoutStatusEnum = graphqlEnum(CHECKOUT_STATUSES, 'CheckoutStatus', 'Where a payment is');
