// The schema as the planner and refiner read it: one line per table with its columns and
// types, primary key marked, then the foreign keys between the tables sent.

import type { DatabaseSchema } from '@nl2sql/datasource';

export function schemaPrompt(schema: DatabaseSchema): string {
  const lines: string[] = [];
  for (const table of schema.tables) {
    const pk = new Set(
      table.primaryKey ?? table.columns.filter((c) => c.primaryKey).map((c) => c.name),
    );
    const cols = table.columns.map(
      (c) => `${c.name}${c.type ? ` ${c.type}` : ''}${pk.has(c.name) ? ' PK' : ''}`,
    );
    lines.push(`${table.name}(${cols.join(', ')})`);
  }
  const fks = schema.tables.flatMap((t) =>
    (t.foreignKeys ?? []).map(
      (fk) =>
        `${t.name}(${fk.columns.join(', ')}) -> ${fk.referencedTable}(${fk.referencedColumns.join(', ')})`,
    ),
  );
  if (fks.length > 0) lines.push('Foreign keys:', ...fks);
  return lines.join('\n');
}
