// GraphQL Code Generator: checks src/**/*.graphql against bff/schema.graphql and writes
// src/generated/ (typed documents and the schema's types). Run by this package's build.
import { codegenConfig } from '../shared/build/codegen.ts';

export default codegenConfig(import.meta.dirname);
