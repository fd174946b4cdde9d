import type { Cache, Me } from '@popote/graphql';
import { ME_QUERY } from '@popote/auth/session';

/**
 * Every mutation that returns Me makes it the new `Query.me`. The answer is written with its
 * `__typename` (Graphcache drops an object without one, and an answer only carries the
 * typenames its document asks for).
 */
export function writeMe(cache: Cache, me: Me | undefined): void {
  if (me) cache.updateQuery({ query: ME_QUERY }, () => ({ me: { ...me, __typename: 'Me' } }));
}

export function required<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('The BFF answered without data');
  return value;
}
