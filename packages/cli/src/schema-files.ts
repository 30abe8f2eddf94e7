// The JSON Schema file this package publishes for editors (`evals.schema.json`, the
// evals.yaml format of @nl2sql/project), written by `pnpm schemas` and checked by
// test/schema-files.test.ts. It ships with the CLI because the CLI is what a project
// installs: an evals.yaml points to ./node_modules/@nl2sql/cli/evals.schema.json.

import type { SchemaFile } from '@nl2sql/format';
import { EVALS_JSON_SCHEMA } from '@nl2sql/project';

export const SCHEMA_FILES: readonly SchemaFile[] = [
  { file: 'evals.schema.json', document: EVALS_JSON_SCHEMA },
];
