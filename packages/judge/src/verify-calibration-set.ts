// Checking a calibration set's labels by execution. Each pair runs on every database given
// (the original, test-suite variants, databases built from witnesses): an "equivalent" pair
// whose answers differ anywhere is contradicted; a "not equivalent" pair whose answers differ
// somewhere is confirmed; one that never differs is unwitnessed (its reason must say why the
// difference is real, or a witness must show it). Execution can refute equivalence but never
// prove it: an equivalent label that survives is consistent with every database tried.
import type { TableLike } from '@nl2sql/comparator';
import type { CalibrationPair, CalibrationSet, EquivalenceLabel } from './calibration-set.js';
import { sameAnswer } from './same-answer.js';

/** A database to run pairs on: anything that executes one query and returns its rows. */
export interface VerificationDatabase {
  /** `original`, `variant-003`, `witness:cal_018`, ... */
  id: string;
  execute(sql: string): Promise<TableLike & { truncated?: boolean }>;
  /**
   * The pairs this database is for, by id (all when absent): a database built from one
   * pair's witness is aimed at that pair's question.
   */
  pairs?: ReadonlySet<string>;
}

export type VerificationStatus =
  /** equivalent and never differs, or not equivalent and differs somewhere */
  | 'consistent'
  /** labelled equivalent, but the answers differ on some database */
  | 'contradicted'
  /** labelled not equivalent, but no database tells them apart */
  | 'unwitnessed'
  /** a query failed or was truncated somewhere, so the pair could not be checked there */
  | 'error';

export interface PairVerification {
  id: string;
  label: EquivalenceLabel;
  status: VerificationStatus;
  /** Databases the pair ran on without error. */
  checked: string[];
  /** Databases on which gold and candidate gave different answers, in the order given. */
  differsOn: string[];
  /** The comparator's explanation on the first database that told them apart. */
  firstDifference?: string;
  errors: { database: string; query: 'gold' | 'candidate'; message: string }[];
}

export interface VerifyOptions {
  /** Called after each pair (progress). */
  onPair?: (result: PairVerification) => void;
}

async function run(
  db: VerificationDatabase,
  sql: string,
): Promise<{ ok: true; table: TableLike } | { ok: false; message: string }> {
  try {
    const result = await db.execute(sql);
    if (result.truncated === true) return { ok: false, message: 'result truncated' };
    return { ok: true, table: result };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

export async function verifyPair(
  pair: CalibrationPair,
  databases: readonly VerificationDatabase[],
): Promise<PairVerification> {
  const checked: string[] = [];
  const differsOn: string[] = [];
  const errors: PairVerification['errors'] = [];
  let firstDifference: string | undefined;
  for (const db of databases) {
    if (db.pairs !== undefined && !db.pairs.has(pair.id)) continue;
    const gold = await run(db, pair.gold);
    const candidate = await run(db, pair.candidate);
    if (!gold.ok) errors.push({ database: db.id, query: 'gold', message: gold.message });
    if (!candidate.ok)
      errors.push({ database: db.id, query: 'candidate', message: candidate.message });
    if (!gold.ok || !candidate.ok) continue;
    checked.push(db.id);
    const same = sameAnswer(gold.table, candidate.table, pair.order_matters);
    if (!same.same) {
      differsOn.push(db.id);
      firstDifference ??= `${db.id}: ${same.detail ?? 'answers differ'}`;
    }
  }
  const differs = differsOn.length > 0;
  const status: VerificationStatus =
    errors.length > 0
      ? 'error'
      : pair.label === 'equivalent'
        ? differs
          ? 'contradicted'
          : 'consistent'
        : differs
          ? 'consistent'
          : 'unwitnessed';
  return {
    id: pair.id,
    label: pair.label,
    status,
    checked,
    differsOn,
    ...(firstDifference !== undefined ? { firstDifference } : {}),
    errors,
  };
}

/** Every pair on every database, in the set's order. */
export async function verifyCalibrationSet(
  set: CalibrationSet,
  databases: readonly VerificationDatabase[],
  options: VerifyOptions = {},
): Promise<PairVerification[]> {
  const out: PairVerification[] = [];
  for (const pair of set.pairs) {
    const result = await verifyPair(pair, databases);
    options.onPair?.(result);
    out.push(result);
  }
  return out;
}
