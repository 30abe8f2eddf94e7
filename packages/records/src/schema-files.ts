// The JSON Schema file this package publishes, written from the definition by `pnpm schemas`
// and checked by test/schema-files.test.ts.

import type { SchemaFile } from '@nl2sql/format';
import { recordSchema } from './record.js';

export const SCHEMA_FILES: readonly SchemaFile[] = [
  { file: 'record-2.schema.json', document: recordSchema },
];
