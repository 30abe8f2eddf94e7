// DuckDB keeps the type a declaration resolves to, not the text it was declared with
// (NVARCHAR(120) is stored as VARCHAR, DATETIME as TIMESTAMP). A copy made by writeDuckdbCopy
// keeps its source's declaration in the column's comment, so introspection can report the
// type as declared and the copy fingerprints as its source does
// (decisions/duckdb-declared-types.md).

const PREFIX = 'declared type: ';

// A type name with an optional (n) or (p, s): never anything that could be more SQL.
const TYPE_TEXT = /^[A-Za-z][A-Za-z0-9_ ]{0,62}(\(\s*\d{1,5}\s*(,\s*\d{1,5}\s*)?\))?$/;

/** Whether `text` looks like a plain type name that may be put into a CAST. */
export function isPlainTypeText(text: string): boolean {
  return TYPE_TEXT.test(text.trim());
}

/** The comment writeDuckdbCopy puts on a column declared as `declared`. */
export function declaredTypeComment(declared: string): string {
  return `${PREFIX}${declared.trim()}`;
}

/** The declaration a column comment records, when it is one the copy wrote. */
export function declaredTypeOf(comment: unknown): string | undefined {
  if (typeof comment !== 'string' || !comment.startsWith(PREFIX)) return undefined;
  const text = comment.slice(PREFIX.length);
  return isPlainTypeText(text) ? text : undefined;
}
