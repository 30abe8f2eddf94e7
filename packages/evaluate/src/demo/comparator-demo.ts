import { compareLenient, compareStrict, formatVerdict, type Verdict } from '@nl2sql/comparator';
import type { Datasource } from '@nl2sql/datasource';
import { COMPARATOR_DEMO_CASES, type DemoCase } from './comparator-demo-cases.js';

export interface DemoCaseResult {
  case: DemoCase;
  strict: Verdict;
  lenient: Verdict;
  goldRows: number;
  candidateRows: number;
}

export interface DemoResult {
  cases: DemoCaseResult[];
  timings: { databaseMs: number; scoringMs: number };
}

/** Runs every demo case's gold and candidate query on the datasource and scores both ways. */
export async function runComparatorDemo(
  datasource: Datasource,
  onCase?: (result: DemoCaseResult, done: number, planned: number) => void,
): Promise<DemoResult> {
  const cases: DemoCaseResult[] = [];
  let databaseMs = 0;
  let scoringMs = 0;
  for (const demo of COMPARATOR_DEMO_CASES) {
    const gold = await datasource.execute(demo.gold);
    const candidate = await datasource.execute(demo.candidate);
    databaseMs += gold.elapsedMs + candidate.elapsedMs;
    const started = performance.now();
    const options = { orderMatters: demo.orderMatters };
    const strict = compareStrict(gold, candidate, options);
    const lenient = compareLenient(gold, candidate, options);
    scoringMs += performance.now() - started;
    const result = {
      case: demo,
      strict,
      lenient,
      goldRows: gold.rows.length,
      candidateRows: candidate.rows.length,
    };
    cases.push(result);
    onCase?.(result, cases.length, COMPARATOR_DEMO_CASES.length);
  }
  return { cases, timings: { databaseMs, scoringMs } };
}

/** The failing explanation worth showing: strict's when lenient passed, else lenient's. */
export function demoExplanation(result: DemoCaseResult): string {
  if (result.strict.pass) return '';
  return formatVerdict(result.lenient.pass ? result.strict : result.lenient);
}
