// Matching a predictions file's records to the suite's cases: by case id (JSONL, CSV) or by
// position in the suite file (Spider's and BIRD's layouts, which follow their questions'
// order). Anything that cannot be matched exactly refuses the file with every place named:
// an id the suite does not have, a role the case has no outcome for, a db_id other than the
// case's datasource, a positional file with another count of lines than the suite has cases.
// A case the file has no prediction for is not a problem here: its run fails (no answer).

import type { EvalCase, EvalSuite } from './case.js';
import { type PredictionProblem, PredictionsFileError } from './predictions-file-error.js';
import type {
  PredictionCandidate,
  PredictionLayout,
  PredictionRecord,
  PredictionsText,
} from './read-predictions.js';

/** What the file answers for one case and role: its candidates in file order. */
export interface CasePrediction {
  readonly candidates: readonly PredictionCandidate[];
  /** The line of its first record. */
  readonly line: number;
}

/** A predictions file matched to a suite. */
export interface PredictionSet {
  readonly file: string;
  readonly digest: string;
  readonly layout: PredictionLayout;
  /** The most candidates any case and role has: 1 unless the file proposes several. */
  readonly k: number;
  /** Cases of the suite with at least one prediction. */
  readonly cases: number;
  /** The prediction for a case asked as a role (null when the case has no roles), or null. */
  lookup(caseId: string, role: string | null): CasePrediction | null;
}

/** The key a role's predictions are kept under; `*` holds those for every role. */
const EVERY_ROLE = '*';

class Pairing {
  readonly byCase = new Map<
    string,
    Map<string, { candidates: PredictionCandidate[]; line: number }>
  >();
  readonly problems: PredictionProblem[] = [];
  constructor(readonly file: string) {}

  problem(line: number, problem: string): void {
    this.problems.push({ file: this.file, line, problem });
  }

  add(record: PredictionRecord, c: EvalCase): void {
    const roles = Object.keys(c.outcome);
    if (record.role !== null && !roles.includes(record.role)) {
      this.problem(
        record.line,
        `role ${JSON.stringify(record.role)}: case ${c.id} has no outcome for it (its roles: ${roles.join(', ')})`,
      );
      return;
    }
    if (record.dbId !== null && record.dbId !== c.datasource) {
      this.problem(
        record.line,
        `db_id ${JSON.stringify(record.dbId)}: case ${c.id} asks datasource ${c.datasource}${record.position === null ? '' : " (is the file in the order of the suite's cases?)"}`,
      );
      return;
    }
    let byRole = this.byCase.get(c.id);
    if (byRole === undefined) {
      byRole = new Map();
      this.byCase.set(c.id, byRole);
    }
    const key = record.role ?? EVERY_ROLE;
    const seen = byRole.get(key);
    // k predictions of one id (and role) are k candidates, in file order.
    if (seen === undefined)
      byRole.set(key, { candidates: [...record.candidates], line: record.line });
    else seen.candidates.push(...record.candidates);
  }
}

function pairKeyed(text: PredictionsText, suite: EvalSuite, into: Pairing): void {
  const cases = new Map(suite.cases.map((c) => [c.id, c]));
  for (const record of text.records) {
    const c = cases.get(record.id ?? '');
    if (c === undefined) {
      into.problem(
        record.line,
        `id ${JSON.stringify(record.id)}: no case of suite ${suite.name} has this id`,
      );
      continue;
    }
    into.add(record, c);
  }
}

function pairPositional(text: PredictionsText, suite: EvalSuite, into: Pairing): void {
  const n = suite.cases.length;
  const seen = new Set<number>();
  for (const record of text.records) {
    const position = record.position ?? -1;
    const c = suite.cases[position];
    if (c === undefined) {
      into.problem(
        record.line,
        `question ${position + 1}: suite ${suite.name} has ${n} case(s); a ${text.layout} file has one SQL per case, in the suite's order`,
      );
      continue;
    }
    seen.add(position);
    into.add(record, c);
  }
  const last = text.records.at(-1)?.line ?? 1;
  if (seen.size < n && into.problems.length === 0) {
    into.problem(
      last,
      `${seen.size} prediction(s) for the ${n} case(s) of suite ${suite.name}: a ${text.layout} file has one SQL per case, in the suite's order (first without one: ${suite.cases.find((_, i) => !seen.has(i))?.id})`,
    );
  }
}

/**
 * Matches `text`'s records to `suite`'s cases. Keyed layouts may leave cases out (those runs
 * fail: no prediction); positional ones must have exactly one SQL per case of the suite file,
 * approved or not, in its order. Throws PredictionsFileError with every located problem.
 */
export function pairPredictions(text: PredictionsText, suite: EvalSuite): PredictionSet {
  const into = new Pairing(text.file);
  if (text.layout === 'jsonl' || text.layout === 'csv') pairKeyed(text, suite, into);
  else pairPositional(text, suite, into);
  if (into.problems.length > 0)
    throw new PredictionsFileError('PREDICTIONS_INVALID', into.problems);
  let k = 1;
  for (const byRole of into.byCase.values())
    for (const p of byRole.values()) k = Math.max(k, p.candidates.length);
  const byCase = into.byCase;
  return {
    file: text.file,
    digest: text.digest,
    layout: text.layout,
    k,
    cases: byCase.size,
    lookup(caseId, role) {
      const byRole = byCase.get(caseId);
      if (byRole === undefined) return null;
      // A prediction for the role itself, else the one for every role.
      return (role === null ? undefined : byRole.get(role)) ?? byRole.get(EVERY_ROLE) ?? null;
    },
  };
}
