// The PostgreSQL schema of a SQLite database as the loader re-creates it: the same table and
// column names (quoted, so PascalCase survives), matching types, primary keys, foreign keys
// and indexes. Pure: it turns SQLite's catalog into SQL text.

/** A column as `PRAGMA table_info` describes it. */
export interface SqliteColumn {
  name: string;
  /** Declared type, e.g. `NVARCHAR(160)`, `NUMERIC(10,2)`, `DATETIME`. */
  type: string;
  notNull: boolean;
  /** 1-based position in the primary key, 0 when not part of it. */
  primaryKey: number;
}

export interface SqliteForeignKey {
  columns: string[];
  table: string;
  referencedColumns: string[];
}

export interface SqliteIndex {
  name: string;
  columns: string[];
  unique: boolean;
}

/** A table of the SQLite file, with what the loader needs to re-create it. */
export interface SqliteTable {
  name: string;
  columns: SqliteColumn[];
  foreignKeys: SqliteForeignKey[];
  indexes: SqliteIndex[];
}

/** A name as a double-quoted identifier. */
export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * The PostgreSQL type for a SQLite declared type. Chinook's: INTEGER stays INTEGER,
 * NVARCHAR(n) becomes VARCHAR(n) (PostgreSQL text is Unicode already), NUMERIC(10,2) stays,
 * DATETIME becomes TIMESTAMP (without time zone: the values carry none, and PostgreSQL prints
 * them back as the same 'YYYY-MM-DD HH:MM:SS' text SQLite stores). Undefined for a type with
 * no faithful counterpart, which the loader refuses.
 */
export function postgresType(declared: string): string | undefined {
  const type = declared
    .trim()
    .toUpperCase()
    .replace(/\s+/g, ' ')
    .replace(/\s*([(),])\s*/g, '$1');
  const sized = /^(?:N?VARCHAR|NVARCHAR|CHARACTER VARYING|NCHAR VARYING)\s*\((\d+)\)$/.exec(type);
  if (sized) return `VARCHAR(${sized[1]})`;
  const fixed = /^N?CHAR(?:ACTER)?\s*\((\d+)\)$/.exec(type);
  if (fixed) return `CHAR(${fixed[1]})`;
  const decimal = /^(?:NUMERIC|DECIMAL)\s*\((\d+)\s*,\s*(\d+)\)$/.exec(type);
  if (decimal) return `NUMERIC(${decimal[1]},${decimal[2]})`;
  const simple: Record<string, string> = {
    INTEGER: 'INTEGER',
    INT: 'INTEGER',
    BIGINT: 'BIGINT',
    SMALLINT: 'SMALLINT',
    NUMERIC: 'NUMERIC',
    DECIMAL: 'NUMERIC',
    REAL: 'DOUBLE PRECISION',
    DOUBLE: 'DOUBLE PRECISION',
    'DOUBLE PRECISION': 'DOUBLE PRECISION',
    FLOAT: 'DOUBLE PRECISION',
    TEXT: 'TEXT',
    CLOB: 'TEXT',
    BLOB: 'BYTEA',
    DATETIME: 'TIMESTAMP',
    TIMESTAMP: 'TIMESTAMP',
    DATE: 'DATE',
    BOOLEAN: 'BOOLEAN',
  };
  return simple[type];
}

/** CREATE TABLE with columns, types, NOT NULL and the primary key (foreign keys come later). */
export function createTableSql(table: SqliteTable): string {
  const columns = table.columns.map((column) => {
    const type = postgresType(column.type);
    if (type === undefined) {
      throw new RangeError(
        `${table.name}.${column.name}: no PostgreSQL type for the SQLite type ${column.type || '(none)'}`,
      );
    }
    return `  ${quoteIdent(column.name)} ${type}${column.notNull || column.primaryKey > 0 ? ' NOT NULL' : ''}`;
  });
  const key = table.columns
    .filter((c) => c.primaryKey > 0)
    .sort((a, b) => a.primaryKey - b.primaryKey)
    .map((c) => quoteIdent(c.name));
  if (key.length > 0) columns.push(`  PRIMARY KEY (${key.join(', ')})`);
  return `CREATE TABLE ${quoteIdent(table.name)} (\n${columns.join(',\n')}\n)`;
}

/** One ALTER TABLE ... ADD FOREIGN KEY per foreign key, added after every table is loaded. */
export function foreignKeySql(table: SqliteTable): string[] {
  return table.foreignKeys.map(
    (fk) =>
      `ALTER TABLE ${quoteIdent(table.name)} ADD FOREIGN KEY (${fk.columns.map(quoteIdent).join(', ')}) ` +
      `REFERENCES ${quoteIdent(fk.table)} (${fk.referencedColumns.map(quoteIdent).join(', ')})`,
  );
}

/** The file's own indexes (Chinook indexes every foreign key column). */
export function indexSql(table: SqliteTable): string[] {
  return table.indexes.map(
    (index) =>
      `CREATE ${index.unique ? 'UNIQUE ' : ''}INDEX ${quoteIdent(index.name)} ON ${quoteIdent(table.name)} ` +
      `(${index.columns.map(quoteIdent).join(', ')})`,
  );
}
