import { readFileSync } from 'node:fs';
import { staleSchemaFiles } from '@nl2sql/format';
import { describe, expect, it } from 'vitest';
import { SCHEMA_FILES } from '../src/schema-files.js';

describe('published schema files', () => {
  it('are exactly what the definitions give', async () => {
    const stale = await staleSchemaFiles(new URL('..', import.meta.url), SCHEMA_FILES);
    expect(stale, 'run `pnpm schemas` at the repository root and commit the files').toEqual([]);
  });

  it('are shipped with the package and exported by name', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    expect(SCHEMA_FILES.map((f) => f.file)).toEqual([
      'judge-calibration-set.schema.json',
      'judge-calibration-record-1.schema.json',
    ]);
    for (const { file } of SCHEMA_FILES) {
      expect(pkg.files).toContain(file);
      expect(pkg.exports[`./${file}`]).toBe(`./${file}`);
      expect(pkg.publishConfig.exports[`./${file}`]).toBe(`./${file}`);
    }
  });
});
