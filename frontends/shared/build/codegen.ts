import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CodegenConfig } from '@graphql-codegen/cli';

/** The BFF's printed schema: what every document a frontend sends is checked against. */
export const SCHEMA = fileURLToPath(new URL('../../../bff/schema.graphql', import.meta.url));

/**
 * GraphQL Code Generator settings of one frontend package (`codegen.ts` in its folder):
 * the package's documents (`src/**\/*.graphql`) are validated against the BFF schema, and
 * `src/generated/graphql.ts` gets their result and variable types and one typed document per operation
 * (`MealsDocument`: a TypedDocumentNode, imported by name so unused ones are tree-shaken).
 * A document that does not match the schema (unknown field, wrong argument or variable type,
 * missing fragment) fails the generation, hence the build.
 *
 * Enums are string unions (`'french' | 'italian' ...`), the very values on the wire: no runtime
 * objects, no mapping. The French labels live in @popote/ui.
 */
export function codegenConfig(root: string, { schemaTypes = false }: { schemaTypes?: boolean } = {}): CodegenConfig {
  const config = {
    enumsAsTypes: true,
    // A nullable field is there, null or not (`image_url: string | null`); inputs keep optional fields.
    avoidOptionals: { field: true, inputValue: false, object: true, defaultValue: false },
    useTypeImports: true,
    scalars: { ID: 'string' },
  };
  return {
    overwrite: true,
    schema: SCHEMA,
    documents: [join(root, 'src/**/*.graphql')],
    errorsOnly: true,
    generates: {
      [join(root, 'src/generated/')]: {
        preset: 'client',
        presetConfig: {
          // Components read the fields their own fragments select; no masking helpers to ship.
          fragmentMasking: false,
        },
        config: { ...config, dedupeFragments: true },
      },
      // Every type of the schema (objects, inputs, enums), for code that names them outside a
      // document: @popote/graphql re-exports them (the enums are the fixed vocabularies).
      ...(schemaTypes ? { [join(root, 'src/generated/schema.ts')]: { plugins: ['typescript'], config } } : {}),
    },
  };
}
