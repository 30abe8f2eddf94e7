// Import: question/SQL pairs -> draft cases appended to a suite. Each pair's SQL (and each of
// its alternatives) is run on its datasource for the gold rows and read by sqlcheck for the
// tables and columns (an alternative's own, in alt_reads, where they differ); each
// policy role gets the outcome the access rule gives it; the case says where it came from
// and waits for review (`approved: false`). A pair that cannot become a trustworthy case
// (its SQL fails to parse or run, its id is taken, its datasource unknown) is reported with
// its file and line and left out. Cases already in the suite are never changed.
// Why these rules: decisions/suite-import-rules.md.

import type { AccessPolicy } from '@nl2sql/access-policy';
import type { Datasource } from '@nl2sql/datasource';
import type { CaseTag, EvalCase, EvalSuite, Outcome, Row } from './case.js';
import { pairCaseId } from './case-id.js';
import { clarifyDraft } from './clarify-draft.js';
import { declareAltReads, isUnread } from './declare-alt-reads.js';
import { GoldQueryError, goldRows } from './gold-rows.js';
import { goldTies } from './gold-ties.js';
import { expectationProblem } from './pair-expectation.js';
import type { LocatedPair, PairProblem } from './read-pairs.js';
import { type RoleScope, roleOutcome } from './role-outcome.js';
import { sameSql } from './same-sql.js';
import type { SchemaLike } from './schema-like.js';
import { sqlcheck } from './sql-parser.js';

/** A datasource a pair may name: what is run and introspected, and its SQL dialect. */
export type ImportDatasource = Pick<Datasource, 'execute' | 'introspect' | 'engine'>;

export interface ImportOptions {
  /** Datasource id -> the database. */
  readonly datasources: Readonly<Record<string, ImportDatasource>>;
  /** The id of a pair that names none (default: the only datasource, when there is one). */
  readonly defaultDatasource?: string;
  /** Role -> what it may read. Every role gets an outcome on every imported case. */
  readonly policy: { readonly roles: Readonly<Record<string, RoleScope>> };
  /** Per-statement timeout in milliseconds (default: the datasource's). */
  readonly timeoutMs?: number;
}

export interface ImportResult {
  /** The suite with the new cases appended (the input is not changed). */
  readonly suite: EvalSuite;
  /** The cases added, in the pairs' order. */
  readonly added: EvalCase[];
  /** The pairs left out, and why. */
  readonly leftOut: PairProblem[];
}

// Tags import decides: a refusal is read from the outcomes, and an imported pair has SQL.
const DERIVED_TAGS = new Set<string>(['rbac-denial', 'unanswerable'] satisfies CaseTag[]);

function sortedUnique(xs: readonly string[]): string[] {
  return [...new Set(xs)].sort();
}

/**
 * The pair's alternatives that differ from its sql (and from each other), with their rows;
 * or why the pair is left out (an alternative that fails or is too large).
 */
async function importAlternatives(
  pair: LocatedPair['pair'],
  db: ImportDatasource,
  datasourceId: string,
  timeoutMs: number | undefined,
): Promise<{ sql: string[]; rows: Row[][] } | { problem: string }> {
  const sql: string[] = [];
  const rows: Row[][] = [];
  for (const [i, alt] of (pair.alt_sql ?? []).entries()) {
    if ([pair.sql, ...sql].some((known) => sameSql(known, alt))) continue;
    try {
      rows.push(await goldRows(db, alt, timeoutMs));
    } catch (error) {
      if (!(error instanceof GoldQueryError)) throw error;
      return {
        problem:
          error.code === 'QUERY_FAILED'
            ? `alt_sql[${i}] fails on ${datasourceId}: ${error.reason}`
            : `alt_sql[${i}] ${error.reason}; an accepted answer must be smaller`,
      };
    }
    sql.push(alt);
  }
  return { sql, rows };
}

/** Appends a draft case for every pair that makes one; see the file comment for the rules. */
export async function importPairs(
  suite: EvalSuite,
  pairs: readonly LocatedPair[],
  options: ImportOptions,
): Promise<ImportResult> {
  const ids = Object.keys(options.datasources);
  const fallback = options.defaultDatasource ?? (ids.length === 1 ? ids[0] : undefined);
  const roles = Object.keys(options.policy.roles).sort();
  if (roles.length === 0) throw new Error('importPairs: the policy has no role to give outcomes');
  const taken = new Map<string, string>(suite.cases.map((c) => [c.id, 'in the suite']));
  const schemas = new Map<string, Promise<SchemaLike>>();
  const schemaOf = (id: string, db: ImportDatasource) => {
    let schema = schemas.get(id);
    if (!schema) {
      schema = db.introspect({ rowCounts: false });
      schemas.set(id, schema);
    }
    return schema;
  };

  const added: EvalCase[] = [];
  const leftOut: PairProblem[] = [];
  for (const { pair, file, line, expect } of pairs) {
    const leave = (problem: string) =>
      leftOut.push({ file, line, problem, message: `${file}:${line}: ${problem}` });
    const datasourceId = pair.datasource ?? fallback;
    if (datasourceId === undefined) {
      leave(`the pair names no datasource and the project has several (${ids.join(', ')})`);
      continue;
    }
    const db = Object.hasOwn(options.datasources, datasourceId)
      ? options.datasources[datasourceId]
      : undefined;
    if (db === undefined) {
      leave(`datasource ${datasourceId} is not one of the project's (${ids.join(', ')})`);
      continue;
    }
    const id = pair.id ?? pairCaseId(datasourceId, pair.question, pair.sql);
    const holder = taken.get(id);
    if (holder !== undefined) {
      leave(`id ${id} is already used ${holder}; nothing was changed for it`);
      continue;
    }
    let rows: EvalCase['rows'];
    try {
      rows = await goldRows(db, pair.sql, options.timeoutMs);
    } catch (error) {
      if (!(error instanceof GoldQueryError)) throw error;
      leave(
        error.code === 'QUERY_FAILED'
          ? `the SQL fails on ${datasourceId}: ${error.reason}`
          : `the SQL ${error.reason}; a gold answer must be smaller`,
      );
      continue;
    }
    const reads = await (await sqlcheck()).readSet(pair.sql, await schemaOf(datasourceId, db), {
      dialect: db.engine,
    });
    if (reads === undefined) {
      leave('the SQL runs, but the SQL parser cannot read it as one query (tables unknown)');
      continue;
    }
    const alternatives = await importAlternatives(pair, db, datasourceId, options.timeoutMs);
    if ('problem' in alternatives) {
      leave(alternatives.problem);
      continue;
    }
    const outcome: Record<string, Outcome> = {};
    for (const role of roles) {
      const scope = options.policy.roles[role] as RoleScope;
      outcome[role] = roleOutcome(scope, reads);
    }
    const disagreement = expectationProblem(expect, outcome, reads.tables);
    if (disagreement !== undefined) {
      leave(disagreement);
      continue;
    }
    // As regenerate does: where the ORDER BY leaves rows tied, the database says which.
    const tied = pair.order_matters ? await goldTies(db, pair.sql, rows, options.timeoutMs) : null;
    const refused = Object.values(outcome).includes('refused');
    const tags: string[] = [
      ...new Set((pair.tags ?? []).filter((t) => !DERIVED_TAGS.has(t))),
      ...(refused ? (['rbac-denial'] as const) : []),
    ];
    const c: EvalCase = {
      id,
      question: pair.question,
      datasource: datasourceId,
      source: { kind: 'imported', file, line },
      approved: false,
      tags,
      ...(pair.evidence !== undefined ? { evidence: pair.evidence } : {}),
      ...(pair.instructions !== undefined ? { instructions: pair.instructions } : {}),
      ...(pair.as_of_date !== undefined ? { as_of_date: pair.as_of_date } : {}),
      order_matters: pair.order_matters ?? false,
      outcome,
      tables: sortedUnique(reads.tables),
      columns: sortedUnique(reads.columns),
      sql: pair.sql,
      rows: tied?.rows ?? rows,
      ...(tied?.ties ? { order_ties: tied.ties } : {}),
      ...(alternatives.sql.length > 0
        ? { alt_sql: alternatives.sql, alt_rows: alternatives.rows }
        : {}),
      ...(pair.notes !== undefined ? { notes: pair.notes } : {}),
    };
    if (expect?.behavior === 'clarify') {
      const clarify = clarifyDraft(c);
      if ('problem' in clarify) {
        leave(clarify.problem);
        continue;
      }
      taken.set(id, `by the pair at ${file}:${line}`);
      added.push(clarify);
      continue;
    }
    // What each alternative reads, written down where one reads other tables (a view, a
    // lookup table): the roles it counts for follow from it (alt-reads.ts).
    const declared = await declareAltReads(
      c,
      await schemaOf(datasourceId, db),
      db.engine,
      options.policy as AccessPolicy,
    );
    if (isUnread(declared)) {
      leave(
        `alt_sql[${declared.index}] runs, but the SQL parser cannot read it as one query (tables unknown)`,
      );
      continue;
    }
    taken.set(id, `by the pair at ${file}:${line}`);
    added.push(declared);
  }
  return { suite: { ...suite, cases: [...suite.cases, ...added] }, added, leftOut };
}
