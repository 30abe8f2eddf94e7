// L2: every table and column the query names exists in the role-visible schema, resolved
// per scope (see scope.ts). A query that fails L1 fails L2 too, with the L1 reason.
import type { SchemaLike } from './catalog.js';
import { buildCatalog } from './catalog.js';
import type { SqlDialect } from './dialect.js';
import { toDialect } from './dialect.js';
import { loadSdk } from './load.js';
import type { Json } from './node.js';
import { analyze } from './scope.js';
import { sharedParse } from './shared-parse.js';
import { syntaxOf } from './syntax.js';
import type { Verdict, Violation } from './verdict.js';

/** @internal L2 over a query that passed L1. */
export function schemaOf(query: Json, schema: SchemaLike, dialect: SqlDialect): Verdict {
  let a: ReturnType<typeof analyze>;
  try {
    a = analyze(query, dialect, buildCatalog(schema, dialect));
  } catch (e) {
    const message = `could not be analysed: ${e instanceof Error ? e.message : String(e)}`;
    return { pass: false, violations: [{ rule: 'too-complex', message }] };
  }
  const seen = new Set<string>();
  const violations: Violation[] = [];
  for (const v of a.violations) {
    const k = `${v.rule}\u0000${v.message}`;
    if (seen.has(k)) continue;
    seen.add(k);
    violations.push(v);
  }
  return { pass: violations.length === 0, violations };
}

/** L2: are all tables and columns in `schema`? */
export async function checkSchema(
  sql: string,
  schema: SchemaLike,
  dialect: SqlDialect | string,
): Promise<Verdict> {
  const d = toDialect(dialect);
  const sdk = await loadSdk();
  const l1 = syntaxOf(sharedParse(sdk, sql, d));
  if (l1.query === undefined) {
    return {
      pass: false,
      violations: l1.verdict.violations.map((v) => ({
        rule: v.rule,
        message: `not checked: ${v.message}`,
      })),
    };
  }
  return schemaOf(l1.query, schema, d);
}
