import { readFileSync } from 'node:fs';
import { staleSchemaFiles } from '@nl2sql/format';
import { EVALS_FORMAT } from '@nl2sql/project';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SCHEMA_FILES } from '../src/schema-files.js';

describe('published schema files', () => {
  it('are exactly what the definitions give', async () => {
    const stale = await staleSchemaFiles(new URL('..', import.meta.url), SCHEMA_FILES);
    expect(stale, 'run `pnpm schemas` at the repository root and commit the files').toEqual([]);
  });

  it('evals.schema.json is shipped with the package', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    expect(pkg.files).toContain('evals.schema.json');
    expect(pkg.exports['./evals.schema.json']).toBe('./evals.schema.json');
    expect(pkg.publishConfig.exports['./evals.schema.json']).toBe('./evals.schema.json');
  });

  it('accepts the example of docs/evals-yaml.md', () => {
    const page = readFileSync(new URL('../../../docs/evals-yaml.md', import.meta.url), 'utf8');
    const example = /```yaml\n([\s\S]*?)```/.exec(page)?.[1];
    expect(example).toBeDefined();
    expect(EVALS_FORMAT.issues(parse(example ?? ''))).toEqual([]);
  });
});
