import type { PopularCooksQuery } from './home.queries.generated';

export type PopularCook = PopularCooksQuery['popularCooks'][number];
