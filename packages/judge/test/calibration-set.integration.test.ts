// The shipped calibration set, checked by execution. Every pair runs on the real Chinook, on
// the Chinook test suite's distilled variants, on variants fuzzed from the calibration set's
// own literals, and (for its question) on the database its witness describes. An
// "equivalent" label whose queries differ anywhere fails the test; so does a "not equivalent"
// label that no database tells apart. Tier 1's canonical match must accept no not-equivalent
// pair.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHINOOK_CALIBRATION_PATH, CHINOOK_SUITE_PATH, chinookForTests } from '@nl2sql/datasets';
import type { Datasource } from '@nl2sql/datasource';
import { openSqlite } from '@nl2sql/datasource-sqlite';
import { normalizedMatch } from '@nl2sql/sqlcheck';
import { loadSuite } from '@nl2sql/suite';
import {
  buildVariantContext,
  deriveSeed,
  generateVariant,
  openTestSuite,
  suiteGolds,
  type TestSuite,
  testSuiteDir,
} from '@nl2sql/testsuite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CalibrationSet, composition } from '../src/calibration-set.js';
import { loadCalibrationSet } from '../src/load-calibration-set.js';
import {
  type PairVerification,
  type VerificationDatabase,
  verifyCalibrationSet,
} from '../src/verify-calibration-set.js';
import { buildWitnessDatabase } from './witness-database.js';

// Skips, with the reason printed, where the real Chinook is not found (never under CI).
const chinookFile = await chinookForTests();

/** Variants fuzzed from the calibration pairs' literals, on top of the suite's. */
const CALIBRATION_VARIANTS = 6;

let set: CalibrationSet;
let tmp: string;
let suite: TestSuite | undefined;
const opened: Datasource[] = [];
const databases: VerificationDatabase[] = [];
let results: PairVerification[] = [];

const asDatabase = (id: string, source: Datasource, pairs?: ReadonlySet<string>) => ({
  id,
  execute: (sql: string) => source.execute(sql, { maxRows: 100_000, timeoutMs: 30_000 }),
  ...(pairs ? { pairs } : {}),
});

beforeAll(async () => {
  set = (await loadCalibrationSet(CHINOOK_CALIBRATION_PATH)).set;
  if (chinookFile.path === undefined) return;
  const original = chinookFile.path;
  tmp = await mkdtemp(join(tmpdir(), 'nl2sql-judge-calibration-'));
  const chinook = await openSqlite(original);
  opened.push(chinook);
  databases.push(asDatabase('original', chinook));

  // The Chinook suite's distilled test suite (variants regenerate from their seeds if missing).
  const golds = suiteGolds(await loadSuite(CHINOOK_SUITE_PATH));
  suite = await openTestSuite({
    dir: testSuiteDir(CHINOOK_SUITE_PATH),
    original,
    golds,
    variantsDir: join(tmp, 'suite-variants'),
  });
  for (const db of suite.databases.slice(1)) databases.push(asDatabase(db.id, db.source));

  // More variants, fuzzed around the literals of every pair's queries.
  const context = await buildVariantContext(
    chinook,
    set.pairs.map((p) => ({
      id: p.id,
      sql: p.gold,
      altSql: [p.candidate],
      orderMatters: p.order_matters,
    })),
  );
  for (let i = 0; i < CALIBRATION_VARIANTS; i++) {
    const file = join(tmp, `calibration-variant-${i}.sqlite`);
    await generateVariant(context, deriveSeed(1, 'judge-calibration', i), file);
    const source = await openSqlite(file);
    opened.push(source);
    databases.push(asDatabase(`calibration-variant-${i}`, source));
  }

  // Each witness database serves the pairs that share its pair's question and gold.
  for (const pair of set.pairs) {
    if (pair.witness === undefined) continue;
    const file = join(tmp, `witness-${pair.id}.sqlite`);
    try {
      await buildWitnessDatabase(original, pair.witness, file);
    } catch (error) {
      throw new Error(`${pair.id}: ${error instanceof Error ? error.message : String(error)}`);
    }
    const source = await openSqlite(file);
    opened.push(source);
    const siblings = new Set(
      set.pairs
        .filter((p) => p.question === pair.question && p.gold === pair.gold)
        .map((p) => p.id),
    );
    databases.push(asDatabase(`witness:${pair.id}`, source, siblings));
  }
  results = await verifyCalibrationSet(set, databases);
}, 900_000);

afterAll(async () => {
  await suite?.close();
  await Promise.all(opened.map((d) => d.close()));
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe.skipIf(chinookFile.path === undefined)('the shipped Chinook calibration set', () => {
  it('has at least 100 pairs, 30 to 50 of them not equivalent (spec 001 section 6)', () => {
    const c = composition(set);
    expect(c.pairs).toBeGreaterThanOrEqual(100);
    expect(c.notEquivalent).toBeGreaterThanOrEqual(30);
    expect(c.notEquivalent).toBeLessThanOrEqual(50);
  });

  it('runs every query on every database without an error', () => {
    const errors = results.flatMap((r) =>
      r.errors.map((e) => `${r.id} ${e.query} on ${e.database}: ${e.message}`),
    );
    expect(errors).toEqual([]);
  });

  it('has no equivalent pair whose answers differ on any database', () => {
    const contradicted = results
      .filter((r) => r.status === 'contradicted')
      .map((r) => `${r.id}: ${r.firstDifference}`);
    expect(contradicted).toEqual([]);
  });

  it('has no not-equivalent pair that every database answers alike', () => {
    const unwitnessed = results.filter((r) => r.status === 'unwitnessed').map((r) => r.id);
    expect(unwitnessed).toEqual([]);
  });

  it('needs a witness only where the real data and the variants cannot show the difference', (context) => {
    const byId = new Map(set.pairs.map((p) => [p.id, p]));
    const confirmedBy = { original: 0, variants: 0, witness: 0 };
    for (const r of results) {
      if (r.label !== 'not_equivalent') continue;
      if (r.differsOn.includes('original')) confirmedBy.original++;
      else if (r.differsOn.some((d) => !d.startsWith('witness:'))) confirmedBy.variants++;
      else {
        confirmedBy.witness++;
        // A pair only its own data can show says so in its reason.
        expect(byId.get(r.id)!.witness, r.id).toBeDefined();
      }
    }
    const equivalentChecks = results
      .filter((r) => r.label === 'equivalent')
      .map((r) => r.checked.length);
    context.task.meta.calibration = {
      composition: composition(set),
      notEquivalentConfirmedBy: confirmedBy,
      databases: databases.length,
      fewestDatabasesPerEquivalentPair: Math.min(...equivalentChecks),
    };
    expect(confirmedBy.original + confirmedBy.variants + confirmedBy.witness).toBe(
      composition(set).notEquivalent,
    );
    // every equivalent pair ran on the original, every suite variant and every calibration variant
    expect(Math.min(...equivalentChecks)).toBeGreaterThanOrEqual(
      1 + (suite!.databases.length - 1) + CALIBRATION_VARIANTS,
    );
  });

  it('tier 1 (canonical AST match) accepts no not-equivalent pair', async (context) => {
    const accepted: string[] = [];
    let equivalentMatched = 0;
    for (const pair of set.pairs) {
      const m = await normalizedMatch(pair.candidate, pair.gold, set.dialect);
      if (!m.match) continue;
      if (pair.label === 'not_equivalent') accepted.push(pair.id);
      else equivalentMatched++;
    }
    context.task.meta.tier1 = { equivalentMatched, equivalentPairs: composition(set).equivalent };
    expect(accepted).toEqual([]);
  });
});

declare module 'vitest' {
  interface TaskMeta {
    calibration?: unknown;
    tier1?: unknown;
  }
}
