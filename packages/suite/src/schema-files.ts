// The JSON Schema files this package publishes, written from the definition by
// `pnpm schemas` and checked by test/schema-files.test.ts.

import type { SchemaFile } from '@nl2sql/format';
import { CASE_JSON_SCHEMA, SUITE_JSON_SCHEMA } from './case.js';

export const SCHEMA_FILES: readonly SchemaFile[] = [
  { file: 'case.schema.json', document: CASE_JSON_SCHEMA },
  { file: 'suite.schema.json', document: SUITE_JSON_SCHEMA },
];
