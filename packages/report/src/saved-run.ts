import { readFileSync } from 'node:fs';
import type { RecordConfig, RunRecord } from '@nl2sql/records';
import { validateRecord } from '@nl2sql/records';
import { JsonReader } from './json-reader.js';
import { ReportError } from './report-error.js';
import {
  readCaseDiagnostics,
  readClarify,
  readTrajectory,
  type SavedCaseDiagnostics,
  type SavedClarify,
  type SavedTrajectory,
} from './saved-process.js';

/** A case run's status as the saved report writes it. */
export type RunStatus = 'pass' | 'fail' | 'error';

const STATUSES: readonly RunStatus[] = ['pass', 'fail', 'error'];

/** One scorer's verdict on a case run. */
export interface SavedScore {
  readonly pass: boolean;
  readonly lenient: boolean;
  readonly explanation: string | null;
  /** The scorer's own figures (the comparator's reasons, check findings ...), JSON as saved. */
  readonly detail: Readonly<Record<string, unknown>>;
  /** `execution`, `quality` or `diagnostic`; null when the report predates kinds. */
  readonly kind: string | null;
}

/** The rows a run returned, when the saved report keeps them (a head: the first rows). */
export interface SavedResult {
  readonly columns: readonly string[];
  readonly rows: readonly (readonly unknown[])[];
  /** True when `rows` is only the first rows of the result. */
  readonly truncated: boolean;
}

/** The written answer, when the saved report keeps it. */
export interface SavedAnswer {
  readonly summary: string | null;
  readonly content: string | null;
}

/** One case run (a case, a role, a pass) as the page reads it; field names are the file's. */
export interface SavedCaseRun {
  readonly case_id: string;
  readonly role: string | null;
  readonly pass: number;
  readonly status: RunStatus;
  readonly lenient_status: RunStatus;
  readonly generated_status: RunStatus | null;
  readonly expected: string | null;
  readonly engine_status: string | null;
  readonly error: { readonly code: string; readonly message: string } | null;
  readonly sql: string | null;
  readonly rows_digest: string | null;
  readonly row_count: number | null;
  readonly cost_usd: number | null;
  /**
   * The engine's latency (since the runner timed the harness apart, `harness_ms` present);
   * in older reports the case run's whole time.
   */
  readonly latency_ms: number | null;
  /** The case run's time in the harness besides the engine's; null in older reports. */
  readonly harness_ms: number | null;
  readonly tokens: { readonly input: number; readonly output: number } | null;
  readonly curated: boolean;
  readonly scores: Readonly<Record<string, SavedScore>>;
  readonly explanation: string | null;
  readonly answer: SavedAnswer | null;
  readonly result: SavedResult | null;
  /** The diagnostics (three-tier verdict, test suite, similarity, efficiency); null if none. */
  readonly diagnostics: SavedCaseDiagnostics | null;
  /** An agent's steps, as the harness checked them; null for single-shot answers. */
  readonly trajectory: SavedTrajectory | null;
  /** The clarify-versus-guess outcome; null when the case run was not scored for it. */
  readonly clarify: SavedClarify | null;
}

/** One config's board in a saved report. */
export interface SavedConfig {
  readonly config: RecordConfig;
  /**
   * An external engine's rows: `executed` (the harness ran its SQL) or `trusted` (its
   * reported rows, its word); null for the reference engine and in older reports.
   */
  readonly rows: string | null;
  readonly planned_cases: number;
  readonly completed_cases: number;
  /** The board's figures as saved (read field by field: formats gain fields). */
  readonly metrics: Readonly<Record<string, unknown>>;
  readonly cases: readonly SavedCaseRun[];
}

/** A report saved by `nl2sql eval run --save`, checked and read. */
export interface SavedRun {
  /** Where it was read from (shown on the page; `(report)` for text given directly). */
  readonly file: string;
  /** `plans`, `full`, `retrieval` (or a kind newer than this package). */
  readonly mode: string;
  readonly dataset: { readonly name: string; readonly digest: string };
  readonly database: {
    readonly datasource_id: string;
    readonly engine: string;
    readonly schema_fingerprint: string;
  } | null;
  readonly settings: {
    readonly roles: readonly string[];
    readonly curated: boolean | null;
    readonly passes: number | null;
  };
  readonly planned_cases: number;
  readonly completed_cases: number;
  readonly stopped: string | null;
  readonly dollars: number | null;
  readonly started_at: string | null;
  readonly timings: Readonly<Record<string, number>>;
  readonly configs: readonly SavedConfig[];
  /** The result records made of the run, one per config (validated as records). */
  readonly records: readonly RunRecord[];
}

/**
 * Reads a report saved by `nl2sql eval run --save`. Checks every field the page reads and
 * throws `ReportError` (`INVALID_SAVED_REPORT`) naming the file, the field and the case id;
 * fields it does not know are ignored, so a newer report with more fields still reads.
 */
export function parseSavedRun(text: string, file = '(report)'): SavedRun {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ReportError(
      'INVALID_SAVED_REPORT',
      `${file}: not valid JSON (${(error as Error).message})`,
      { file },
    );
  }
  const root = new JsonReader(value, file, '');
  const top = root.object();
  if (top.format !== 'nl2sql-eval-report') {
    throw new ReportError(
      'INVALID_SAVED_REPORT',
      `${file}: not a report saved by \`nl2sql eval run --save\` (format is ${JSON.stringify(top.format) ?? 'missing'}, expected "nl2sql-eval-report")`,
      { file, field: 'format' },
    );
  }
  if (top.version !== 1) {
    throw new ReportError(
      'INVALID_SAVED_REPORT',
      `${file}: saved report version ${JSON.stringify(top.version)} is not one this package reads (1)`,
      { file, field: 'version' },
    );
  }
  const report = root.field('report');
  report.object();
  const dataset = report.field('dataset');
  const database = report.field('database');
  const settings = report.field('settings');
  const roles = settings.field('roles');
  const timings = report.field('timings');
  const records = root
    .field('records')
    .items()
    .map((item, i) => {
      try {
        return validateRecord(item.value, `${file} records[${i}]`);
      } catch (error) {
        throw new ReportError('INVALID_SAVED_REPORT', (error as Error).message, {
          file,
          field: `records[${i}]`,
        });
      }
    });
  return {
    file,
    mode: report.field('mode').string(),
    dataset: {
      name: dataset.field('name').string(),
      digest: dataset.field('digest').string(),
    },
    database: database.present
      ? {
          datasource_id: database.field('datasource_id').string(),
          engine: database.field('engine').string(),
          schema_fingerprint: database.field('schema_fingerprint').string(),
        }
      : null,
    settings: {
      roles: roles.present ? roles.items().map((r) => r.string()) : [],
      curated: settings.field('curated').optionalBoolean(),
      passes: settings.field('passes').optionalNumber(),
    },
    planned_cases: report.field('planned_cases').number(),
    completed_cases: report.field('completed_cases').number(),
    stopped: report.field('stopped').optionalString(),
    dollars: report.field('dollars').optionalNumber(),
    started_at: report.field('started_at').optionalString(),
    timings: timings.present ? numbersOf(timings) : {},
    configs: report
      .field('configs')
      .items()
      .map((item) => readConfig(item)),
    records,
  };
}

/** parseSavedRun of a file; an unreadable file is a `FILE_ERROR`. */
export function readSavedRun(path: string): SavedRun {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ReportError('FILE_ERROR', `${path}: cannot read (${(error as Error).message})`, {
      file: path,
    });
  }
  return parseSavedRun(text, path);
}

function readConfig(item: JsonReader): SavedConfig {
  const config = item.field('config');
  const nodes = config.field('nodes');
  const nodeMap: Record<string, string> = {};
  if (nodes.present) {
    for (const key of Object.keys(nodes.object())) nodeMap[key] = nodes.field(key).string();
  }
  const metrics = item.field('metrics');
  return {
    config: { name: config.field('name').string(), nodes: nodeMap },
    rows: item.field('rows').optionalString(),
    planned_cases: item.field('planned_cases').number(),
    completed_cases: item.field('completed_cases').number(),
    metrics: metrics.present ? metrics.object() : {},
    cases: item
      .field('cases')
      .items()
      .map((c) => readCaseRun(c)),
  };
}

function readCaseRun(item: JsonReader): SavedCaseRun {
  const id = item.field('case_id').string();
  const run = item.within(` (case ${id})`);
  const pass = run.field('pass').number();
  if (!Number.isInteger(pass) || pass < 1) run.field('pass').fail('a whole number from 1');
  const error = run.field('error');
  const tokens = run.field('tokens');
  const scores = run.field('scores');
  const scoreMap: Record<string, SavedScore> = {};
  if (scores.present) {
    for (const name of Object.keys(scores.object())) scoreMap[name] = readScore(scores.field(name));
  }
  const generated = run.field('generated_status');
  return {
    case_id: id,
    role: run.field('role').optionalString(),
    pass,
    status: run.field('status').oneOf(STATUSES),
    lenient_status: run.field('lenient_status').oneOf(STATUSES),
    generated_status: generated.present ? generated.oneOf(STATUSES) : null,
    expected: run.field('expected').optionalString(),
    engine_status: run.field('engine_status').optionalString(),
    error: error.present
      ? { code: error.field('code').string(), message: error.field('message').string() }
      : null,
    sql: run.field('sql').optionalString(),
    rows_digest: run.field('rows_digest').optionalString(),
    row_count: run.field('row_count').optionalNumber(),
    cost_usd: run.field('cost_usd').optionalNumber(),
    latency_ms: run.field('latency_ms').optionalNumber(),
    harness_ms: run.field('harness_ms').optionalNumber(),
    tokens: tokens.present
      ? {
          input: tokens.field('input').optionalNumber() ?? 0,
          output: tokens.field('output').optionalNumber() ?? 0,
        }
      : null,
    curated: run.field('curated').optionalBoolean() ?? false,
    scores: scoreMap,
    explanation: run.field('explanation').optionalString(),
    answer: readAnswer(run.field('answer')),
    result: readResult(run.field('result')),
    diagnostics: readCaseDiagnostics(run.field('diagnostics')),
    trajectory: readTrajectory(run.field('trajectory')),
    clarify: readClarify(run.field('clarify')),
  };
}

function readScore(score: JsonReader): SavedScore {
  const detail = score.field('detail');
  const pass = score.field('pass').boolean();
  return {
    pass,
    lenient: score.field('lenient').optionalBoolean() ?? pass,
    explanation: score.field('explanation').optionalString(),
    detail: detail.present ? detail.object() : {},
    kind: score.field('kind').optionalString(),
  };
}

/** `answer`: a string, or `{ summary, content }` as the engine writes it. */
function readAnswer(answer: JsonReader): SavedAnswer | null {
  if (!answer.present) return null;
  if (typeof answer.value === 'string') return { summary: null, content: answer.value };
  return {
    summary: answer.field('summary').optionalString(),
    content: answer.field('content').optionalString(),
  };
}

/** `result`: `{ columns, rows, truncated }`, the first rows the run returned. */
function readResult(result: JsonReader): SavedResult | null {
  if (!result.present) return null;
  const columns = result
    .field('columns')
    .items()
    .map((c) => c.string());
  const rows = result
    .field('rows')
    .items()
    .map((row) => {
      const cells = row.items();
      if (cells.length !== columns.length) {
        row.fail(`a row of ${columns.length} cells (one per column)`);
      }
      return cells.map((cell) => cell.value);
    });
  return { columns, rows, truncated: result.field('truncated').optionalBoolean() ?? false };
}

function numbersOf(object: JsonReader): Record<string, number> {
  const out: Record<string, number> = {};
  for (const key of Object.keys(object.object())) {
    const value = object.field(key).value;
    if (typeof value === 'number' && Number.isFinite(value)) out[key] = value;
  }
  return out;
}
