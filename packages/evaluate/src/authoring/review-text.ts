// How `nl2sql suite review` shows a draft case: what a reviewer needs to say "this SQL answers
// this question" without opening the suite file: the question, where the pair came from, the
// outcome each role gets, the SQL and the first rows it returned.

import { relative } from 'node:path';
import type { EvalCase } from '@nl2sql/suite';

/** How many rows a draft shows unless asked for more. */
export const REVIEW_ROWS = 5;

// User text is printed as text: control characters would move the cursor or hide lines.
export const printable = (text: string): string =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters replaced
  text.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '\ufffd');

function cell(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}

/** One draft case as lines of text, with at most `rowsShown` of its rows. */
export function reviewText(c: EvalCase, rowsShown = REVIEW_ROWS): string {
  const source =
    typeof c.source === 'string' ? c.source : `imported from ${c.source.file}:${c.source.line}`;
  const outcome = Object.entries(c.outcome)
    .map(([role, o]) => `${role} ${o}`)
    .join(', ');
  const lines = [
    `${c.id}  (${printable(source)}, datasource ${c.datasource})`,
    `  question: ${printable(c.question)}`,
    `  outcome:  ${outcome}`,
  ];
  if (c.sql !== undefined) {
    lines.push('  sql:');
    for (const line of c.sql.split('\n')) lines.push(`    ${printable(line)}`);
  }
  if (c.rows !== undefined) {
    const shown = c.rows.slice(0, rowsShown);
    lines.push(
      c.rows.length === 0
        ? '  rows: none (the SQL returns no row)'
        : `  rows (${shown.length} of ${c.rows.length}):`,
    );
    for (const row of shown) lines.push(`    ${printable(row.map(cell).join(' | '))}`);
  }
  return lines.join('\n');
}

/** A path for messages: relative to the working directory when under it. */
export function shownPath(cwd: string, path: string): string {
  const rel = relative(cwd, path);
  return rel === '' || rel.startsWith('..') ? path : rel;
}
