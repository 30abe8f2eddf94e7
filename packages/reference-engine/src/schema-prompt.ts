// The schema as the planner and refiner read it: one line per table with its columns and
// types, primary key marked, then the joins between the tables sent, then (when the
// selection is not ready) the state it ended in and why, so the planner can ask the user
// instead of inventing a join or a table it was not given.

import type { DatabaseSchema } from '@nl2sql/datasource';
import type { SchemaSelection } from '@nl2sql/schema-selection';

/** What each state asks of the planner. */
const STATE_ADVICE: Readonly<Record<Exclude<SchemaSelection['status'], 'ready'>, string>> = {
  no_candidates:
    'nothing this role may read matches the question; do not plan over other tables, ask what is meant',
  ambiguous_path:
    'the tables can be joined in more than one way with different meanings; do not pick one, ask which is meant',
  no_authorized_path:
    'some tables cannot be joined over joins this role may use; do not join them another way, ask or say it cannot be answered',
};

export function schemaPrompt(
  schema: DatabaseSchema,
  selection?: Pick<SchemaSelection, 'status' | 'problems' | 'notes'>,
): string {
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
  if (selection && selection.status !== 'ready') {
    lines.push(`Schema selection: ${selection.status}: ${STATE_ADVICE[selection.status]}.`);
    for (const problem of selection.problems) {
      const paths = problem.alternatives?.map((a) => a.join(' + ')).join(' | ');
      lines.push(
        `- ${problem.from} -> ${problem.to}: ${problem.kind}${problem.reason ? ` (${problem.reason})` : ''}${paths ? `: ${paths}` : ''}`,
      );
    }
  }
  return lines.join('\n');
}
