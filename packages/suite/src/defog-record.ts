// One record of a defog sql-eval questions CSV (`query` in place of `sql`) as a pair: `query`
// holds the golds (the first is the case's sql, the rest its alternatives; defog-golds.ts),
// `db_name` is the datasource, `instructions` the case's instructions (sent to the system
// under test with the question, as sql-eval adds them to its prompt), `query_category` a
// `query_category:VALUE` tag; `db_type` is read and not kept.

import { DefogQueryError, defogGolds } from './defog-golds.js';

/** The columns of a defog sql-eval questions file. */
export const DEFOG_COLUMNS: ReadonlySet<string> = new Set([
  'db_name',
  'db_type',
  'query_category',
  'query',
  'question',
  'instructions',
]);

/** A header that names `query` and not `sql`: sql-eval's questions file. */
export function isDefogHeader(columns: readonly string[]): boolean {
  return columns.includes('query') && !columns.includes('sql');
}

/** What is wrong with a defog header, or undefined. */
export function defogHeaderProblem(columns: readonly string[]): string | undefined {
  const unknown = columns.filter((c) => !DEFOG_COLUMNS.has(c));
  if (unknown.length === 0 && columns.includes('question')) return undefined;
  return `a defog sql-eval questions file (a query column) ${unknown.length > 0 ? `has unknown column(s) ${unknown.join(', ')}` : 'has no question column'} (it names ${[...DEFOG_COLUMNS].join(', ')}; question and query required)`;
}

/** The pair a record's cells make (for the pair format to check), or why its query is not golds. */
export function defogRecord(
  columns: readonly string[],
  cells: readonly string[],
): { value: Record<string, unknown> } | { problem: string; field: string } {
  const cell = (name: string) => {
    const i = columns.indexOf(name);
    return i === -1 ? '' : (cells[i] ?? '').trim();
  };
  let golds: string[];
  try {
    golds = defogGolds(cell('query'));
  } catch (error) {
    if (!(error instanceof DefogQueryError)) throw error;
    return { problem: error.message, field: 'query' };
  }
  const [sql, ...alternatives] = golds;
  const instructions = cell('instructions');
  const question = cell('question');
  const category = cell('query_category');
  return {
    value: {
      ...(question !== '' ? { question } : {}),
      sql,
      ...(alternatives.length > 0 ? { alt_sql: alternatives } : {}),
      ...(cell('db_name') !== '' ? { datasource: cell('db_name') } : {}),
      ...(instructions !== '' ? { instructions } : {}),
      // A category the tag pattern cannot hold is checked (and located) by the pair format.
      ...(category !== '' ? { tags: [`query_category:${category}`] } : {}),
    },
  };
}
