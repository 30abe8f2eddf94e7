import { basename } from 'node:path';
import { asStored, formatRecord, type RunRecord, type StoredRecord } from '@nl2sql/records';
import type { EvalCase, EvalSuite } from '@nl2sql/suite';
import { boardRows } from './board-rows.js';
import { withCandidates } from './candidate-groups.js';
import { type CaseContext, caseView, type Executed, shownRows } from './case-view.js';
import { comparisons } from './comparisons.js';
import { diagnosticsRows, falsePositiveLines } from './diagnostics-rows.js';
import { shortDigest } from './display-format.js';
import { historyPanels } from './history-series.js';
import { num, object } from './metric-reading.js';
import { processRows } from './process-rows.js';
import type { BoardRow, CaseView, GoldView, ReportData, RunView } from './report-data.js';
import { ReportError } from './report-error.js';
import type { SavedRun } from './saved-run.js';

/** A suite as the report reads it: the file, its digest and its cases. */
export interface SuiteInput {
  readonly file: string;
  /** suiteFileDigest of the file: a run is matched to the suite it was scored on by it. */
  readonly digest: string;
  readonly suite: EvalSuite;
  /** Each case's difficulty (sqlcheck's level of its gold SQL), by case id. */
  readonly difficulty?: ReadonlyMap<string, string>;
}

/** Everything a page is made of; all read or computed beforehand (see loadReportData). */
export interface ReportInput {
  readonly runs: readonly SavedRun[];
  readonly suites?: readonly SuiteInput[];
  /** Result records (readRecords of benchmarks/): history and baselines. */
  readonly records?: readonly (StoredRecord | RunRecord)[];
  /** Predicted SQL run again on the database, by SQL text (see reexecute). */
  readonly executed?: ReadonlyMap<string, Executed>;
  readonly title?: string;
}

/**
 * The page's data from saved runs, the suites they were scored on and the records: pure (no
 * I/O, no clock). A run whose suite digest matches none of the suites given is refused
 * (`SUITE_MISMATCH`): gold SQL and rows from another version of a case would misstate why
 * it failed. With no suites given, the page shows what the runs alone hold.
 */
export function buildReportData(input: ReportInput): ReportData {
  const { runs } = input;
  if (runs.length === 0) {
    throw new ReportError('NO_RUNS', 'a report needs at least one saved run');
  }
  const suites = input.suites ?? [];
  const stored = (input.records ?? []).map(asStored);
  const labels = runLabels(runs);
  const gold: Record<string, GoldView> = {};
  const cases: CaseView[] = [];
  const notes: string[] = [];
  const multiSuite = new Set(runs.map((r) => r.dataset.digest)).size > 1;
  runs.forEach((run, r) => {
    const suite = suites.length === 0 ? undefined : suiteFor(run, suites);
    const byId = new Map<string, EvalCase>(suite?.suite.cases.map((c) => [c.id, c]) ?? []);
    for (const config of run.configs) {
      const first = cases.length;
      for (const saved of config.cases) {
        const goldCase = byId.get(saved.case_id);
        const key = goldCase
          ? multiSuite
            ? `${shortDigest(run.dataset.digest)}/${goldCase.id}`
            : goldCase.id
          : null;
        if (goldCase && key && !(key in gold)) gold[key] = goldView(goldCase, suite?.difficulty);
        const context: CaseContext = {
          i: cases.length,
          run: r,
          config: config.config.name,
          gold: goldCase,
          goldKey: key,
          executed: saved.sql === null ? undefined : input.executed?.get(saved.sql),
        };
        cases.push(caseView(saved, context));
      }
      const k = num(object(config.metrics.pass_at_k)?.k);
      if (k !== null) cases.splice(first, Infinity, ...withCandidates(cases.slice(first), k));
    }
  });
  if (suites.length === 0) {
    notes.push('No suite was given, so questions, gold SQL and gold rows are not shown.');
  }
  const unsaved = cases.filter(
    (c) => c.result === null && c.resultNote?.startsWith('rows not saved'),
  );
  if (unsaved.length > 0) {
    notes.push(
      `${unsaved.length} case run(s) have no rows to show: the saved report keeps only a digest of them. Re-executing the SQL on the database (the loader's datasource option) shows them where the digest still matches.`,
    );
  }
  const historyRecords = withSavedRecords(stored, runs);
  return {
    title: input.title ?? defaultTitle(runs),
    runs: runs.map((run, r) => runView(run, labels[r]!)),
    comparisons: comparisons(runs, labels, stored),
    history: historyPanels(historyRecords),
    historyRecords: historyRecords.length,
    cases,
    gold,
    facets: {
      configs: sorted(cases.map((c) => c.config)),
      roles: sorted(cases.flatMap((c) => (c.role === null ? [] : [c.role]))),
      scorers: sorted(cases.flatMap((c) => c.scores.map((s) => s.name))),
      tags: sorted(Object.values(gold).flatMap((g) => g.tags)),
      difficulties: sorted(
        Object.values(gold).flatMap((g) => (g.difficulty === null ? [] : [g.difficulty])),
      ),
      tiers: sorted(cases.flatMap((c) => (c.tier === null ? [] : [c.tier]))),
      process: PROCESS_MARKS.filter((mark) => cases.some((c) => processMarks(c).includes(mark))),
      clarify: sorted(cases.flatMap((c) => (c.clarify === null ? [] : [c.clarify.verdict]))),
    },
    notes,
  };
}

/** The process filter's choices, in the filter's order. */
const PROCESS_MARKS = ['trajectory', 'unsafe step', 'saw an error', 'recovered'];

/** What the process filter matches a case run on (the page's script computes the same). */
function processMarks(c: CaseView): string[] {
  const t = c.trajectory;
  if (t === null) return [];
  return [
    'trajectory',
    ...(c.unsafeStep !== null ? ['unsafe step'] : []),
    ...(t.errors > 0 ? ['saw an error'] : []),
    ...(t.recovered ? ['recovered'] : []),
  ];
}

function suiteFor(run: SavedRun, suites: readonly SuiteInput[]): SuiteInput {
  const match = suites.find((s) => s.digest === run.dataset.digest);
  if (match) return match;
  const given = suites.map((s) => `${s.file} (${shortDigest(s.digest)})`).join(', ');
  throw new ReportError(
    'SUITE_MISMATCH',
    `${run.file}: scored on ${run.dataset.name} with digest ${shortDigest(run.dataset.digest)}, but no suite given has that digest: ${given}. Give the suite file the run was scored on.`,
    { file: run.file, field: 'report.dataset.digest' },
  );
}

function goldView(c: EvalCase, difficulty: ReadonlyMap<string, string> | undefined): GoldView {
  return {
    question: c.question,
    evidence: c.evidence ?? null,
    instructions: c.instructions ?? null,
    asOfDate: c.as_of_date ?? null,
    sql: c.sql ?? null,
    altSql: c.alt_sql ?? [],
    rows: shownRows(c.rows ?? []),
    altRows: (c.alt_rows ?? []).map(shownRows),
    rowTotal: c.rows?.length ?? 0,
    altRowTotals: (c.alt_rows ?? []).map((rows) => rows.length),
    orderMatters: c.order_matters,
    tags: c.tags,
    difficulty: difficulty?.get(c.id) ?? (c.sql === undefined ? 'unanswerable' : null),
    outcome: c.outcome,
  };
}

function runView(run: SavedRun, label: string): RunView {
  return {
    label,
    file: run.file,
    mode: run.mode,
    suite: run.dataset.name,
    suiteDigest: run.dataset.digest,
    database: run.database
      ? `${run.database.datasource_id} (${run.database.engine}, schema ${shortDigest(run.database.schema_fingerprint)})`
      : null,
    startedAt: run.started_at,
    roles: run.settings.roles,
    passes: run.settings.passes,
    curated: run.settings.curated,
    plannedCases: run.planned_cases,
    completedCases: run.completed_cases,
    stopped: run.stopped,
    wallMs: run.timings.wall_ms ?? null,
    engine: runEngine(run),
    boards: run.configs.map((c) => ({
      config: c.config.name,
      nodes: c.config.nodes,
      engine: engineOf(run, c.config.name),
      rows: [
        ...rowsSourceRows(c.rows),
        ...boardRows(c.metrics),
        ...processRows(c.cases),
        {
          kind: 'text' as const,
          label: 'Case runs',
          text: `${c.completed_cases} of ${c.planned_cases}${run.stopped ? ` (stopped: ${run.stopped})` : ''}`,
        },
      ],
      diagnostics: diagnosticsRows(object(c.metrics.diagnostics)),
      falsePositives: falsePositiveLines(object(c.metrics.diagnostics)),
      reviews: c.cases.flatMap((r) => {
        const v = r.diagnostics?.verdict;
        if (v?.outcome !== 'review' || !v.proposal) return [];
        return [`${r.case_id}${r.role === null ? '' : ` as ${r.role}`}: ${v.proposal}`];
      }),
    })),
  };
}

/** What an external engine's rows were: the harness's own reading, or the engine's word. */
function rowsSourceRows(rows: string | null): BoardRow[] {
  if (rows === null) return [];
  const text =
    rows === 'trusted'
      ? "the engine's word: the rows it reported were scored; its SQL was not run here (trust_reported_rows)"
      : rows === 'executed'
        ? "the engine's SQL, run by the harness as the case's role on the pinned database"
        : rows;
  return [{ kind: 'text', label: 'Rows scored', text }];
}

/** File names, made unique with the run's position when two share one. */
function runLabels(runs: readonly SavedRun[]): string[] {
  const names = runs.map((r) => basename(r.file));
  return names.map((name, i) =>
    names.indexOf(name) === names.lastIndexOf(name) ? name : `${name} #${i + 1}`,
  );
}

/** The records under benchmarks/ and the runs' own records that are not among them. */
function withSavedRecords(
  stored: readonly StoredRecord[],
  runs: readonly SavedRun[],
): StoredRecord[] {
  const known = new Set(stored.map((s) => formatRecord(s.record)));
  const extra = runs
    .flatMap((r) => r.records)
    .filter((record) => !known.has(formatRecord(record)))
    .map((record) => ({ path: '', record }));
  return [...stored, ...extra];
}

/**
 * `Eval report: mode plans, chinook.yaml`; for runs of engines outside this project their
 * identity instead of the mode (which is only the rules they were scored by).
 */
function defaultTitle(runs: readonly SavedRun[]): string {
  const engines = runs.map(runEngine);
  const ran = engines.every((e) => e !== null)
    ? sorted(engines as string[]).join('; ')
    : `mode ${sorted(runs.map((r) => r.mode)).join(', ')}`;
  const suites = sorted(runs.map((r) => r.dataset.name)).join(', ');
  return `Eval report: ${ran}, ${suites}`;
}

/** Every config's engine, when each is an engine outside this project; else null. */
function runEngine(run: SavedRun): string | null {
  const engines = run.configs.map((c) => engineOf(run, c.config.name));
  if (engines.length === 0 || engines.some((e) => e === null)) return null;
  return sorted(engines as string[]).join(', ');
}

/**
 * An external engine's identity from the run's record of the config (kind engine), as it
 * described itself: `engine NAME VERSION`. A predictions file's name is the file's and its
 * version the file's digest, shortened here as the boards shorten digests. Null for the
 * reference engine's configs.
 */
function engineOf(run: SavedRun, config: string): string | null {
  const record = run.records.find((r) => r.config.name === config);
  if (record?.kind !== 'engine' || record.engine === undefined) return null;
  const { name, version } = record.engine;
  const digest = /^sha256:([0-9a-f]{64})$/i.exec(version);
  return `engine ${name} ${digest ? `sha256:${shortDigest(digest[1]!)}` : version}`;
}

function sorted(items: readonly string[]): string[] {
  return [...new Set(items)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
