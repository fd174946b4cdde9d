import { ApolloArmor } from '@escape.tech/graphql-armor';

/** The French text of every refused-for-its-shape operation (the limits themselves are not told). */
export const TOO_COMPLEX = 'Requête trop complexe : réduisez sa taille ou sa profondeur';

/**
 * Limits on the shape of an operation, checked before anything runs (graphql-armor): depth, aliases
 * (one request with thousands of aliases would fan out into thousands of RPCs), directives, tokens
 * and a static cost. The frontends' largest operations stay well under them.
 */
export const GRAPHQL_LIMITS = {
  maxDepth: 8,
  maxAliases: 10,
  maxDirectives: 10,
  maxTokens: 2000,
  maxCost: 3000,
} as const;

/** graphql's parser stops past this many tokens ("Document contains more that N tokens"). */
export const parseOptions = { maxTokens: GRAPHQL_LIMITS.maxTokens };
export const isTooManyTokens = (message: string) => /Document contains more th\w+ \d+ tokens/.test(message);

export function graphqlArmor() {
  return new ApolloArmor({
    maxDepth: { n: GRAPHQL_LIMITS.maxDepth, errorMessage: TOO_COMPLEX, exposeLimits: false, ignoreIntrospection: false },
    maxAliases: { n: GRAPHQL_LIMITS.maxAliases, errorMessage: TOO_COMPLEX, exposeLimits: false },
    maxDirectives: { n: GRAPHQL_LIMITS.maxDirectives, errorMessage: TOO_COMPLEX, exposeLimits: false },
    // Tokens are counted by graphql's own parser (Apollo's parseOptions.maxTokens): a clean 400.
    maxTokens: { enabled: false },
    costLimit: { maxCost: GRAPHQL_LIMITS.maxCost, errorMessage: TOO_COMPLEX, exposeLimits: false, ignoreIntrospection: false },
    // "Did you mean …?" would map the schema for someone who cannot read it.
    blockFieldSuggestion: { enabled: true, mask: '' },
  }).protect();
}
