import { useQuery, type Cache } from '@popote/graphql';
import { useCallback } from 'react';
import { ShellOperatorDocument, type ShellOperatorQuery } from './operator-session.generated';

export type ConsoleOperator = NonNullable<ShellOperatorQuery['operator']>;

export type OperatorSession =
  /** First `operator` request under way. */
  | { status: 'loading' }
  /** `operator` could not be read (BFF unreachable…). */
  | { status: 'error'; retry: () => void }
  | { status: 'signed-out' }
  | { status: 'signed-in'; operator: ConsoleOperator };

/**
 * Who is signed in to the operators' console: `Query.operator` of the page's cache (the console's
 * own cookie, ADR 0041), independent of `me`. The sign-in steps write it; the console's
 * 'Se déconnecter', and an answer that the operator's session is over, forget it.
 */
export function useOperatorSession(): OperatorSession {
  const { data, error, refetch } = useQuery(ShellOperatorDocument, { requestPolicy: 'cache-first' });
  const retry = useCallback(() => {
    refetch().catch(() => {
      // The query's error state already says it.
    });
  }, [refetch]);
  if (data) return data.operator ? { status: 'signed-in', operator: data.operator } : { status: 'signed-out' };
  if (error) return { status: 'error', retry };
  return { status: 'loading' };
}

/** Makes `operator` the signed-in operator of the cache (written with its `__typename`, as Graphcache needs). */
export function writeOperator(cache: Cache, operator: ConsoleOperator): void {
  cache.updateQuery({ query: ShellOperatorDocument }, () => ({ operator: { ...operator, __typename: 'Operator' as const } }));
}
