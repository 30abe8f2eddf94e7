import { staleSchemaFiles } from '@nl2sql/format';
import { describe, expect, it } from 'vitest';
import { SCHEMA_FILES } from '../src/schema-files.js';

describe('published schema files', () => {
  it('are exactly what the definitions give', async () => {
    const stale = await staleSchemaFiles(new URL('..', import.meta.url), SCHEMA_FILES);
    expect(stale, 'run `pnpm schemas` at the repository root and commit the files').toEqual([]);
  });
});
