import { CookDocument, type CookQuery } from './cook.query.generated';

export type CookPageData = NonNullable<CookQuery['cook']>;

/** A cook's public page with their meals; null when the id is not a cook's. */
export const COOK_QUERY = CookDocument;
