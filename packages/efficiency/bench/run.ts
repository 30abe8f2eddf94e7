// `pnpm bench`: efficiency and diagnostics on the Chinook suite, end to end on the real file.
//  1. every gold as its own prediction: per-case time ratios, VES and R-VES (both near 1);
//  2. correct rewrites in other shapes (bench/chinook-rewrites.ts), checked against the gold's
//     rows, timed against the gold, with the full scans their plans add;
//  3. the full scans of large tables in the golds' own plans;
//  4. error classes and the diagnostics board for wrong predictions: hand-written ones
//     (bench/chinook-wrong-predictions.ts) and the mutants of @nl2sql/testsuite.
// Options: --repeats N (timed rounds per case, default 20), --warmup N (default 2).
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { compareLenient, compareStrict, type TableLike } from '@nl2sql/comparator';
import { CHINOOK_SUITE_PATH, locateChinook } from '@nl2sql/datasets';
import { type DatabaseSchema, DatasourceError } from '@nl2sql/datasource';
import { openSqlite } from '@nl2sql/datasource-sqlite';
import { diagnoseCase, ERROR_CLASSES, type ErrorClass } from '@nl2sql/sqlcheck';
import { type EvalCase, loadSuite } from '@nl2sql/suite';
import { generateMutants, profileColumns } from '@nl2sql/testsuite';
import {
  comparePlans,
  type DiagnosedCase,
  type DiagnosticsBoard,
  diagnosticsBoard,
  type EfficiencyMeasurement,
  measureEfficiency,
  openSqliteExplainer,
  queryPlan,
  rves,
  ves,
} from '../src/index.js';
import { CHINOOK_REWRITES } from './chinook-rewrites.js';
import { CHINOOK_LOOKUPS, CHINOOK_WRONG_PREDICTIONS } from './chinook-wrong-predictions.js';

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  if (at < 0) return fallback;
  const value = Number(process.argv[at + 1]);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`--${name} takes a whole number, got ${process.argv[at + 1]}`);
    process.exit(2);
  }
  return value;
}

const repeats = option('repeats', 20);
const warmup = option('warmup', 2);
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const num = (x: number | null, digits = 3) => (x === null ? '-' : x.toFixed(digits));
const pad = (s: string, n: number) => (s.length >= n ? s : s + ' '.repeat(n - s.length));
const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');

const file = await locateChinook({ download: false });
// one connection: the gold and the prediction of a measurement run on the same one
const ds = await openSqlite(file, { poolSize: 1, timeoutMs: 120_000, maxRows: 100_000 });
const explainer = await openSqliteExplainer(file);
const started = performance.now();
try {
  const schema: DatabaseSchema = await ds.introspect();
  const tables = schema.tables;
  const suite = await loadSuite(CHINOOK_SUITE_PATH);
  const cases = suite.cases.filter((c): c is EvalCase & { sql: string } => c.sql !== undefined);
  const byId = new Map(cases.map((c) => [c.id, c]));
  console.log(
    `@nl2sql/efficiency bench: ${cases.length} answerable cases of ${CHINOOK_SUITE_PATH}\n` +
      `database ${file}; Node ${process.version}; ${repeats} timed rounds after ${warmup} warm-up runs per query; load average ${load()}\n`,
  );

  // The datasource's own cost per execution (three trips: compile, name probe, run).
  const floor: number[] = [];
  for (let i = 0; i < 50; i++) floor.push((await ds.execute('SELECT 1')).elapsedMs);
  floor.sort((a, b) => a - b);
  console.log(
    `timing floor: SELECT 1 through the datasource takes ${floor[25]!.toFixed(3)} ms (median of 50); every time below includes it\n`,
  );

  const table = async (sql: string): Promise<TableLike | Error> => {
    try {
      const r = await ds.execute(sql);
      return { columns: r.columns, rows: r.rows };
    } catch (error) {
      if (error instanceof DatasourceError) return error;
      throw error;
    }
  };
  const goldTables = new Map<string, TableLike>();
  for (const c of cases) {
    const t = await table(c.sql);
    if (t instanceof Error) throw new Error(`${c.id}: the gold fails: ${t.message}`);
    goldTables.set(c.id, t);
  }

  // 1. golds as predictions
  console.log('1. every gold as its own prediction (time ratio = time(gold) / time(prediction))');
  console.log(
    `   ${pad('case', 12)} ${pad('gold ms', 9)} ${pad('ratio', 7)} ${pad('median', 7)} ${pad('R(n)', 6)} reward outliers`,
  );
  const self = new Map<string, EfficiencyMeasurement>();
  for (const c of cases) {
    const m = await measureEfficiency({
      datasource: ds,
      goldSql: c.sql,
      predSql: c.sql,
      correct: true,
      repeats,
      warmup,
    });
    self.set(c.id, m);
    console.log(
      `   ${pad(c.id, 12)} ${pad(num(m.gold?.medianMs ?? null), 9)} ${pad(num(m.timeRatio), 7)} ${pad(num(m.medianRatio), 7)} ${pad(num(m.ves), 6)} ${pad(String(m.reward), 6)} ${m.outliers}`,
    );
  }
  const selfVes = ves([...self.values()]);
  const selfRves = rves([...self.values()]);
  console.log(
    `   VES ${num(selfVes.value)}   R-VES ${num(selfRves.value)}   (over ${selfVes.scored} cases; R-VES rewards ${JSON.stringify(selfRves.rewards)}; load average ${load()})\n`,
  );

  // 2. rewrites
  console.log('2. correct rewrites in other shapes, timed against the gold');
  const system = new Map(self);
  for (const rw of CHINOOK_REWRITES) {
    const c = byId.get(rw.caseId);
    if (!c) throw new Error(`rewrite for unknown case ${rw.caseId}`);
    const result = await table(rw.sql);
    const verdict =
      result instanceof Error
        ? null
        : compareStrict(goldTables.get(c.id)!, result, { orderMatters: c.order_matters });
    const correct = verdict?.pass === true;
    const m = await measureEfficiency({
      datasource: ds,
      goldSql: c.sql,
      predSql: rw.sql,
      correct,
      repeats,
      warmup,
    });
    system.set(c.id, m);
    const cmp = comparePlans(
      await queryPlan(explainer, c.sql, { tables }),
      await queryPlan(explainer, rw.sql, { tables }),
    );
    console.log(`   ${c.id}: ${rw.shape}`);
    console.log(
      correct
        ? `      gold ${num(m.gold?.medianMs ?? null)} ms, rewrite ${num(m.prediction?.medianMs ?? null)} ms (medians); ratio ${num(m.timeRatio)} (median ${num(m.medianRatio)}), R(n) ${num(m.ves)}, R-VES reward ${m.reward}, ${m.outliers} outlier round(s)`
        : `      NOT CORRECT on Chinook (${result instanceof Error ? result.message : 'rows differ'}): scored as incorrect, not timed`,
    );
    console.log(
      `      plan: ${cmp.addedFlagged.length === 0 ? 'no new full scan of a large table' : `adds ${cmp.addedFlagged.map((s) => `${s.detail} (${s.table}, ${s.rows} rows)`).join(', ')}`}`,
    );
  }
  const sysVes = ves([...system.values()]);
  const sysRves = rves([...system.values()]);
  console.log(
    `   a system answering with these rewrites and the golds elsewhere: VES ${num(sysVes.value)}, R-VES ${num(sysRves.value)} (rewards ${JSON.stringify(sysRves.rewards)}; load average ${load()})\n`,
  );

  // 3. the golds' own plans
  console.log("3. full scans of large tables (over 1000 rows) in the golds' plans");
  let flaggedGolds = 0;
  for (const c of cases) {
    const plan = await queryPlan(explainer, c.sql, { tables });
    if (plan.flagged.length === 0) continue;
    flaggedGolds += 1;
    console.log(
      `   ${pad(c.id, 12)} ${plan.flagged.map((s) => `${s.detail} -> ${s.table} (${s.rows} rows)`).join('; ')}`,
    );
  }
  console.log(`   ${flaggedGolds} of ${cases.length} golds scan a large table in full\n`);

  // 4. error classes and the board
  const evaluate = async (
    c: EvalCase & { sql: string },
    sql: string | null,
  ): Promise<DiagnosedCase & { sql: string | null; errorEvidence: string[] }> => {
    let executed = true;
    let strict = false;
    let lenient = false;
    let emptyMatch = false;
    if (sql !== null) {
      const result = await table(sql);
      if (result instanceof Error) executed = false;
      else {
        const gold = goldTables.get(c.id)!;
        const s = compareStrict(gold, result, { orderMatters: c.order_matters });
        strict = s.pass;
        emptyMatch = s.emptyMatch;
        lenient = compareLenient(gold, result, { orderMatters: c.order_matters }).pass;
      }
    }
    const d = await diagnoseCase({
      goldSql: c.sql,
      predSql: sql,
      dialect: 'sqlite',
      verdict: { pass: strict, lenientPass: lenient, executed },
      schema,
      lookupTables: CHINOOK_LOOKUPS,
    });
    return {
      sql,
      pass: strict,
      emptyMatch,
      difficulty: d.difficulty?.level ?? null,
      tags: c.tags,
      errorClass: d.errorClass,
      filterValues: d.filterValues,
      errorEvidence: d.errorEvidence,
    };
  };

  const printBoard = (board: DiagnosticsBoard, indent: string) => {
    const acc = (a: DiagnosticsBoard['filterValueAccuracy']) =>
      a.total === 0
        ? '-'
        : `${a.count}/${a.total} ${pct(a.rate)} [${pct(a.lower)}, ${pct(a.upper)}]`;
    console.log(`${indent}accuracy by difficulty (95% Wilson):`);
    for (const [level, a] of Object.entries(board.byDifficulty)) {
      if (a.total > 0) console.log(`${indent}  ${pad(level, 10)} ${acc(a)}`);
    }
    console.log(`${indent}accuracy by tag:`);
    for (const [tag, a] of Object.entries(board.byTag))
      console.log(`${indent}  ${pad(tag, 20)} ${acc(a)}`);
    console.log(`${indent}failures by error class (share of ${board.failures} failures):`);
    for (const c of ERROR_CLASSES) {
      const e = board.errorClasses[c];
      if (e.count > 0)
        console.log(`${indent}  ${pad(c, 18)} ${pad(String(e.count), 4)} ${pct(e.share)}`);
    }
    console.log(
      `${indent}empty-vs-empty passes: ${board.emptyMatches.passes} (accuracy without them: ${acc(board.emptyMatches.accuracyWithout)})`,
    );
    console.log(
      `${indent}filter-value accuracy: ${acc(board.filterValueAccuracy)}; ID accuracy: ${acc(board.idAccuracy)}`,
    );
  };

  console.log(
    '4a. hand-written wrong predictions: error class (expected by a reviewer -> errorClass)',
  );
  const written: DiagnosedCase[] = [];
  let agree = 0;
  for (const w of CHINOOK_WRONG_PREDICTIONS) {
    const c = byId.get(w.caseId);
    if (!c) throw new Error(`wrong prediction for unknown case ${w.caseId}`);
    const d = await evaluate(c, w.sql);
    written.push(d);
    const got = d.pass ? 'PASSES' : (d.errorClass ?? 'none');
    if (got === w.expected) agree += 1;
    console.log(`   ${pad(c.id, 12)} ${pad(w.expected, 18)} -> ${pad(got, 18)} ${w.why}`);
    if (got !== w.expected) for (const e of d.errorEvidence) console.log(`      ${e}`);
  }
  console.log(`   ${agree} of ${CHINOOK_WRONG_PREDICTIONS.length} as a reviewer would class them`);
  printBoard(diagnosticsBoard(written), '   ');
  console.log();

  console.log('4b. the mutants of @nl2sql/testsuite as predictions (each against its own gold)');
  const profiles = await profileColumns(ds, tables);
  const mutantCases: DiagnosedCase[] = [];
  const byOperator = new Map<string, Map<ErrorClass | 'pass', number>>();
  let mutants = 0;
  for (const c of cases) {
    const set = await generateMutants(c.id, c.sql, {
      orderMatters: c.order_matters,
      schema,
      profiles,
    });
    for (const m of set.mutants) {
      mutants += 1;
      const d = await evaluate(c, m.sql);
      mutantCases.push(d);
      const row = byOperator.get(m.operator) ?? new Map<ErrorClass | 'pass', number>();
      const key = d.pass ? 'pass' : (d.errorClass ?? 'unclassified');
      row.set(key, (row.get(key) ?? 0) + 1);
      byOperator.set(m.operator, row);
    }
  }
  console.log(`   ${mutants} mutants of ${cases.length} golds; by operator (class: count):`);
  for (const [operator, row] of [...byOperator].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(
      `   ${pad(operator, 22)} ${[...row]
        .sort((a, b) => b[1] - a[1])
        .map(([k, n]) => `${k} ${n}`)
        .join(', ')}`,
    );
  }
  printBoard(diagnosticsBoard(mutantCases), '   ');
  console.log(
    `\ndone in ${((performance.now() - started) / 1000).toFixed(1)} s; load average ${load()} (a shared machine: re-measure timings on a quiet one)`,
  );
} finally {
  await explainer.close();
  await ds.close();
}
