import { useQuery } from '@popote/graphql';
import { SponsoredMealDocument, type SponsoredMealQuery } from './graphql/sponsored.query.generated';

export type SponsoredMealData = NonNullable<SponsoredMealQuery['sponsoredMeal']>;

/**
 * The sponsored dish to show now, or null: none to show, not asked (`enabled` false: a filtered
 * list), not answered yet, failed (an advertisement never shows an error), or sold out.
 * Its own request beside the page's lists, never waited for by them, asked afresh at each visit
 * ('network-only': the BFF picks one per request, by weighted rotation).
 */
export function useSponsoredMeal(enabled = true): SponsoredMealData | null {
  const { data } = useQuery(SponsoredMealDocument, { skip: !enabled, requestPolicy: 'network-only' });
  const sponsored = data?.sponsoredMeal;
  return sponsored && sponsored.meal.portions_available > 0 ? sponsored : null;
}
