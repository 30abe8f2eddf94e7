// The sqlite3 driver hands rows over as objects keyed by column name. That loses a value when
// two columns share a name and reorders columns whose names look like array indexes
// (`SELECT 2, 1` comes back as {"1":1,"2":2}); it also turns every integer into a double.
// So the adapter never reads the user's statement directly: it reads it through these
// wrappers, which SQLite plans as co-routines, so no row is computed twice and the
// statement's own ORDER BY still decides the order.
//
// Most results need none of that repair: their names are unique once SQLite names a
// subquery's columns (it makes duplicates unique as `name:1`), none looks like an index and
// no integer is past a double's precision. Those are read through namedSql, one statement
// whose rows carry the names themselves; the adapter checks the rows and takes the
// positional wrappers only when the check fails (sqlite-datasource.ts).

const MAX_SAFE = '9007199254740991';

function quote(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * One all-NULL row whose keys are the statement's column names (SQLite makes duplicates unique
 * as `name:1`). `LIMIT 0` lets SQLite skip the statement's work, so this costs a compile.
 */
export function columnProbeSql(statement: string): string {
  return `SELECT "nl2sql_q".* FROM (SELECT 1) LEFT JOIN (SELECT * FROM (\n${statement}\n) LIMIT 0) AS "nl2sql_q"`;
}

/**
 * The statement's rows keyed by its column names as SQLite names a subquery's (unique, in
 * select-list order): the names the column probe reads, with the rows beside them. The
 * same co-routine and row cap as positionalSql.
 */
export function namedSql(statement: string, limit: number | null): string {
  return (
    `WITH "nl2sql_q" AS (SELECT * FROM (\n${statement}\n) LIMIT -1)\n` +
    `SELECT * FROM "nl2sql_q" LIMIT ${limit === null ? -1 : limit}`
  );
}

/**
 * True when `text` spells `__proto__`, a column name the driver cannot keep as a key. A result
 * column's name is spelled in the statement (an alias, a column, an expression's own text) or
 * in the schema's SQL (a table's or a view's columns), and dequoting never makes those letters
 * appear where they were not: a statement and a schema that both pass this test name no
 * column `__proto__`.
 */
export function mayNameProto(text: string): boolean {
  return text.includes('__proto__');
}

/** True for a value that may be an integer a double cannot hold exactly (read it positionally). */
export function isInexactInteger(value: unknown): boolean {
  return typeof value === 'number' && Number.isInteger(value) && !Number.isSafeInteger(value);
}

/**
 * One row mapping each column name to its position: a compound select takes its column names
 * from the first select (the statement, made unique, no rows) and its values from the second
 * (0, 1, ... N-1). Needed only when some name looks like an array index, which JavaScript
 * objects list first whatever the select order.
 */
export function columnOrderSql(statement: string, columnCount: number): string {
  const positions = Array.from({ length: columnCount }, (_, i) => String(i)).join(', ');
  return `SELECT * FROM (SELECT * FROM (\n${statement}\n) LIMIT 0) UNION ALL SELECT ${positions}`;
}

/** True for names a JavaScript object would list before all others (canonical array indexes). */
export function isIndexLikeName(name: string): boolean {
  return /^(0|[1-9][0-9]*)$/.test(name) && Number(name) < 2 ** 32 - 1;
}

/** Key of the n-th (0-based) value in a positional row. */
export function valueKey(index: number): string {
  return `c${index + 1}`;
}

/** Columns covered by one exact-integer column: below SQLite's function argument limit. */
export const EXACT_CHUNK = 500;

/** Key of the JSON array covering columns chunk*500 .. chunk*500+499. */
export function exactKey(chunk: number): string {
  return `x${chunk + 1}`;
}

/** `a OR b OR ...` as a balanced tree, so hundreds of columns stay under SQLite's depth limit. */
function anyOf(terms: string[]): string {
  if (terms.length === 1) return terms[0]!;
  const half = Math.ceil(terms.length / 2);
  return `(${anyOf(terms.slice(0, half))} OR ${anyOf(terms.slice(half))})`;
}

/**
 * The statement's rows with positional keys c1..cN, plus per 500 columns one key x1, x2 ...:
 * NULL, or when some value in those columns is an integer a double cannot hold, a JSON array
 * with that integer's decimal text at its position (NULL elsewhere). A few extra columns, not
 * one per column: wide scans stay cheap.
 * The inner `LIMIT -1` keeps SQLite from flattening the statement into the outer select (which
 * would evaluate `random()` once per reference); the outer LIMIT makes the database itself stop
 * producing rows at the cap.
 */
export function positionalSql(
  statement: string,
  columnCount: number,
  limit: number | null,
): string {
  const names: string[] = [];
  const chunks: string[] = [];
  for (let from = 0; from < columnCount; from += EXACT_CHUNK) {
    const unsafe: string[] = [];
    const exact: string[] = [];
    for (let i = from; i < Math.min(columnCount, from + EXACT_CHUNK); i += 1) {
      const c = quote(valueKey(i));
      const test = `(typeof(${c}) = 'integer' AND (${c} > ${MAX_SAFE} OR ${c} < -${MAX_SAFE}))`;
      names.push(c);
      unsafe.push(test);
      exact.push(`CASE WHEN ${test} THEN CAST(${c} AS TEXT) END`);
    }
    chunks.push(
      `CASE WHEN ${anyOf(unsafe)} THEN json_array(${exact.join(', ')}) END AS ${quote(exactKey(chunks.length))}`,
    );
  }
  return (
    `WITH "nl2sql_q"(${names.join(', ')}) AS (SELECT * FROM (\n${statement}\n) LIMIT -1)\n` +
    `SELECT ${[...names, ...chunks].join(', ')} FROM "nl2sql_q" LIMIT ${limit === null ? -1 : limit}`
  );
}
