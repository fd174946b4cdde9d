import { registerEnumType } from '@nestjs/graphql';
import {
  ALLERGENS,
  APPEAL_OUTCOMES,
  AVAILABILITY,
  CATEGORIES,
  CHECKOUT_STATUSES,
  MODERATION_ACTIONS,
  ORDER_STATUSES,
  REPORT_REASONS,
  REPORT_TARGETS,
  TRADER_DECISIONS,
  TRADER_STATUSES,
  USER_TYPES,
} from '@popote/contracts';

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
export const ReportReasonEnum = graphqlEnum(REPORT_REASONS, 'ReportReason', 'Why something is reported (notice and action)');
export const ReportTargetEnum = graphqlEnum(REPORT_TARGETS, 'ReportTarget', 'What is reported: a dish, a review, a cook');
export const ModerationActionEnum = graphqlEnum(MODERATION_ACTIONS, 'ModerationAction', "An operator's decision on a report");
export const AppealOutcomeEnum = graphqlEnum(
  APPEAL_OUTCOMES,
  'AppealOutcome',
  'An appeal upheld (the decision stands) or reversed (lifted)',
);
export const TraderStatusEnum = graphqlEnum(
  TRADER_STATUSES,
  'TraderStatus',
  "Where a cook's trader details stand: none yet, being verified, completion asked, verified",
);
export const TraderDecisionEnum = graphqlEnum(
  TRADER_DECISIONS,
  'TraderDecision',
  "An operator's decision on a cook's trader details: verify, or ask for more",
);
