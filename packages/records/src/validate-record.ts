import { fieldName, inDocumentOrder, type SchemaIssue, singleTypeIssue } from '@nl2sql/format';
import { type CaseRecord, RECORD_FORMAT, RUN_RECORD_FORMAT, type RunRecord } from './record.js';
import { RecordError } from './record-error.js';
import { RECORD_PHRASING } from './record-phrasing.js';

/** A retrieval record's config: the one run, or one k of a sweep. */
const RETRIEVAL_CONFIG = /^retrieval( k=[1-9][0-9]*)?$/;

/** One way a value falls short of a record: the field's path and what is wrong with it. */
export interface RecordIssue {
  /** Dotted path from the root, `[i]` for array items (`scoreboard.cases[3].status`); empty for the root itself. */
  readonly field: string;
  readonly message: string;
}

/**
 * Every way `value` falls short of a format 2 record: the format's issues in the order of the
 * file (an object's missing fields first, then its fields as written), then the rules a schema
 * cannot say (counts within their totals, a real date, intervals around their rate,
 * completed within planned). [] for a valid record.
 */
export function recordIssues(value: unknown): RecordIssue[] {
  if (
    typeof value === 'object' &&
    value !== null &&
    'schema' in value &&
    value.schema !== RECORD_FORMAT
  ) {
    const found = JSON.stringify(value.schema) ?? String(value.schema);
    return [
      {
        field: 'schema',
        message: `is record format ${found}; this reader reads format ${RECORD_FORMAT} only`,
      },
    ];
  }
  // A field of the wrong type gets that one issue, as records have always said it.
  const issues = singleTypeIssue(RUN_RECORD_FORMAT.issues(value, RECORD_PHRASING));
  if (issues.length > 0) {
    return metricsLast(inDocumentOrder(value, issues)).map((issue) => ({
      field: fieldName(issue.path),
      message: issue.message,
    }));
  }
  return consistencyIssues(value as RunRecord);
}

/**
 * The issues inside `metrics` after every other: which metrics a record must hold depends on
 * its kind and scoreboard, so they are read last, and the first issue named (the one
 * `validateRecord` puts in its message) is about the record's identity or board when both
 * are wrong. Records have always been reported in this order.
 */
function metricsLast<I extends SchemaIssue>(issues: readonly I[]): I[] {
  const inMetrics = (issue: I) => issue.path.length > 1 && issue.path[0] === 'metrics';
  return [...issues.filter((i) => !inMetrics(i)), ...issues.filter(inMetrics)];
}

/**
 * Returns `value` as a `RunRecord`, or throws `RecordError` (`INVALID_RECORD`) naming the
 * file and the first offending field, with every issue listed in the message.
 */
export function validateRecord(value: unknown, file = '(record)'): RunRecord {
  const issues = recordIssues(value);
  const first = issues[0];
  if (first === undefined) {
    validated.add(value as RunRecord);
    return value as RunRecord;
  }
  const listed = issues
    .slice(0, 10)
    .map((issue) => `  ${issue.field || '(root)'}: ${issue.message}`)
    .join('\n');
  const more = issues.length > 10 ? `\n  ... and ${issues.length - 10} more` : '';
  throw new RecordError(
    'INVALID_RECORD',
    `${file}: not a valid record: ${first.field || '(root)'} ${first.message}\n${listed}${more}`,
    { file, field: first.field },
  );
}

// The record objects this process has validated, so `publish` does not validate again
// what `readRecords` has just read. Records are readonly: a record is not edited once read.
const validated = new WeakSet<RunRecord>();

/**
 * `validateRecord` for a record not validated before in this process (a record from
 * `readRecords` or `parseRecord` was): what publish checks before it writes anything.
 */
export function ensureValidRecord(value: RunRecord, file: string): RunRecord {
  return validated.has(value) ? value : validateRecord(value, file);
}

/** Parses a record file's text; JSON syntax errors and format errors name the file. */
export function parseRecord(text: string, file = '(record)'): RunRecord {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new RecordError('INVALID_RECORD', `${file}: not valid JSON: ${reason}`, { file });
  }
  return validateRecord(value, file);
}

function consistencyIssues(record: RunRecord): RecordIssue[] {
  const issues: RecordIssue[] = [];
  if (!isRealInstant(record.recorded_at)) {
    issues.push({
      field: 'recorded_at',
      message: `is not a real date and time: ${record.recorded_at}`,
    });
  }
  const board = record.scoreboard;
  if (board.completed_cases > board.planned_cases) {
    issues.push({
      field: 'scoreboard.completed_cases',
      message: `is ${board.completed_cases}, more than planned_cases ${board.planned_cases}`,
    });
  }
  if (board.stopped === null && board.completed_cases < board.planned_cases) {
    issues.push({
      field: 'scoreboard.stopped',
      message: `is null, but only ${board.completed_cases} of ${board.planned_cases} planned case runs completed`,
    });
  }
  if (record.kind === 'engine') {
    if (record.engine === undefined) {
      issues.push({
        field: 'engine',
        message:
          'is missing: a record of kind engine names the engine that ran (name, version, models)',
      });
    }
    if (record.scoreboard.settings.mode === undefined) {
      issues.push({
        field: 'scoreboard.settings.mode',
        message:
          'is missing: a record of kind engine says which mode scored it (plans, full or retrieval)',
      });
    }
  } else {
    if (record.engine !== undefined) {
      issues.push({
        field: 'engine',
        message: `is only for records of kind engine, not ${record.kind}`,
      });
    }
    const mode = record.scoreboard.settings.mode;
    if (mode !== undefined && mode !== record.kind) {
      issues.push({
        field: 'scoreboard.settings.mode',
        message: `is ${mode}, but a ${record.kind} record is scored in mode ${record.kind}`,
      });
    }
  }
  // A sweep over k (`eval run --mode retrieval --k 4,8`) names its configs `retrieval k=N`.
  if (record.kind === 'retrieval' && !RETRIEVAL_CONFIG.test(record.config.name)) {
    issues.push({
      field: 'config.name',
      message: `must be "retrieval" (or "retrieval k=N" in a sweep over k) for a retrieval run, got "${record.config.name}"`,
    });
  }
  const seen = new Set<string>();
  board.cases.forEach((run, i) => {
    const key = `${run.case_id}@${run.role ?? ''}#${run.pass}`;
    if (seen.has(key)) {
      issues.push({
        field: `scoreboard.cases[${i}]`,
        message: `repeats case ${run.case_id}${run.role === null ? '' : ` as ${run.role}`} in pass ${run.pass}`,
      });
    }
    seen.add(key);
    if (run.pass > board.settings.passes) {
      issues.push({
        field: `scoreboard.cases[${i}].pass`,
        message: `is ${run.pass}, beyond settings.passes ${board.settings.passes}`,
      });
    }
  });
  if (board.cases.length !== board.completed_cases) {
    issues.push({
      field: 'scoreboard.completed_cases',
      message: `is ${board.completed_cases}, but scoreboard.cases holds ${board.cases.length} case runs`,
    });
  }
  const metrics = record.metrics;
  // The pages recompute intervals from these counts, so they must be the case records'.
  if ('accuracy' in metrics) {
    for (const [name, statusOf] of [
      ['strict', (run: CaseRecord) => run.status],
      ['lenient', (run: CaseRecord) => run.lenient_status],
    ] as const) {
      const accuracy = metrics.accuracy.execution[name];
      const passed = board.cases.filter((run) => statusOf(run) === 'pass').length;
      if (accuracy.count !== passed || accuracy.total !== board.cases.length) {
        issues.push({
          field: `metrics.accuracy.execution.${name}`,
          message: `is ${accuracy.count} of ${accuracy.total}, but the case records have ${passed} of ${board.cases.length} passing`,
        });
      }
    }
    const suspect = board.cases.filter((run) => typeof run.suspect === 'string').length;
    if (metrics.suspect !== undefined && metrics.suspect.count !== suspect) {
      issues.push({
        field: 'metrics.suspect',
        message: `is ${metrics.suspect.count}, but the case records have ${suspect} suspect case runs`,
      });
    }
  } else if (metrics.retrieval.cases !== board.cases.length) {
    issues.push({
      field: 'metrics.retrieval.cases',
      message: `is ${metrics.retrieval.cases}, but scoreboard.cases holds ${board.cases.length} case runs`,
    });
  }
  const rates: [string, { count: number; total: number } | null][] =
    'retrieval' in metrics
      ? [
          ['metrics.retrieval.routing', metrics.retrieval.routing],
          ['metrics.retrieval.complete', metrics.retrieval.complete ?? null],
          ['metrics.retrieval.reference_matches', metrics.retrieval.reference_matches ?? null],
          [
            'metrics.retrieval.boundary_as_expected',
            metrics.retrieval.boundary_as_expected ?? null,
          ],
        ]
      : [
          ['metrics.accuracy.execution.strict', metrics.accuracy.execution.strict],
          ['metrics.accuracy.execution.lenient', metrics.accuracy.execution.lenient],
          ['metrics.accuracy_all_scorers', metrics.accuracy_all_scorers],
          ['metrics.accuracy_generated', metrics.accuracy_generated],
          ['metrics.pass_k.strict', metrics.pass_k?.strict ?? null],
          ['metrics.pass_k.lenient', metrics.pass_k?.lenient ?? null],
          ['metrics.pass_at_k.strict', metrics.pass_at_k?.strict ?? null],
          ['metrics.pass_at_k.lenient', metrics.pass_at_k?.lenient ?? null],
          ['metrics.pass_at_k.first.strict', metrics.pass_at_k?.first.strict ?? null],
          ['metrics.pass_at_k.first.lenient', metrics.pass_at_k?.first.lenient ?? null],
          ['metrics.answerability', metrics.answerability],
          ['metrics.suspect', metrics.suspect ?? null],
        ];
  for (const [field, rate] of rates) {
    if (rate !== null && rate.count > rate.total) {
      issues.push({
        field: `${field}.count`,
        message: `is ${rate.count}, more than total ${rate.total}`,
      });
    }
  }
  if (!('retrieval' in metrics)) {
    for (const name of ['strict', 'lenient'] as const) {
      const accuracy = metrics.accuracy.execution[name];
      if (!(accuracy.lower <= accuracy.rate && accuracy.rate <= accuracy.upper)) {
        issues.push({
          field: `metrics.accuracy.execution.${name}`,
          message: `interval [${accuracy.lower}, ${accuracy.upper}] does not contain rate ${accuracy.rate}`,
        });
      }
    }
  } else {
    const r = metrics.retrieval;
    for (const name of ['perfect_tables', 'perfect_columns'] as const) {
      if (r[name] > r.cases) {
        issues.push({
          field: `metrics.retrieval.${name}`,
          message: `is ${r[name]}, more than cases ${r.cases}`,
        });
      }
    }
  }
  return issues;
}

/** Date.parse rolls 2026-02-31 over to March; a record's date must exist as written. */
function isRealInstant(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})/.exec(text);
  if (match === null) return false;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second
  );
}
