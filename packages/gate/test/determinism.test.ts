import { describe, expect, it } from 'vitest';
import { byCase, type CaseRun, determinism } from '../src/index.js';

const run = (
  caseId: string,
  pass: number,
  sql: string | null,
  rowsDigest: string | null,
): CaseRun => ({
  caseId,
  pass,
  passed: true,
  sql,
  rowsDigest,
});

describe('determinism', () => {
  it('counts cases with identical SQL and rows in every pass, listing the rest', () => {
    const groups = byCase([
      run('same', 1, 'SELECT 1', 'r1'),
      run('same', 2, 'SELECT 1', 'r1'),
      run('sql-moved', 1, 'SELECT 1', 'r1'),
      run('sql-moved', 2, 'SELECT 1 ', 'r1'),
      run('rows-moved', 1, 'SELECT 2', 'r1'),
      run('rows-moved', 2, 'SELECT 2', 'r2'),
      run('refused', 1, null, null),
      run('refused', 2, null, null),
      run('once', 1, 'SELECT 3', 'r3'),
    ]);
    expect(determinism(groups)).toEqual({
      cases: 4,
      deterministic: 2,
      rate: 0.5,
      varying: ['sql-moved', 'rows-moved'],
    });
  });

  it('treats a missing SQL as equal to null, and a refusal after an answer as a change', () => {
    expect(determinism({ a: [{ sql: null }, {}] }).rate).toBe(1);
    expect(
      determinism({ a: [{ sql: 'SELECT 1', rowsDigest: 'r' }, { sql: null }] }).varying,
    ).toEqual(['a']);
  });

  it('is passing every time with different SQL: stricter than pass^k', () => {
    expect(determinism({ a: [{ sql: 'SELECT 1' }, { sql: 'SELECT 1 AS x' }] }).deterministic).toBe(
      0,
    );
  });

  it('has no rate when no case ran twice', () => {
    expect(determinism({ a: [{ sql: 'SELECT 1' }] })).toEqual({
      cases: 0,
      deterministic: 0,
      rate: null,
      varying: [],
    });
  });
});
