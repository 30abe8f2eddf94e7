// The plain-data side of a format: what is published as `*.schema.json`, handed to an LLM
// as a structured-output schema, and compiled by ajv. TypeBox definitions become this
// through schemaDocument.

/** A JSON Schema document or subschema, as plain JSON data. */
export type JsonSchema = { readonly [keyword: string]: unknown };

/** JSON Schema 2020-12, the dialect every format of this project is written in. */
export const JSON_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';
