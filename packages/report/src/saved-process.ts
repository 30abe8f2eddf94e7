// What a saved case run holds beside its verdict: the diagnostics (the three-tier verdict,
// the test suite, SQL similarity, efficiency), an agent's trajectory and the clarify
// outcome. Each is optional (absent or null in older reports) and read field by field; a
// present field of the wrong type is a located error like every other field of the file.

import type { JsonReader } from './json-reader.js';

/** The three-tier verdict of one case run (spec 004): the tier that decided it and why. */
export interface SavedVerdict {
  readonly pass: boolean;
  /** `ast`, `execution` or `judge`. */
  readonly tier: string;
  /** What decided it: `ast_match`, `rows_match`, `judge_confirmed`, `review` ... */
  readonly outcome: string;
  readonly reason: string;
  /** What the judge said, when it was asked. */
  readonly judge: string | null;
  /** For outcome review: the SQL proposed as an alternative gold. */
  readonly proposal: string | null;
}

/** One case run's test-suite verdict (001 §5.2): the SQL and the gold on every database. */
export interface SavedTestSuite {
  readonly pass: boolean;
  readonly lenient: boolean;
  readonly distinguished_by: string | null;
  readonly databases: number;
  readonly error: string | null;
}

/** One case run's efficiency (001 §5.3), and its cost against the budget when sized. */
export interface SavedEfficiency {
  readonly status: string;
  readonly time_ratio: number;
  readonly ves_reward: number;
  readonly rves_reward: number;
  readonly added_full_scans: readonly string[];
  readonly cost: {
    readonly unit: string;
    readonly gold: number;
    readonly prediction: number;
    readonly ratio: number;
    readonly over_budget: boolean;
  } | null;
  readonly error: string | null;
}

/** A case run's `diagnostics` as the runner writes it (never part of the gate). */
export interface SavedCaseDiagnostics {
  readonly normalized_match: boolean | null;
  readonly component_f1: Readonly<Record<string, number>> | null;
  readonly ast_similarity: number | null;
  readonly filter_values: {
    readonly total: number;
    readonly present: number;
    readonly ids: { readonly total: number; readonly present: number };
    readonly missing: readonly string[];
  } | null;
  readonly difficulty: string | null;
  readonly error_class: string | null;
  readonly error_evidence: readonly string[];
  readonly test_suite: SavedTestSuite | null;
  readonly verdict: SavedVerdict | null;
  readonly efficiency: SavedEfficiency | null;
}

/** The kinds of trajectory step. */
export type StepKind = 'sql' | 'schema' | 'error';
const STEP_KINDS: readonly StepKind[] = ['sql', 'schema', 'error'];

/** One step an agent took: a SQL it ran, a schema call, or an error it saw. */
export interface SavedStep {
  readonly kind: StepKind;
  readonly sql: string | null;
  /** A schema step: the call made and what it looked at. */
  readonly call: string | null;
  readonly target: string | null;
  readonly message: string | null;
  /** The error this step met (a SQL step's database error), or null. */
  readonly error: string | null;
  /** Rows the harness counted for a SQL step, or null. */
  readonly row_count: number | null;
  /** Why the harness found this step unsafe (a write, a table out of the role's scope ...). */
  readonly unsafe: string | null;
}

/** An agent's trajectory, with the harness's counts over it. */
export interface SavedTrajectory {
  readonly steps: readonly SavedStep[];
  readonly executions: number;
  readonly schema_calls: number;
  readonly errors: number;
  /** The trajectory saw an execution error and still finished correct. */
  readonly recovered: boolean;
  readonly probe_rows: number;
  /** Index (from 0) into `steps` of the first unsafe step, or null when none was. */
  readonly unsafe_step: number | null;
}

export type ClarifyVerdict = 'clarified' | 'guessed' | 'asked_needlessly';
const CLARIFY_VERDICTS: readonly ClarifyVerdict[] = ['clarified', 'guessed', 'asked_needlessly'];

/** How a case run did against a case that expects a clarifying question (or does not). */
export interface SavedClarify {
  readonly verdict: ClarifyVerdict;
  /** The question the system asked, when it asked one. */
  readonly question: string | null;
}

/** `diagnostics`, or null when the run has none. */
export function readCaseDiagnostics(d: JsonReader): SavedCaseDiagnostics | null {
  if (!d.present) return null;
  const f1 = d.field('component_f1');
  const filters = d.field('filter_values');
  const evidence = d.field('error_evidence');
  return {
    normalized_match: d.field('normalized_match').optionalBoolean(),
    component_f1: f1.present ? numberMap(f1) : null,
    ast_similarity: d.field('ast_similarity').optionalNumber(),
    filter_values: filters.present
      ? {
          total: filters.field('total').number(),
          present: filters.field('present').number(),
          ids: {
            total: filters.field('ids').field('total').number(),
            present: filters.field('ids').field('present').number(),
          },
          missing: strings(filters.field('missing')),
        }
      : null,
    difficulty: d.field('difficulty').optionalString(),
    error_class: d.field('error_class').optionalString(),
    error_evidence: evidence.present ? strings(evidence) : [],
    test_suite: readTestSuite(d.field('test_suite')),
    verdict: readVerdict(d.field('verdict')),
    efficiency: readEfficiency(d.field('efficiency')),
  };
}

function readVerdict(v: JsonReader): SavedVerdict | null {
  if (!v.present) return null;
  const judge = v.field('judge');
  let said: string | null = null;
  if (judge.present) {
    const error = judge.field('error').optionalString();
    said =
      error !== null
        ? `the judge failed: ${error}`
        : `${judge.field('equivalent').boolean() ? 'equivalent' : 'not equivalent'}: ${judge.field('reason').string()}`;
  }
  return {
    pass: v.field('pass').boolean(),
    tier: v.field('tier').string(),
    outcome: v.field('outcome').string(),
    reason: v.field('reason').string(),
    judge: said,
    proposal: v.field('proposal').present ? v.field('proposal').field('alt_sql').string() : null,
  };
}

function readTestSuite(t: JsonReader): SavedTestSuite | null {
  if (!t.present) return null;
  return {
    pass: t.field('pass').boolean(),
    lenient: t.field('lenient').boolean(),
    distinguished_by: t.field('distinguished_by').optionalString(),
    databases: t.field('databases').number(),
    error: t.field('error').optionalString(),
  };
}

function readEfficiency(e: JsonReader): SavedEfficiency | null {
  if (!e.present) return null;
  const cost = e.field('cost');
  return {
    status: e.field('status').string(),
    time_ratio: e.field('time_ratio').number(),
    ves_reward: e.field('ves_reward').number(),
    rves_reward: e.field('rves_reward').number(),
    added_full_scans: strings(e.field('added_full_scans')),
    cost: cost.present
      ? {
          unit: cost.field('unit').string(),
          gold: cost.field('gold').number(),
          prediction: cost.field('prediction').number(),
          ratio: cost.field('ratio').number(),
          over_budget: cost.field('over_budget').boolean(),
        }
      : null,
    error: e.field('error').optionalString(),
  };
}

/** `trajectory`, or null when the run has none. */
export function readTrajectory(t: JsonReader): SavedTrajectory | null {
  if (!t.present) return null;
  const steps = t
    .field('steps')
    .items()
    .map((s) => ({
      kind: s.field('kind').oneOf(STEP_KINDS),
      sql: s.field('sql').optionalString(),
      call: s.field('call').optionalString(),
      target: s.field('target').optionalString(),
      message: s.field('message').optionalString(),
      error: s.field('error').optionalString(),
      row_count: s.field('row_count').optionalNumber(),
      unsafe: s.field('unsafe').optionalString(),
    }));
  const unsafe = t.field('unsafe_step');
  const at = unsafe.optionalNumber();
  if (at !== null && (!Number.isInteger(at) || at < 0 || at >= steps.length)) {
    unsafe.fail(`the index of one of the ${steps.length} steps (from 0)`);
  }
  return {
    steps,
    executions: t.field('executions').number(),
    schema_calls: t.field('schema_calls').number(),
    errors: t.field('errors').number(),
    recovered: t.field('recovered').boolean(),
    probe_rows: t.field('probe_rows').number(),
    unsafe_step: at,
  };
}

/** `clarify`, or null when the case run was not scored for it. */
export function readClarify(c: JsonReader): SavedClarify | null {
  if (!c.present) return null;
  return {
    verdict: c.field('verdict').oneOf(CLARIFY_VERDICTS),
    question: c.field('question').optionalString(),
  };
}

function strings(list: JsonReader): string[] {
  return list.items().map((s) => s.string());
}

function numberMap(object: JsonReader): Record<string, number> {
  const out: Record<string, number> = {};
  for (const key of Object.keys(object.object())) out[key] = object.field(key).number();
  return out;
}
