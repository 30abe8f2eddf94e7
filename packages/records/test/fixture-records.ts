import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RunRecord } from '../src/index.js';

/** The hand-written fixture records: test data, not benchmark results. */
export const FIXTURE_BENCHMARKS = join(
  dirname(fileURLToPath(import.meta.url)),
  'fixtures',
  'benchmarks',
);

export const FIXTURE_FILES = {
  plansOld: 'plans/chinook/2026-10-15_3f9c2a1_plans.json',
  plansNew: 'plans/chinook/2026-10-20_8b41d07_plans.json',
  full: 'full/chinook/2026-10-18_3f9c2a1_gpt-5.4.json',
  retrieval: 'retrieval/chinook/2026-10-15_3f9c2a1_retrieval.json',
} as const;

/** A fresh, parsed copy of a fixture record (tests may change their copy freely). */
export function fixture(name: keyof typeof FIXTURE_FILES): RunRecord {
  return JSON.parse(readFileSync(join(FIXTURE_BENCHMARKS, FIXTURE_FILES[name]), 'utf8'));
}

/** A fixture record with some top-level fields replaced. */
export function variant(name: keyof typeof FIXTURE_FILES, changes: Partial<RunRecord>): RunRecord {
  return { ...fixture(name), ...changes };
}
