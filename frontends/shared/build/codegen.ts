import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CodegenConfig } from '@graphql-codegen/cli';

/** The BFF's printed schema: what every document a frontend sends is checked against. */
export const SCHEMA = fileURLToPath(new URL('../../../bff/schema.graphql', import.meta.url));

/**
 * GraphQL Code Generator settings of one frontend package (`codegen.ts` in its folder):
 * the package's documents (`src/**\/*.graphql`) are validated against the BFF schema, and each
 * `x.graphql` gets an `x.generated.ts` beside it (near-operation-file preset) with its result and
 * variable types and one typed document per operation (`MealsDocument`: a TypedDocumentNode);
 * `src/generated/types.ts` holds the schema types those use (enums, inputs).
 * One module per document file, so a document ships in the chunk of the page that uses it
 *: with every document in one module, the first page carried all of them.
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
      // The schema types the documents use (only those: enums, inputs, scalars).
      [join(root, 'src/generated/types.ts')]: { plugins: ['typescript'], config: { ...config, onlyOperationTypes: true } },
      [join(root, 'src/')]: {
        preset: 'near-operation-file',
        presetConfig: { extension: '.generated.ts', baseTypesPath: 'generated/types.ts' },
        plugins: ['typescript-operations', 'typed-document-node'],
        config: { ...config, dedupeFragments: true },
      },
      // Every type of the schema (objects, inputs, enums), for code that names them outside a
      // document: @popote/graphql re-exports them (the enums are the fixed vocabularies).
      ...(schemaTypes ? { [join(root, 'src/generated/schema.ts')]: { plugins: ['typescript'], config } } : {}),
    },
  };
}
