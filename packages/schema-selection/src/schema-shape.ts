// The schema this package reads, as a structural type: the datasource's introspected
// `DatabaseSchema` fits it, and so does any hand-written schema of the same shape, so the
// package needs no dependency on an adapter or an engine.

/** A foreign key as introspection reports it: this table's columns reference another's. */
export interface ForeignKeyShape {
  /** Referencing columns of the table, in key order. */
  readonly columns: readonly string[];
  readonly referencedTable: string;
  /** Referenced columns, in the same key order. */
  readonly referencedColumns: readonly string[];
}

export interface ColumnShape {
  readonly name: string;
}

export interface TableShape {
  readonly name: string;
  readonly columns: readonly ColumnShape[];
  readonly primaryKey?: readonly string[];
  readonly foreignKeys?: readonly ForeignKeyShape[];
}

export interface SchemaShape<T extends TableShape = TableShape> {
  readonly tables: readonly T[];
}
