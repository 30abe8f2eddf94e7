// The size limit on SQL text, applied before any parse. The parser's time grows faster than
// the text (a 300 KB select list takes ~3 s, 600 KB ~10 s, in the SDK's wasm parser), so a
// check call is kept short by refusing long text unread. 64 KiB is far above any
// hand-written or generated query we have seen; a project that needs more raises it
// (evals.yaml `checks.max_sql_bytes`, `nl2sql check --max-sql-bytes`). Here, not in
// @nl2sql/sqlcheck, so the runner applies it without installing the parser.

export const DEFAULT_MAX_SQL_BYTES = 64 * 1024;

/** The text's length in UTF-8 bytes (what an engine sent and a server would receive). */
export function sqlBytes(sql: string): number {
  let bytes = 0;
  for (let i = 0; i < sql.length; i++) {
    const c = sql.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < sql.length) {
      const d = sql.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * The `sql-too-large` finding when `sql` is longer than `maxSqlBytes` UTF-8 bytes (default
 * DEFAULT_MAX_SQL_BYTES), else undefined. One pass over the text, none for a short one.
 */
export function sqlSizeViolation(
  sql: string,
  maxSqlBytes: number = DEFAULT_MAX_SQL_BYTES,
): SqlViolation | undefined {
  if (sql.length <= maxSqlBytes / 3) return undefined;
  const bytes = sqlBytes(sql);
  if (bytes <= maxSqlBytes) return undefined;
  return {
    rule: 'sql-too-large',
    message: `the SQL is ${bytes} bytes, over the limit of ${maxSqlBytes} bytes (maxSqlBytes); it was not parsed`,
  };
}

/** A finding of a check on SQL: the rule that produced it and what is wrong (sqlcheck's Violation). */
export interface SqlViolation {
  rule: string;
  message: string;
}
