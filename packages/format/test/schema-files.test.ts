import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type SchemaFile, schemaText, staleSchemaFiles, writeSchemaFiles } from '../src/index.js';

const files: SchemaFile[] = [
  { file: 'a.schema.json', document: { $id: 'https://example.org/a.json', type: 'string' } },
  { file: 'b.schema.json', document: { $id: 'https://example.org/b.json', type: 'number' } },
];

describe('schema files', () => {
  it('finds missing and edited files, writes exactly those, and then finds none', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'schema-files-'));
    expect(await staleSchemaFiles(dir, files)).toEqual(['a.schema.json', 'b.schema.json']);
    expect(await writeSchemaFiles(dir, files)).toEqual(['a.schema.json', 'b.schema.json']);
    expect(await readFile(join(dir, 'a.schema.json'), 'utf8')).toBe(schemaText(files[0]!.document));
    expect(await staleSchemaFiles(dir, files)).toEqual([]);
    await writeFile(join(dir, 'b.schema.json'), '{"type":"number"}\n');
    expect(await staleSchemaFiles(dir, files)).toEqual(['b.schema.json']);
    expect(await writeSchemaFiles(dir, files)).toEqual(['b.schema.json']);
    expect(await writeSchemaFiles(dir, files)).toEqual([]);
  });
});
