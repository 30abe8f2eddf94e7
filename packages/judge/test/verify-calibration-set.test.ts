// Label checks on the real Chinook: a wrong "equivalent" label is contradicted, a
// "not equivalent" label no database can show is unwitnessed, a broken query is an error,
// and a database aimed at some pairs runs only those.
import { chinookForTests } from '@nl2sql/datasets';
import type { Datasource } from '@nl2sql/datasource';
import { openSqlite } from '@nl2sql/datasource-sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalibrationPair, CalibrationSet } from '../src/calibration-set.js';
import {
  type VerificationDatabase,
  verifyCalibrationSet,
  verifyPair,
} from '../src/verify-calibration-set.js';

// Skips, with the reason printed, where the real Chinook is not found (never under CI).
const chinookFile = await chinookForTests();
const noChinook = chinookFile.path === undefined;

let chinook: Datasource;
let original: VerificationDatabase;

const pair = (over: Partial<CalibrationPair>): CalibrationPair => ({
  id: 'p',
  question: 'q',
  category: 'test',
  label: 'equivalent',
  order_matters: false,
  gold: 'SELECT COUNT(*) FROM Customer',
  candidate: 'SELECT COUNT(CustomerId) FROM Customer',
  reason: 'a reason long enough',
  ...over,
});

beforeAll(async () => {
  if (noChinook) return;
  chinook = await openSqlite(chinookFile.path!);
  original = { id: 'original', execute: (sql) => chinook.execute(sql) };
});

afterAll(async () => {
  await chinook?.close();
});

describe.skipIf(noChinook)('verifyPair', () => {
  it('finds an equivalent pair consistent when no database tells it apart', async () => {
    const r = await verifyPair(pair({}), [original]);
    expect(r).toMatchObject({ status: 'consistent', checked: ['original'], differsOn: [] });
  });

  it('contradicts an equivalent label whose answers differ, with the comparator’s explanation', async () => {
    const r = await verifyPair(pair({ candidate: 'SELECT COUNT(State) FROM Customer' }), [
      original,
    ]);
    expect(r.status).toBe('contradicted');
    expect(r.differsOn).toEqual(['original']);
    expect(r.firstDifference).toMatch(/^original: FAIL lenient/);
  });

  it('confirms a not-equivalent label that some database shows, and flags one none shows', async () => {
    const shown = await verifyPair(
      pair({ label: 'not_equivalent', candidate: 'SELECT COUNT(State) FROM Customer' }),
      [original],
    );
    expect(shown.status).toBe('consistent');
    const hidden = await verifyPair(
      pair({
        label: 'not_equivalent',
        gold: 'SELECT COUNT(*) FROM Track WHERE Milliseconds > 300000',
        candidate: 'SELECT COUNT(*) FROM Track WHERE Milliseconds >= 300000',
      }),
      [original],
    );
    expect(hidden.status).toBe('unwitnessed');
  });

  it('reports a query that fails or is cut instead of comparing it', async () => {
    const failing = await verifyPair(pair({ candidate: 'SELECT nope FROM Customer' }), [original]);
    expect(failing.status).toBe('error');
    expect(failing.errors[0]).toMatchObject({ database: 'original', query: 'candidate' });
    const capped: VerificationDatabase = {
      id: 'capped',
      execute: (sql) => chinook.execute(sql, { maxRows: 5 }),
    };
    const cut = await verifyPair(
      pair({ gold: 'SELECT Name FROM Track', candidate: 'SELECT Name FROM Track' }),
      [capped],
    );
    expect(cut.errors).toEqual([
      { database: 'capped', query: 'gold', message: 'result truncated' },
      { database: 'capped', query: 'candidate', message: 'result truncated' },
    ]);
  });

  it('runs a database aimed at some pairs only for those', async () => {
    const aimed = { ...original, id: 'aimed', pairs: new Set(['other']) };
    const r = await verifyPair(pair({}), [original, aimed]);
    expect(r.checked).toEqual(['original']);
  });
});

describe.skipIf(noChinook)('verifyCalibrationSet', () => {
  it('checks every pair in order and reports each as it goes', async () => {
    const set: CalibrationSet = {
      name: 's',
      version: 1,
      database: 'chinook',
      dialect: 'sqlite',
      pairs: [pair({ id: 'a' }), pair({ id: 'b', candidate: 'SELECT 59' })],
    };
    const seen: string[] = [];
    const results = await verifyCalibrationSet(set, [original], { onPair: (r) => seen.push(r.id) });
    expect(results.map((r) => [r.id, r.status])).toEqual([
      ['a', 'consistent'],
      ['b', 'consistent'],
    ]);
    expect(seen).toEqual(['a', 'b']);
  });
});
