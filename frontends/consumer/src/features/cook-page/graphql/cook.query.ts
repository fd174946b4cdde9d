import type { CookQuery } from './cook.query.generated';

export type CookPageData = NonNullable<CookQuery['cook']>;
