import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RecordError, readRecords, sortRecords, writeRecord } from '../src/index.js';
import { FIXTURE_BENCHMARKS, FIXTURE_FILES, fixture, tempDir } from './fixtures.js';

function errorOf(run: () => unknown): RecordError {
  try {
    run();
  } catch (error) {
    if (error instanceof RecordError) return error;
    throw error;
  }
  throw new Error('expected a RecordError');
}

describe('readRecords', () => {
  it('reads every fixture record, sorted by mode, database, time and config', () => {
    const stored = readRecords(FIXTURE_BENCHMARKS);
    expect(stored.map((s) => relative(FIXTURE_BENCHMARKS, s.path))).toEqual([
      FIXTURE_FILES.full,
      FIXTURE_FILES.plansOld,
      FIXTURE_FILES.plansNew,
      FIXTURE_FILES.retrieval,
    ]);
    expect(stored[0]?.record).toEqual(fixture('full'));
  });

  it('reads a missing benchmarks folder as no records and skips non-record folders', () => {
    expect(readRecords(join(tempDir(), 'benchmarks'))).toEqual([]);
    const root = tempDir();
    cpSync(FIXTURE_BENCHMARKS, root, { recursive: true });
    mkdirSync(join(root, 'archive'));
    writeFileSync(join(root, 'archive', 'old.json'), 'not json');
    writeFileSync(join(root, 'README.md'), '# records');
    expect(readRecords(root)).toHaveLength(4);
  });

  it('names the file and the field of a bad record', () => {
    const root = tempDir();
    const path = writeRecord(root, fixture('plansOld'));
    writeRecord(root, fixture('full'));
    const broken = JSON.parse(JSON.stringify(fixture('plansOld')));
    broken.metrics.latency.p95_ms = -1;
    writeFileSync(path, JSON.stringify(broken));
    const error = errorOf(() => readRecords(root));
    expect(error.file).toBe(path);
    expect(error.field).toBe('metrics.latency.p95_ms');
    expect(error.message.startsWith(`${path}: not a valid record: metrics.latency.p95_ms`)).toBe(
      true,
    );
  });

  it('names the file of a record that is not JSON', () => {
    const root = tempDir();
    mkdirSync(join(root, 'plans', 'chinook'), { recursive: true });
    const path = join(root, 'plans', 'chinook', '2026-10-15_3f9c2a1_plans.json');
    writeFileSync(path, '{"schema": 2');
    const error = errorOf(() => readRecords(root));
    expect(error.code).toBe('INVALID_RECORD');
    expect(error.file).toBe(path);
  });

  it('refuses a record filed under another mode or database than it states', () => {
    const root = tempDir();
    mkdirSync(join(root, 'full', 'chinook'), { recursive: true });
    const path = join(root, 'full', 'chinook', 'moved.json');
    writeFileSync(path, JSON.stringify(fixture('plansOld')));
    const error = errorOf(() => readRecords(root));
    expect(error.code).toBe('MISPLACED_RECORD');
    expect(error.field).toBe('kind');
    expect(error.message).toBe(`${path}: a plans record on chinook filed under full/chinook/`);
  });

  it('reads 0.6 tier2 folders as mode full', () => {
    const root = tempDir();
    mkdirSync(join(root, 'tier2', 'chinook'), { recursive: true });
    writeFileSync(join(root, 'tier2', 'chinook', 'old.json'), JSON.stringify(fixture('full')));
    expect(readRecords(root).map((s) => s.record.kind)).toEqual(['full']);
  });
});

describe('sortRecords', () => {
  it('property: the order does not depend on the input order', () => {
    const stored = readRecords(FIXTURE_BENCHMARKS);
    const bare = stored.map((s) => ({ path: '', record: s.record }));
    fc.assert(
      fc.property(fc.shuffledSubarray([...stored, ...bare], { minLength: 8 }), (shuffled) => {
        expect(sortRecords(shuffled)).toEqual(sortRecords([...stored, ...bare]));
      }),
    );
  });

  it('orders by the instant, not the text, of recorded_at', () => {
    const a = {
      path: 'a',
      record: { ...fixture('plansOld'), recorded_at: '2026-10-15T09:12:44Z' },
    };
    const b = {
      path: 'b',
      record: { ...fixture('plansOld'), recorded_at: '2026-10-15T09:12:44.5Z' },
    };
    expect(sortRecords([b, a]).map((s) => s.path)).toEqual(['a', 'b']);
  });
});
