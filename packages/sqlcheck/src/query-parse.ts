// Diagnostics take SQL that is expected to be one query; this parses it once and says why
// when it is not, so every diagnostic reports the same reason. The result is shared with the
// other diagnostics reading the same text (parse-memo.ts), frozen.
import type { SqlDialect } from './dialect.js';
import type { PolyglotSdk } from './load.js';
import type { Json } from './node.js';
import { ParseMemo } from './parse-memo.js';
import { forgetSharedParse, sharedParse } from './shared-parse.js';
import { syntaxOf } from './syntax.js';

export type OneQuery = { ok: true; query: Json } | { ok: false; reason: string };

const recent = new ParseMemo<OneQuery>(undefined, undefined, (q) => (q.ok ? q.query : undefined));

export function parseOneQuery(sdk: PolyglotSdk, sql: string, dialect: SqlDialect): OneQuery {
  return recent.get(dialect, sql, () => parseOnce(sdk, sql, dialect));
}

function parseOnce(sdk: PolyglotSdk, sql: string, dialect: SqlDialect): OneQuery {
  const l1 = syntaxOf(sharedParse(sdk, sql, dialect));
  if (l1.query !== undefined) return { ok: true, query: l1.query };
  return {
    ok: false,
    reason: l1.verdict.violations.map((v) => `${v.rule}: ${v.message}`).join('; '),
  };
}

/** The reader of these texts is done with them: drop their shared trees. */
export function forgetParses(dialect: SqlDialect, texts: readonly string[]): void {
  for (const text of texts) {
    recent.forget(dialect, text);
    forgetSharedParse(dialect, text);
  }
}

/**
 * A value derived from a parsed tree (its canonical forms, its clause items), computed once
 * while the memo keeps the tree; `key` names the deriver and its settings.
 */
export function derivedFromParse<V>(tree: Json, key: string, compute: () => V): V {
  return recent.derived(tree, key, compute);
}
