// The JSON Schema files this package publishes, written from the definitions by
// `pnpm schemas` and checked by test/schema-files.test.ts.

import type { SchemaFile } from '@nl2sql/format';
import { CALIBRATION_RECORD_JSON_SCHEMA } from './calibration-record.js';
import { CALIBRATION_SET_JSON_SCHEMA } from './calibration-set.js';

export const SCHEMA_FILES: readonly SchemaFile[] = [
  { file: 'judge-calibration-set.schema.json', document: CALIBRATION_SET_JSON_SCHEMA },
  { file: 'judge-calibration-record-1.schema.json', document: CALIBRATION_RECORD_JSON_SCHEMA },
];
