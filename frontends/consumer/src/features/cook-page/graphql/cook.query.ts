import { CookDocument, type CookQuery } from '../../../generated/graphql';

export type CookPageData = NonNullable<CookQuery['cook']>;

/** A cook's public page with their meals; null when the id is not a cook's. */
export const COOK_QUERY = CookDocument;
