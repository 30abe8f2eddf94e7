// The JSON Schema files this package publishes, written from the definition by
// `pnpm schemas` and checked by test/schema-files.test.ts.

import type { SchemaFile } from '@nl2sql/format';
import { PLAN_JSON_SCHEMA } from './plan-model.js';

export const SCHEMA_FILES: readonly SchemaFile[] = [
  { file: 'plan-model.schema.json', document: PLAN_JSON_SCHEMA },
];
