// The parse of a SQL text shared by the checks that read it in one case run: the safety check
// before it runs, the L1-L3 report, the read set for scope, and the diagnostics' one-query
// parse each parsed the same prediction again, four parses where one does. The parse is
// frozen before it is shared (parse-memo.ts), so no check can change what another reads; a
// check that needs to change a tree copies it. Few texts are kept, and a case run's reader
// drops its texts when it is done (forgetParses), so kept trees do not pile up in old space.
import type { SqlDialect } from './dialect.js';
import type { PolyglotSdk } from './load.js';
import { type Parsed, parseSql } from './parse.js';
import { ParseMemo } from './parse-memo.js';

/** Texts kept: the case runs checked at once, each with its prediction and gold. */
const ENTRIES = 32;

const recent = new ParseMemo<Parsed>(ENTRIES);

/** `parseSql`'s result for `sql`, frozen, parsed once while it stays among the recent texts. */
export function sharedParse(sdk: PolyglotSdk, sql: string, dialect: SqlDialect): Parsed {
  return recent.get(dialect, sql, () => parseSql(sdk, sql, dialect));
}

/** The reader of `text` is done with it. */
export function forgetSharedParse(dialect: SqlDialect, text: string): void {
  recent.forget(dialect, text);
}
