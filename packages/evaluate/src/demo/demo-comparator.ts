// `comparatorDemo()`: `nl2sql demo comparator` as a function. Real queries on the real
// Chinook database, scored strictly and leniently, so the board shows what each score
// accepts and refuses and why.

import { DatasetError, locateChinook } from '@nl2sql/datasets';
import { type Interval, wilson } from '@nl2sql/gate';
import { renderTable } from '@nl2sql/reporters';
import { checkOptions } from '../check-options.js';
import {
  COMPARATOR_DEMO_OPTIONS,
  type ComparatorDemoOptions,
} from '../commands/command-options.js';
import { openDatabase } from '../datasources/open-database.js';
import { configError } from '../evaluate-error.js';
import { EXIT, type ExitCode } from '../exit-codes.js';
import { type Io, processIo } from '../io.js';
import { type DemoResult, demoExplanation, runComparatorDemo } from './comparator-demo.js';

export interface ComparatorDemoResult extends DemoResult {
  exitCode: ExitCode;
  /** The Chinook file the queries ran on. */
  database: string;
  /** Strict and lenient accuracy, with their Wilson 95% intervals. */
  accuracy: { strict: Interval; lenient: Interval };
  wallMs: number;
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

/** `4/7  57.1%  (95% CI 25.0%-84.2%)`: a rate on seven cases means little without its interval. */
function accuracyLine(k: number, n: number): string {
  if (n === 0) return '0/0';
  const w = wilson(k, n);
  return `${k}/${n}  ${pct(k / n)}  (Wilson 95% ${pct(w.lower)}-${pct(w.upper)})`;
}

function boardLines(result: ComparatorDemoResult): string[] {
  const n = result.cases.length;
  const rows = result.cases.map((c) => [
    c.case.id,
    c.strict.pass ? 'pass' : 'FAIL',
    c.lenient.pass ? 'pass' : 'FAIL',
    `${c.goldRows}/${c.candidateRows}`,
    c.case.shows,
  ]);
  const why = result.cases.flatMap((c) => {
    const text = demoExplanation(c);
    return text ? [`  ${c.case.id}  ${text}`] : [];
  });
  return [
    `Comparator demo on Chinook (${result.database})\n`,
    renderTable(['case', 'strict', 'lenient', 'rows g/r', 'what it shows'], rows, [
      'left',
      'left',
      'left',
      'right',
    ]),
    '',
    `strict accuracy   ${accuracyLine(result.accuracy.strict.k, n)}`,
    `lenient accuracy  ${accuracyLine(result.accuracy.lenient.k, n)}`,
    '',
    'Why verdicts failed:',
    ...why,
    '',
    `time: ${result.wallMs.toFixed(0)} ms wall, ${result.timings.databaseMs.toFixed(1)} ms database, ${result.timings.scoringMs.toFixed(1)} ms scoring`,
  ];
}

function demoJson(result: ComparatorDemoResult): string {
  const { database, accuracy, timings, wallMs } = result;
  const cases = result.cases.map((c) => ({
    id: c.case.id,
    question: c.case.question,
    strict: c.strict,
    lenient: c.lenient,
  }));
  return JSON.stringify({ database, cases, accuracy, timings: { ...timings, wallMs } }, null, 2);
}

/** Runs the demo on `options.db` (default: the verified Chinook file) and prints the board. */
export async function comparatorDemo(
  options: ComparatorDemoOptions,
  io: Io = processIo(),
): Promise<ComparatorDemoResult> {
  checkOptions(COMPARATOR_DEMO_OPTIONS, options, 'comparatorDemo');
  let database: string;
  try {
    database = options.db ?? (await locateChinook());
  } catch (error) {
    if (error instanceof DatasetError) throw configError(error.message);
    throw error;
  }
  const datasource = await openDatabase(database);
  try {
    const started = performance.now();
    const demo = await runComparatorDemo(datasource, (result, done, planned) => {
      if (!options.json && !io.isTty)
        io.out(
          `[${done}/${planned}] ${result.case.id} strict ${result.strict.pass ? 'pass' : 'fail'}, lenient ${result.lenient.pass ? 'pass' : 'fail'}`,
        );
    });
    const wallMs = performance.now() - started;
    const n = demo.cases.length;
    const accuracy = {
      strict: wilson(demo.cases.filter((c) => c.strict.pass).length, n),
      lenient: wilson(demo.cases.filter((c) => c.lenient.pass).length, n),
    };
    const result = { exitCode: EXIT.ok, database, ...demo, accuracy, wallMs };
    if (options.json) io.out(demoJson(result));
    else for (const line of boardLines(result)) io.out(line);
    return result;
  } finally {
    await datasource.close();
  }
}
