// What `nl2sql suite review --approve-proposal / --reject-proposal` reports: as lines of text,
// or with --json as one object a script reads (what was approved or rejected, what was
// dropped because the suite already holds it, the files written), and a refusal as one JSON
// object carrying the located error's fields, with the exit code the text form has.

import {
  ProposalReviewError,
  RegenerateError,
  type SettleResult,
  SuiteFormatError,
} from '@nl2sql/suite';
import type { EvaluateError } from '../evaluate-error.js';
import { EXIT } from '../exit-codes.js';

/** Where the review happened and what it wrote, as the user sees the paths. */
export interface SettledFiles {
  /** The suite as shown (relative to the working folder when inside it). */
  suite: string;
  queue: string;
  /** True when the suite file was rewritten (some proposal was approved). */
  suiteWritten: boolean;
  /** The test suite built beside the suite, when an approval made it stale. */
  staleTestSuite: string | null;
}

/** `suite review --approve-proposal / --reject-proposal --json`. */
export interface SettledReviewJson {
  suite: string;
  queue: string;
  approved: Array<{
    id: string;
    case_id: string;
    sql: string;
    /** Its place in the case's alt_sql now. */
    alt_sql_index: number;
    /** The rows it returned when the case was regenerated. */
    row_count: number;
    /** What it reads, where the case records it (alt_reads: it reads other tables than the gold). */
    reads: { tables: string[]; columns: string[] } | null;
  }>;
  rejected: Array<{ id: string; case_id: string; sql: string }>;
  /** Dropped from the queue: the case already holds the SQL as `gold` (`sql`, `alt_sql[N]`). */
  already_gold: Array<{
    id: string;
    case_id: string;
    sql: string;
    gold: string;
    requested: boolean;
  }>;
  files_written: string[];
  /** Statements run to regenerate the approved cases. */
  statements: number;
  proposals_left: number;
  /** A test suite built for the previous golds (eval run refuses it until rebuilt), or null. */
  stale_test_suite: string | null;
}

/** The JSON of a settled review. */
export function settledReviewJson(result: SettleResult, files: SettledFiles): SettledReviewJson {
  const byId = new Map(result.suite.cases.map((c) => [c.id, c]));
  return {
    suite: files.suite,
    queue: files.queue,
    approved: result.approved.map((p) => {
      const c = byId.get(p.case_id);
      const index = c?.alt_sql?.lastIndexOf(p.alt_sql) ?? -1;
      return {
        id: p.label,
        case_id: p.case_id,
        sql: p.alt_sql,
        alt_sql_index: index,
        row_count: c?.alt_rows?.[index]?.length ?? 0,
        reads: c?.alt_reads?.[index] ?? null,
      };
    }),
    rejected: result.rejected.map((p) => ({ id: p.label, case_id: p.case_id, sql: p.alt_sql })),
    already_gold: result.alreadyGold.map((p) => ({
      id: p.label,
      case_id: p.case_id,
      sql: p.alt_sql,
      gold: p.gold,
      requested: p.requested,
    })),
    files_written: [...(files.suiteWritten ? [files.suite] : []), files.queue],
    statements: result.statements,
    proposals_left: result.queue.proposals.length,
    stale_test_suite: files.staleTestSuite,
  };
}

/** The same as the lines `suite review` prints on stdout. */
export function settledReviewText(result: SettleResult, files: SettledFiles): string {
  const labels = (ps: ReadonlyArray<{ label: string }>) => ps.map((p) => p.label).join(', ');
  const lines: string[] = [];
  if (result.approved.length > 0)
    lines.push(
      `${files.suite}: approved ${result.approved.length} proposal(s) into alt_sql (${labels(result.approved)}); rows regenerated for ${[...new Set(result.approved.map((p) => p.case_id))].join(', ')} (${result.statements} statements)`,
    );
  for (const p of result.approved) {
    const c = result.suite.cases.find((x) => x.id === p.case_id);
    const reads = c?.alt_reads?.[c.alt_sql?.lastIndexOf(p.alt_sql) ?? -1];
    const own = reads?.tables.filter((t) => !c?.tables.includes(t)) ?? [];
    if (reads !== undefined)
      lines.push(
        `  ${p.label} reads ${own.length > 0 ? own.join(', ') : 'other columns'} beyond the gold: recorded in alt_reads; it counts only for roles that may read all it reads`,
      );
  }
  if (result.rejected.length > 0)
    lines.push(
      `${files.queue}: rejected ${result.rejected.length} proposal(s) (${labels(result.rejected)}); remembered, never proposed again for their case`,
    );
  if (result.alreadyGold.length > 0)
    lines.push(
      `${files.queue}: dropped ${result.alreadyGold.length} proposal(s) whose SQL the case already holds (${result.alreadyGold.map((p) => `${p.label} as ${p.gold}`).join(', ')}): approved before the queue was written, or added by hand; nothing to decide`,
    );
  lines.push(`${result.queue.proposals.length} proposal(s) left in ${files.queue}`);
  return lines.join('\n');
}

/** A refused review as `--json` prints it on stdout. */
export interface ReviewRefusalJson {
  error: {
    /** The typed error's code (`ALREADY_GOLD`, `SUITE_YAML` ...), else USAGE, FAILED or CONFIG. */
    code: string;
    exit_code: number;
    /** The located message, as the text form prints it. */
    message: string;
    file: string | null;
    line: number | null;
    proposal: string | null;
    case_id: string | null;
  };
}

const BY_EXIT: Record<number, string> = {
  [EXIT.failed]: 'FAILED',
  [EXIT.usage]: 'USAGE',
  [EXIT.config]: 'CONFIG',
};

/** The JSON of a refusal reported as `error`, with the fields of the typed error it reports. */
export function reviewRefusalJson(error: EvaluateError): ReviewRefusalJson {
  const cause = error.cause;
  const typed =
    cause instanceof ProposalReviewError ||
    cause instanceof SuiteFormatError ||
    cause instanceof RegenerateError
      ? cause
      : undefined;
  return {
    error: {
      code: typed?.code ?? BY_EXIT[error.exitCode] ?? 'ERROR',
      exit_code: error.exitCode,
      message: error.message,
      file: typed && 'file' in typed ? (typed.file ?? null) : null,
      line: typed && 'line' in typed ? (typed.line ?? null) : null,
      proposal: cause instanceof ProposalReviewError ? cause.proposal : null,
      case_id: typed?.caseId ?? null,
    },
  };
}
