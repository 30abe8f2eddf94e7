// SQLite's type affinity rules (section 3.1 of its datatype page), for a declared type
// DuckDB does not accept as written: the DuckDB type a column of that affinity is copied as.

/** The DuckDB type for a SQLite column declared `declared`, by SQLite's affinity rules. */
export function affinityType(declared: string): string {
  const t = declared.toUpperCase();
  if (t.includes('INT')) return 'BIGINT';
  if (t.includes('CHAR') || t.includes('CLOB') || t.includes('TEXT')) return 'VARCHAR';
  if (t === '' || t.includes('BLOB')) return 'BLOB';
  return 'DOUBLE';
}
