import { type ScoreResult, type Scorer, verdict } from './scorer.js';

const key = (name: string): string => name.toLowerCase();

/** Needed items missing from what was sent, compared case-insensitively (SQL names). */
function missing(needed: readonly string[], sent: readonly string[]): string[] {
  const have = new Set(sent.map(key));
  return needed.filter((item) => !have.has(key(item)));
}

/**
 * retrieval_recall: the tables and `Table.Column`s the case reads against what the schema
 * retriever sent. A case passes with perfect recall of both. Recall of nothing needed is 1.
 */
export function retrievalRecallScorer(): Scorer {
  return {
    name: 'retrieval_recall',
    kind: 'execution',
    score(input): ScoreResult | null {
      if (input.kind !== 'retrieve') return null;
      const { tables, columns } = input.case;
      const sent = input.response;
      const missedTables = missing(tables, sent.tables_sent);
      const missedColumns = missing(columns, sent.columns_sent);
      const tableRecall =
        tables.length === 0 ? 1 : (tables.length - missedTables.length) / tables.length;
      const columnRecall =
        columns.length === 0 ? 1 : (columns.length - missedColumns.length) / columns.length;
      const parts: string[] = [];
      if (missedTables.length > 0) parts.push(`missed tables ${missedTables.join(', ')}`);
      if (missedColumns.length > 0) parts.push(`missed columns ${missedColumns.join(', ')}`);
      return verdict(missedTables.length === 0 && missedColumns.length === 0, parts.join('; '), {
        table_recall: tableRecall,
        column_recall: columnRecall,
        missed_tables: missedTables,
        missed_columns: missedColumns,
        tables_sent: [...sent.tables_sent],
        columns_sent: [...sent.columns_sent],
      });
    },
  };
}
