// The part of the schema a judge needs: the tables either query reads, written as DDL with the
// constraints that decide equivalence (NOT NULL, primary keys, foreign keys). Whether
// COUNT(col) equals COUNT(*), a LEFT JOIN equals an INNER JOIN or NOT IN equals NOT EXISTS
// depends on exactly these, so they are always shown; the rest of the schema is left out to
// keep the prompt short and on topic.
import type { JudgeSchema } from './judge.js';

type Table = JudgeSchema['tables'][number];

/** The tables named in `tables` (case-insensitive), in the schema's order. */
export function sliceSchema(schema: JudgeSchema, tables: Iterable<string>): JudgeSchema {
  const wanted = new Set([...tables].map((t) => t.toLowerCase()));
  return { tables: schema.tables.filter((t) => wanted.has(t.name.toLowerCase())) };
}

function primaryKeyOf(table: Table): string[] {
  if (table.primaryKey && table.primaryKey.length > 0) return [...table.primaryKey];
  return table.columns.filter((c) => c.primaryKey === true).map((c) => c.name);
}

/** One `CREATE TABLE` per table; a column whose nullability is unknown is shown as declared. */
export function renderSchema(schema: JudgeSchema): string {
  return schema.tables
    .map((table) => {
      const key = primaryKeyOf(table);
      const lines = table.columns.map((c) => {
        const parts = [c.name];
        if (c.type) parts.push(c.type);
        if (c.nullable === false) parts.push('NOT NULL');
        if (key.length === 1 && key[0] === c.name) parts.push('PRIMARY KEY');
        return `  ${parts.join(' ')}`;
      });
      if (key.length > 1) lines.push(`  PRIMARY KEY (${key.join(', ')})`);
      for (const fk of table.foreignKeys ?? []) {
        lines.push(
          `  FOREIGN KEY (${fk.columns.join(', ')}) REFERENCES ${fk.referencedTable} (${fk.referencedColumns.join(', ')})`,
        );
      }
      return `CREATE TABLE ${table.name} (\n${lines.join(',\n')}\n);`;
    })
    .join('\n');
}
