import type { Page } from '@playwright/test';

/** A GraphQL call from the page: same origin, the person's own cookies (none for a visitor). */
export const graphql = <T = Record<string, unknown>>(page: Page, query: string, variables: Record<string, unknown> = {}) =>
  page.evaluate(
    async ({ query, variables }) => {
      const response = await fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query, variables }),
      });
      return (await response.json()) as { data?: T; errors?: { message: string }[] };
    },
    { query, variables },
  );
