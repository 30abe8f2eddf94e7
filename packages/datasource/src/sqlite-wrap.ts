// The sqlite3 driver hands rows over as objects keyed by column name. That loses a value when
// two columns share a name and reorders columns whose names look like array indexes
// (`SELECT 2, 1` comes back as {"1":1,"2":2}); it also turns every integer into a double.
// So the adapter never reads the user's statement directly: it reads it through these
// wrappers, which SQLite plans as co-routines, so no row is computed twice and the
// statement's own ORDER BY still decides the order.

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

/** Key of the n-th (0-based) value in a positional row. */
export function valueKey(index: number): string {
  return `c${index + 1}`;
}

/** Key of the exact decimal text of the n-th value when it is an integer beyond ±2^53. */
export function exactKey(index: number): string {
  return `x${index + 1}`;
}

/**
 * The statement's rows with positional keys c1..cN, plus x1..xN holding the decimal text of any
 * integer a double cannot hold exactly. The inner `LIMIT -1` keeps SQLite from flattening the
 * statement into the outer select (which would evaluate `random()` once per reference); the
 * outer LIMIT makes the database itself stop producing rows at the cap.
 */
export function positionalSql(
  statement: string,
  columnCount: number,
  limit: number | null,
): string {
  const select: string[] = [];
  const names: string[] = [];
  for (let i = 0; i < columnCount; i += 1) {
    const c = quote(valueKey(i));
    names.push(c);
    select.push(
      c,
      `CASE WHEN typeof(${c}) = 'integer' AND (${c} > ${MAX_SAFE} OR ${c} < -${MAX_SAFE}) ` +
        `THEN CAST(${c} AS TEXT) END AS ${quote(exactKey(i))}`,
    );
  }
  return (
    `WITH "nl2sql_q"(${names.join(', ')}) AS (SELECT * FROM (\n${statement}\n) LIMIT -1)\n` +
    `SELECT ${select.join(', ')} FROM "nl2sql_q" LIMIT ${limit === null ? -1 : limit}`
  );
}
