import type { EvalCase } from '@nl2sql/suite';
import type { CaseVerdict } from './score-case.js';

/** sqlcheck's constant_query diagnostic as the sql_checks scorer stores it. */
interface ConstantQueryDiagnostic {
  readonly rule: 'constant_query';
  readonly reason: string;
  readonly message: string;
}

function constantQueryOf(verdict: CaseVerdict): ConstantQueryDiagnostic | null {
  const diagnostics = verdict.scores.sql_checks?.detail.diagnostics;
  if (!Array.isArray(diagnostics)) return null;
  const found = diagnostics.find(
    (d): d is ConstantQueryDiagnostic =>
      typeof d === 'object' && d !== null && (d as { rule?: unknown }).rule === 'constant_query',
  );
  return found ?? null;
}

/**
 * Why a passing case run is suspect, or null: its gold reads a table, yet the SQL that
 * answered returns values written in its own text (sqlcheck's constant_query), so the rows
 * matched because someone knew the answer, not because the database was read. The run still
 * counts as a pass (the rows are right) but is counted and listed as suspect, never passed
 * silently. Needs the sql_checks scorer: without it nothing is known and nothing is flagged.
 */
export function suspectReason(c: EvalCase, verdict: CaseVerdict): string | null {
  if (verdict.strict !== 'pass' && verdict.lenient !== 'pass') return null;
  if (c.tables.length === 0) return null;
  const constant = constantQueryOf(verdict);
  if (constant === null) return null;
  return `the gold reads ${c.tables.join(', ')}, but the SQL that answered is a constant query (${constant.reason}): ${constant.message}`;
}
