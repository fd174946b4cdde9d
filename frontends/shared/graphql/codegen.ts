// GraphQL Code Generator: checks src/**/*.graphql against bff/schema.graphql and writes
// src/generated/ (typed documents, and schema.ts: every type of the schema). Run by this package's build.
import { codegenConfig } from '../build/codegen.ts';

export default codegenConfig(import.meta.dirname, { schemaTypes: true });
