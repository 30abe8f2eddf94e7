// EXPLAIN (FORMAT JSON) through any PostgreSQL client with a `query(text)` method (a pg
// Client or Pool fits). The text must be exactly one query, counted the way the server's
// lexer does (sqlcheck's scanStatements) and parsed as a query (sqlcheck's checkSyntax), so
// nothing else can ride along in the simple-protocol round trip. EXPLAIN without ANALYZE
// plans the query and never runs it. Connect with a read-only, role-scoped login anyway.
import { MAX_STATEMENT_BYTES } from '@nl2sql/datasource-sqlite';
import { checkSyntax, scanStatements } from '@nl2sql/sqlcheck';
import { EfficiencyError } from './efficiency-error.js';
import type { Explainer, RawPlan } from './explainer.js';
import { checkStatementSize } from './explainer.js';

/** The part of a PostgreSQL client this needs. */
export interface PostgresQueryable {
  query(text: string): Promise<{ rows: Record<string, unknown>[] }>;
}

async function gate(sql: string): Promise<void> {
  checkStatementSize(sql, MAX_STATEMENT_BYTES);
  for (const standardConformingStrings of [true, false]) {
    const scan = scanStatements(sql, 'postgres', { standardConformingStrings });
    if (scan.lexicalError || scan.emptyStatementAt !== undefined || scan.statements !== 1) {
      throw new EfficiencyError(
        'not_a_query',
        `no plan: expected exactly one statement${scan.lexicalError ? ` (${scan.lexicalError.message})` : `, found ${scan.statements}`}`,
      );
    }
    if (!scan.backslashInPlainString) break;
  }
  const syntax = await checkSyntax(sql, 'postgres');
  if (!syntax.pass) {
    throw new EfficiencyError(
      'not_a_query',
      `no plan: ${syntax.violations.map((v) => v.message).join('; ')}`,
    );
  }
}

/** An Explainer over a PostgreSQL client; the client stays the caller's to close. */
export function postgresExplainer(client: PostgresQueryable): Explainer {
  return {
    engine: 'postgres',
    async explain(sql: string): Promise<RawPlan> {
      await gate(sql);
      let rows: Record<string, unknown>[];
      try {
        ({ rows } = await client.query(`EXPLAIN (FORMAT JSON) ${sql}`));
      } catch (error) {
        throw new EfficiencyError(
          'explain_failed',
          `PostgreSQL could not plan the query: ${error instanceof Error ? error.message : String(error)}`,
          { cause: error },
        );
      }
      const first = rows[0];
      const json = first === undefined ? undefined : Object.values(first)[0];
      return { engine: 'postgres', json: typeof json === 'string' ? JSON.parse(json) : json };
    },
  };
}
