// L3: a static safety filter for generated SQL. It fails closed: anything it cannot prove
// is a bounded, read-only query over allowed tables with vetted functions is a violation.
// It is defence in depth, not the boundary: the database role, grants and timeouts are.

import { ALLOWED_KINDS } from './allowed-kinds.js';
import { BLOCKED_KINDS, isDdlKind } from './blocked-kinds.js';
import { canonicalTableName } from './catalog.js';
import type { SqlDialect } from './dialect.js';
import { catalogKey, defaultSchema, toDialect } from './dialect.js';
import { dialectNodeViolation, dialectWordViolations } from './dialect-constructs.js';
import { deniedFunctions, functionKey, vettedFunctions } from './function-policy.js';
import { loadSdk } from './load.js';
import type { Json, JsonObject } from './node.js';
import {
  arrayField,
  asKind,
  bodyOf,
  isObject,
  isQueryNode,
  kindOf,
  toIdent,
  walkNodes,
} from './node.js';
import { atMostOneRow } from './one-row.js';
import type { Parsed } from './parse.js';
import { recursionViolations } from './recursion-bound.js';
import { analyze } from './scope.js';
import { sharedParse } from './shared-parse.js';
import { sqlSizeViolation } from './sql-size.js';
import { boundaryViolations } from './statement-boundaries.js';
import { DEFAULT_MAX_VALUE_BYTES, SIZED_KINDS, valueSizeViolations } from './value-size.js';
import type { Verdict, Violation } from './verdict.js';

export interface SafetyOptions {
  dialect: SqlDialect | string;
  /** Largest LIMIT allowed; the outermost query must have `LIMIT n` with 1 <= n <= maxLimit. Default 1000. */
  maxLimit?: number;
  /**
   * Whether the outermost query must carry a LIMIT (default true). False leaves the bound to
   * the database's row cap; a LIMIT that is written must still be a literal in 1..maxLimit.
   * Either way a query that returns at most one row by its shape (an aggregate without
   * GROUP BY) needs none. See decisions/sqlcheck-check-policy.md.
   */
  requireLimit?: boolean;
  /** Longer SQL (UTF-8 bytes) fails with `sql-too-large`, unparsed. Default DEFAULT_MAX_SQL_BYTES (64 KiB). */
  maxSqlBytes?: number;
  /** Physical tables the role may read ("Album", "hr.orders"); omit to allow every table. */
  allowedTables?: Iterable<string>;
  /** Extra function names (beyond the vetted built-ins) the caller has vetted. */
  allowedFunctions?: Iterable<string>;
  /**
   * Largest value (bytes) a length-building call (printf/format widths, repeat, lpad,
   * rpad, zeroblob, randomblob, PostgreSQL char(n)) may make. Default 4 MiB
   * (DEFAULT_MAX_VALUE_BYTES), the same limit the datasource gives SQLite.
   */
  maxValueBytes?: number;
}

export const DEFAULT_MAX_LIMIT = 1000;

/** @internal L3 over parsed statements; `sql` is the raw text the server would receive. */
export function safetyOf(sql: string, parsed: Parsed, options: SafetyOptions): Verdict {
  const dialect = toDialect(options.dialect);
  const maxLimit = options.maxLimit ?? DEFAULT_MAX_LIMIT;
  const violations: Violation[] = [];
  const seen = new Set<string>();
  const add = (rule: string, message: string) => {
    const k = `${rule}\u0000${message}`;
    if (seen.has(k)) return;
    seen.add(k);
    violations.push({ rule, message });
  };

  // Named before the parse: the parser cannot read most of these, and would only say so.
  for (const v of dialectWordViolations(sql, dialect)) add(v.rule, v.message);
  if (!parsed.ok) {
    add('unparseable', `cannot be checked, it does not parse: ${parsed.message}`);
    return { pass: false, violations };
  }
  const stmts = parsed.statements;
  if (stmts.length === 0) {
    add('empty', 'no SQL statement found');
    return { pass: false, violations };
  }
  if (stmts.length > 1) add('multiple-statements', `expected 1 statement, got ${stmts.length}`);
  // The parser is not the server: count statements the way the server's tokenizer does.
  for (const v of boundaryViolations(sql, dialect, stmts.length)) add(v.rule, v.message);
  for (const s of stmts) {
    if (!isQueryNode(s))
      add('not-a-query', `top-level ${kindOf(s) ?? 'statement'} is not a read query`);
  }

  try {
    checkQuery(stmts, dialect, maxLimit, options, add);
  } catch (e) {
    // A tree too deep for the walkers is not proven safe.
    add('too-complex', `could not be analysed: ${e instanceof Error ? e.message : String(e)}`);
  }
  return { pass: violations.length === 0, violations };
}

function checkQuery(
  stmts: Json[],
  dialect: SqlDialect,
  maxLimit: number,
  options: SafetyOptions,
  add: (rule: string, message: string) => void,
): void {
  const allowedFns = new Set([
    ...vettedFunctions(dialect),
    ...[...(options.allowedFunctions ?? [])].map(functionKey),
  ]);
  const found: Found = { withOwners: [], sized: [] };
  for (const s of stmts) checkNodes(s, dialect, allowedFns, add, found);
  if (stmts.length !== 1 || !isQueryNode(stmts[0])) return;

  const query = stmts[0]!;
  const analysis = analyze(query, dialect);
  for (const f of analysis.tableFunctions) {
    add('table-function', `table function not allowed in FROM: ${f.name}`);
  }
  checkLimit(query, maxLimit, options.requireLimit ?? true, add);
  for (const v of recursionViolations(found.withOwners, dialect, maxLimit)) {
    add(v.rule, v.message);
  }
  const maxValueBytes = options.maxValueBytes ?? DEFAULT_MAX_VALUE_BYTES;
  for (const v of valueSizeViolations(found.sized, dialect, maxValueBytes)) add(v.rule, v.message);

  if (options.allowedTables !== undefined) {
    const allowed = new Set([...options.allowedTables].map((t) => allowedKey(t, dialect)));
    // Fail closed: every table node that scope resolution did not prove to be a CTE
    // reference counts as a physical table, wherever it sits in the tree.
    walkNodes(query, (kind, body, node) => {
      if (kind !== 'table' || analysis.cteRefs.has(node)) return true;
      const name = toIdent(body.name);
      if (!name) return true;
      const schema = toIdent(body.schema);
      const catalog = toIdent(body.catalog);
      const canon = canonicalTableName(
        { name, ...(schema ? { schema } : {}), ...(catalog ? { catalog } : {}) },
        dialect,
      );
      if (!allowed.has(canon)) add('table-not-allowed', `table not allowed: ${canon}`);
      return true;
    });
  }
}

function allowedKey(entry: string, dialect: SqlDialect): string {
  const parts = entry.split('.').map((p) => catalogKey(dialect, p.replace(/^"(.*)"$/, '$1')));
  if (parts.length === 2 && parts[0] === catalogKey(dialect, defaultSchema(dialect))) parts.shift();
  return parts.join('.');
}

/** Nodes the later checks need, collected in the one walk over the tree. */
interface Found {
  /** Bodies that carry a WITH clause (for the recursion check). */
  withOwners: JsonObject[];
  /** Function, cast and concat nodes (for the value-size check). */
  sized: JsonObject[];
}

function checkNodes(
  stmt: Json,
  dialect: SqlDialect,
  allowedFns: ReadonlySet<string>,
  add: (rule: string, message: string) => void,
  found: Found,
): void {
  walkNodes(stmt, (kind, body, node) => {
    if (isObject(body.with)) found.withOwners.push(body);
    if (SIZED_KINDS.has(kind)) found.sized.push(node);
    const refused = dialectNodeViolation(kind, body, dialect);
    if (refused) add(refused.rule, refused.message);
    const blocked = BLOCKED_KINDS.get(kind);
    if (blocked !== undefined) {
      add(blocked, `${kind.replace(/_/g, ' ')} is not allowed in a read query`);
    } else if (isDdlKind(kind)) {
      add('ddl', `${kind.replace(/_/g, ' ')} is not allowed in a read query`);
    } else if (kind === 'function' || kind === 'method_call') {
      const raw =
        kind === 'function'
          ? typeof body.name === 'string'
            ? body.name
            : ''
          : `${toIdent(asKind(body.this, 'column')?.name)?.name ?? '?'}.${toIdent(body.method)?.name ?? '?'}`;
      const name = functionKey(raw);
      if (deniedFunctions(dialect).has(name)) {
        add(
          'dangerous-function',
          `function ${raw} has side effects or reads files/sessions; never allowed`,
        );
      } else if (kind === 'method_call' && !allowedFns.has(raw.toLowerCase())) {
        add('function-not-allowed', `schema-qualified function not allowed: ${raw}`);
      } else if (kind === 'function' && !allowedFns.has(name)) {
        add('function-not-allowed', `function not allowed (not vetted): ${raw}`);
      }
    } else if (!ALLOWED_KINDS.has(kind)) {
      add('node-not-allowed', `${kind} is not on the read-query allow-list (${dialect})`);
    }
    if (kind === 'select') {
      if (body.into !== null && body.into !== undefined) {
        add('select-into', 'SELECT ... INTO creates a table');
      }
      if (arrayField(body, 'locks').length > 0) {
        add('row-lock', 'SELECT ... FOR UPDATE/SHARE takes row locks');
      }
    }
    return true;
  });
}

function checkLimit(
  query: Json,
  maxLimit: number,
  requireLimit: boolean,
  add: (rule: string, message: string) => void,
): void {
  // The outermost LIMIT counts: `(SELECT ...) LIMIT 5` puts it on the parenthesised query.
  let node: Json | undefined = query;
  let body: JsonObject = {};
  for (;;) {
    const kind = kindOf(node);
    body = kind ? bodyOf(node as JsonObject, kind) : {};
    const bounded = (body.limit ?? null) !== null || (body.fetch ?? null) !== null;
    if (bounded || (kind !== 'subquery' && kind !== 'paren')) break;
    node = body.this;
  }
  const range = `an integer literal between 1 and ${maxLimit}`;
  if (body.fetch !== null && body.fetch !== undefined) {
    add('fetch-not-allowed', `FETCH FIRST ... ROWS is not accepted; use LIMIT with ${range}`);
  }
  const rawLimit = body.limit;
  const limitExpr =
    kindOf(rawLimit) !== undefined ? rawLimit : isObject(rawLimit) ? rawLimit.this : undefined;
  if (limitExpr === undefined || limitExpr === null) {
    const unbounded = body.fetch === null || body.fetch === undefined;
    // no LIMIT needed: the policy leaves the bound to the row cap, or one row is all there is
    if (unbounded && requireLimit && !atMostOneRow(query)) {
      add(
        'limit-missing',
        `the outermost query needs LIMIT with ${range} (a project that leaves the bound to the database's row cap sets checks.require_limit: false)`,
      );
    }
    return;
  }
  const lit = asKind(limitExpr, 'literal');
  const text =
    lit && lit.literal_type === 'number' && typeof lit.value === 'string' ? lit.value : undefined;
  if (text === undefined || !/^\d+$/.test(text)) {
    add(
      'limit-not-literal',
      `LIMIT must be ${range} (LIMIT ALL, -1, 1e9, expressions and parameters are not)`,
    );
    return;
  }
  const n = Number(text);
  if (n < 1 || n > maxLimit) add('limit-out-of-range', `LIMIT ${text} is outside 1..${maxLimit}`);
}

/** L3: is `sql` a bounded, read-only query over allowed tables and vetted functions? */
export async function checkSafety(sql: string, options: SafetyOptions): Promise<Verdict> {
  const dialect = toDialect(options.dialect);
  const tooLarge = sqlSizeViolation(sql, options.maxSqlBytes);
  if (tooLarge) return { pass: false, violations: [tooLarge] };
  const sdk = await loadSdk();
  return safetyOf(sql, sharedParse(sdk, sql, dialect), { ...options, dialect });
}
