import { DatasetError, locateChinook } from '@nl2sql/datasets';
import { openDatabase } from '@nl2sql/evaluate';
import { wilson } from '@nl2sql/gate';
import { renderTable } from '@nl2sql/reporters';
import { configError } from '../cli-error.js';
import type { CommandRun } from '../command.js';
import { demoExplanation, runComparatorDemo } from '../demo/comparator-demo.js';
import { EXIT } from '../exit-codes.js';

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

/** `4/7  57.1%  (95% CI 25.0%-84.2%)`: a rate on seven cases means little without its interval. */
function accuracyLine(k: number, n: number): string {
  if (n === 0) return '0/0';
  const w = wilson(k, n);
  return `${k}/${n}  ${pct(k / n)}  (Wilson 95% ${pct(w.lower)}-${pct(w.upper)})`;
}

/**
 * `nl2sql demo comparator`: the comparator demo on Chinook, real queries on the real
 * database, scored strictly and leniently, so the board shows what each score accepts and
 * refuses and why. Options are described in commands/demo-comparator.ts.
 */
export const runDemoComparator: CommandRun = async ({ flags }, io) => {
  let path: string;
  try {
    path = typeof flags.db === 'string' ? flags.db : await locateChinook();
  } catch (error) {
    if (error instanceof DatasetError) throw configError(error.message);
    throw error;
  }
  const datasource = await openDatabase(path);
  try {
    const started = performance.now();
    const demo = await runComparatorDemo(datasource, (result, done, planned) => {
      if (!flags.json && !io.isTty) {
        io.out(
          `[${done}/${planned}] ${result.case.id} strict ${result.strict.pass ? 'pass' : 'fail'}, lenient ${result.lenient.pass ? 'pass' : 'fail'}`,
        );
      }
    });
    const wallMs = performance.now() - started;
    const strictPassed = demo.cases.filter((c) => c.strict.pass).length;
    const lenientPassed = demo.cases.filter((c) => c.lenient.pass).length;
    const n = demo.cases.length;
    if (flags.json) {
      io.out(
        JSON.stringify(
          {
            database: path,
            cases: demo.cases.map((c) => ({
              id: c.case.id,
              question: c.case.question,
              strict: c.strict,
              lenient: c.lenient,
            })),
            accuracy: {
              strict: wilson(strictPassed, n),
              lenient: wilson(lenientPassed, n),
            },
            timings: { ...demo.timings, wallMs },
          },
          null,
          2,
        ),
      );
      return EXIT.ok;
    }
    const rows = demo.cases.map((c) => [
      c.case.id,
      c.strict.pass ? 'pass' : 'FAIL',
      c.lenient.pass ? 'pass' : 'FAIL',
      `${c.goldRows}/${c.candidateRows}`,
      c.case.shows,
    ]);
    io.out(`Comparator demo on Chinook (${path})\n`);
    io.out(
      renderTable(['case', 'strict', 'lenient', 'rows g/r', 'what it shows'], rows, [
        'left',
        'left',
        'left',
        'right',
      ]),
    );
    io.out('');
    io.out(`strict accuracy   ${accuracyLine(strictPassed, n)}`);
    io.out(`lenient accuracy  ${accuracyLine(lenientPassed, n)}`);
    io.out('');
    io.out('Why verdicts failed:');
    for (const c of demo.cases) {
      const why = demoExplanation(c);
      if (why) io.out(`  ${c.case.id}  ${why}`);
    }
    io.out('');
    io.out(
      `time: ${wallMs.toFixed(0)} ms wall, ${demo.timings.databaseMs.toFixed(1)} ms database, ${demo.timings.scoringMs.toFixed(1)} ms scoring`,
    );
    return EXIT.ok;
  } finally {
    await datasource.close();
  }
};
