// A dataset record expecting clarify (spec 001 §12: `expected_behavior: clarify`) imported as
// a draft clarify case. The record's gold SQL is one reading of an ambiguous question: import
// runs it (so it is real SQL on the datasource) and reads its tables, then the case keeps the
// tables and columns, expects a clarifying question of every role, and takes the record's
// notes as its clarify_reason. The readings are kept in the case's notes, so nothing of the
// record is lost, but they are no gold: a clarify case has no SQL and no rows to match.

import type { EvalCase, Outcome } from './case.js';

/** The clarify case `c` (an imported draft) becomes, or why it cannot be one. */
export function clarifyDraft(c: EvalCase): EvalCase | { problem: string } {
  const answered = Object.entries(c.outcome)
    .filter(([, outcome]) => outcome !== 'allowed')
    .map(([role, outcome]) => `${role} ${outcome}`);
  // A clarify case asks back of every role (lint's outcome rule); a role the policy refuses
  // these tables is owed a refusal, not a question.
  if (answered.length > 0)
    return {
      problem: `expected_behavior clarify, but the policy gives ${answered.join(', ')} for the tables the SQL reads [${c.tables.join(', ')}]; a clarify case expects a clarifying question of every role`,
    };
  const readings = [c.sql, ...(c.alt_sql ?? [])].filter((sql) => sql !== undefined);
  const {
    sql: _sql,
    rows: _rows,
    order_ties: _ties,
    alt_sql: _altSql,
    alt_rows: _altRows,
    alt_reads: _altReads,
    plan: _plan,
    notes,
    ...kept
  } = c;
  const outcome: Record<string, Outcome> = {};
  for (const role of Object.keys(c.outcome)) outcome[role] = 'clarify';
  return {
    ...kept,
    tags: [...new Set([...c.tags, 'ambiguous' as const])],
    outcome,
    ...(notes !== undefined ? { clarify_reason: notes } : {}),
    notes: `the record's gold SQL, each one reading of the question: ${readings.join(' ; ')}`,
  };
}
