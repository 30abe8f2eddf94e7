// The schema the suite's SQL checks read, written out here (the shape of @nl2sql/sqlcheck's
// SchemaLike) so the suite's types need no parser installed.

export interface SchemaColumn {
  name: string;
  type?: string;
}

export interface SchemaTable {
  name: string;
  /** Omitted means the dialect's default schema (SQLite "main", PostgreSQL "public"). */
  schema?: string;
  columns: SchemaColumn[];
}

export interface SchemaLike {
  tables: SchemaTable[];
}
