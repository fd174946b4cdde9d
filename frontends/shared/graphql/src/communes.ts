import { useCallback } from 'react';
import { useClient } from 'urql';
import { CommunesDocument, type CommunesQuery } from './communes.generated';

export type CommuneResult = CommunesQuery['communes'][number];

/**
 * The French communes autocomplete (start of a name, accents ignored, or of a postcode), through
 * the BFF's public `communes` query: a function for the commune combobox of @popote/ui.
 */
export function useCommuneSearch(limit = 8): (query: string) => Promise<CommuneResult[]> {
  const client = useClient();
  return useCallback(
    async (query: string) => (await client.query(CommunesDocument, { query, limit }).toPromise()).data?.communes ?? [],
    [client, limit],
  );
}
