import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatRecord,
  parseRecord,
  RecordError,
  readRecords,
  writeRecord,
  writeRecordFile,
} from '../src/index.js';
import { fixture, tempDir, variant } from './fixtures.js';

describe('writeRecord', () => {
  it('writes the record at its name and reads back equal', () => {
    const root = tempDir();
    const record = fixture('full');
    const path = writeRecord(root, record);
    expect(path).toBe(join(root, 'full', 'chinook', '2026-10-18_3f9c2a1_gpt-5.4.json'));
    const text = readFileSync(path, 'utf8');
    expect(text).toBe(formatRecord(record));
    expect(text.endsWith('}\n')).toBe(true);
    expect(text).not.toContain('\r');
    expect(parseRecord(text, path)).toEqual(record);
  });

  it('never replaces a record: the same name again gets -2, then -3', () => {
    const root = tempDir();
    const record = fixture('plansOld');
    const first = writeRecord(root, record);
    const before = readFileSync(first, 'utf8');
    const second = writeRecord(root, variant('plansOld', { note: 'rerun' }));
    const third = writeRecord(root, record);
    expect(second.endsWith('2026-10-15_3f9c2a1_plans-2.json')).toBe(true);
    expect(third.endsWith('2026-10-15_3f9c2a1_plans-3.json')).toBe(true);
    expect(readFileSync(first, 'utf8')).toBe(before);
    expect(parseRecord(readFileSync(second, 'utf8')).note).toBe('rerun');
  });

  it('leaves no temporary file behind and writes only whole records', () => {
    const root = tempDir();
    writeRecord(root, fixture('retrieval'));
    writeRecord(root, fixture('retrieval'));
    expect(readdirSync(join(root, 'retrieval', 'chinook')).sort()).toEqual([
      '2026-10-15_3f9c2a1_retrieval-2.json',
      '2026-10-15_3f9c2a1_retrieval.json',
    ]);
  });

  it('validates before writing: an invalid record writes nothing', () => {
    const root = tempDir();
    const record = { ...fixture('plansOld'), kind: 'tier2' } as unknown as ReturnType<
      typeof fixture
    >;
    expect(() => writeRecord(root, record)).toThrow(RecordError);
    expect(readdirSync(root)).toEqual([]);
  });

  it('writes the top-level fields in the spec order whatever order they were built in', () => {
    const record = fixture('plansOld');
    const reversed = Object.fromEntries(Object.entries(record).reverse()) as typeof record;
    expect(formatRecord(reversed)).toBe(formatRecord(record));
    expect(Object.keys(JSON.parse(formatRecord(reversed)))).toEqual([
      'schema',
      'kind',
      'recorded_at',
      'engine_version',
      'git_commit',
      'git_dirty',
      'note',
      'dataset',
      'database',
      'config',
      'metrics',
      'scoreboard',
    ]);
  });

  it('property: n writes of records sharing a name give n distinct, intact files', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ maxLength: 12 }), { minLength: 1, maxLength: 6 }),
        (notes) => {
          const root = tempDir();
          const paths = notes.map((note) => writeRecord(root, variant('plansNew', { note })));
          expect(new Set(paths).size).toBe(notes.length);
          expect(
            readRecords(root)
              .map((s) => s.record.note)
              .sort(),
          ).toEqual([...notes].sort());
        },
      ),
      { numRuns: 25 },
    );
  });
});

describe('writeRecordFile', () => {
  it('refuses to overwrite an existing record and leaves it untouched', () => {
    const root = tempDir();
    const path = join(root, 'plans', 'chinook', 'taken.json');
    mkdirSync(join(root, 'plans', 'chinook'), { recursive: true });
    writeFileSync(path, 'original');
    let error: unknown;
    try {
      writeRecordFile(path, fixture('plansOld'));
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(RecordError);
    expect((error as RecordError).code).toBe('RECORD_EXISTS');
    expect((error as RecordError).file).toBe(path);
    expect(readFileSync(path, 'utf8')).toBe('original');
    expect(readdirSync(join(root, 'plans', 'chinook'))).toEqual(['taken.json']);
  });

  it('writes a new file at exactly the path given', () => {
    const root = tempDir();
    const path = join(root, 'deep', 'dir', 'r.json');
    expect(writeRecordFile(path, fixture('full'))).toBe(path);
    expect(readFileSync(path, 'utf8')).toBe(formatRecord(fixture('full')));
  });
});
