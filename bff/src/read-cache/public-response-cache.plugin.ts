import { HeaderMap, type ApolloServerPlugin, type GraphQLRequestListener } from '@apollo/server';
import { Plugin } from '@nestjs/apollo';
import { isId } from '@popote/contracts';
import { Kind, type OperationDefinitionNode, type TypeNode } from 'graphql';
import type { GqlContext } from '../auth/gql-context';
import { PublicReadCache, type CachedData } from './public-read-cache.service';

/**
 * The root fields whose answer is the same for every signed-out visitor: each reads only through
 * PublicReadCache (no viewer, no cookie, no header), and so do the fields below them. A field added
 * here must be one of those; anything else (`me`, the cart, orders…) makes the operation uncached.
 */
export const PUBLIC_ROOT_FIELDS: ReadonlySet<string> = new Set([
  'meals',
  'featuredMeals',
  'meal',
  'cookMeals',
  'communes',
  'commune',
  'popularCooks',
  'cook',
  '__typename',
]);

/** A query whose root selections are all public fields (a fragment at the root is not looked into: uncached). */
export function isPublicQuery(operation: OperationDefinitionNode): boolean {
  return (
    operation.operation === 'query' &&
    operation.selectionSet.selections.every((s) => s.kind === Kind.FIELD && PUBLIC_ROOT_FIELDS.has(s.name.value))
  );
}

/** A longer key is not worth keeping: real pages' variables are a few short values. */
export const MAX_RESPONSE_KEY_LENGTH = 2048;

/** The type a variable is declared with, without its list and non-null wrappers (`[ID!]!` → `ID`). */
function namedType(type: TypeNode): string {
  return type.kind === Kind.NAMED_TYPE ? type.name.value : namedType(type.type);
}

/** An `ID` variable's value names something only if it is an id (or a list of them). */
const couldNameSomething = (value: unknown): boolean => value === null || isId(value) || (Array.isArray(value) && value.every(isId));

/**
 * What an answer is kept under: the query's hash, the operation's name and the values of the
 * variables the operation declares, in their order (graphql-js ignores any other variable, so an
 * undeclared one must not make a new entry). Null — that request runs, uncached, rather than fill the
 * cache with its key — when the key would be longer than MAX_RESPONSE_KEY_LENGTH, or when an `ID`
 * variable holds something that is not an id (the answer names nothing, and such values are endless).
 */
export function responseKey(
  queryHash: string,
  operationName: string | null | undefined,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown> | undefined,
): string | null {
  const definitions = operation.variableDefinitions ?? [];
  const values = definitions.map((d) => variables?.[d.variable.name.value] ?? null);
  if (definitions.some((d, i) => namedType(d.type) === 'ID' && !couldNameSomething(values[i]))) return null;
  const key = `${queryHash} ${operationName ?? ''} ${JSON.stringify(values)}`;
  return key.length <= MAX_RESPONSE_KEY_LENGTH ? key : null;
}

/**
 * Whole answers to signed-out visitors' public queries (ADR 0025): after Apollo has parsed,
 * validated and checked the operation's limits, a repeated query is answered from PublicReadCache
 * without running it: no resolvers, no reply mapping, no execution span. A signed-in request, a
 * mutation, or a query naming any non-public root field always runs. Answers with errors are never
 * kept; a change announced while a query ran means its answer is not kept either.
 */
@Plugin()
export class PublicResponseCachePlugin implements ApolloServerPlugin<GqlContext> {
  constructor(private readonly reads: PublicReadCache) {}

  async requestDidStart(): Promise<GraphQLRequestListener<GqlContext>> {
    const reads = this.reads;
    if (!reads.keepsResponses) return {};
    // Set when this request's answer may be kept: a public query that was not answered from the cache.
    let key: string | undefined;
    let generation = 0;
    return {
      async responseForOperation({ operation, contextValue, request, queryHash }) {
        // No operation: Apollo answers with its own error (an unknown or missing operation name).
        if (!operation || !queryHash || contextValue.actor || !isPublicQuery(operation)) return null;
        const lookup = responseKey(queryHash, request.operationName, operation, request.variables);
        if (lookup === null) return null;
        const data = reads.response(lookup);
        if (!data) {
          key = lookup;
          generation = reads.currentGeneration;
          return null;
        }
        return { http: { status: undefined, headers: new HeaderMap() }, body: { kind: 'single', singleResult: { data } } };
      },
      async willSendResponse({ response }) {
        if (!key || response.body.kind !== 'single') return;
        const { data, errors } = response.body.singleResult;
        if (data && !errors) reads.keepResponse(key, data as CachedData, generation);
      },
    };
  }
}
