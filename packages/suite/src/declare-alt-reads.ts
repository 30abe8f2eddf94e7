// Writing down what a case's alternatives read, where a person adds alternatives without
// typing it (import of pairs, approval of a review-queue proposal). A case whose alternatives
// all count wherever its gold does (no other table; no column an allowed role may not read)
// is left as it is (no `alt_reads`: the default, which keeps Chinook's suite byte for byte);
// as soon as one does not, every alternative gets its entry, each read from its SQL by the
// parser lint checks it with.

import type { AccessPolicy } from '@nl2sql/access-policy';
import { rolesDenied } from './alt-reads.js';
import type { AltReads, EvalCase } from './case.js';
import type { SchemaLike } from './schema-like.js';
import { sqlcheck } from './sql-parser.js';

/** An alternative the parser cannot read: what it reads cannot be written down. */
export interface UnreadAlternative {
  readonly index: number;
}

function sortedUnique(xs: readonly string[]): string[] {
  return [...new Set(xs)].sort();
}

function within(xs: readonly string[], of: readonly string[]): boolean {
  const known = new Set(of.map((x) => x.toLowerCase()));
  return xs.every((x) => known.has(x.toLowerCase()));
}

/**
 * `c` with `alt_reads` for its alternatives when one of them reads a table outside the case's
 * tables, or (under `policy`) a column some role allowed on the case may not read; `c` itself
 * (without `alt_reads`) when none does. Returns the index of an alternative the parser cannot
 * read instead (its reads are unknown, so nothing is decided).
 */
export async function declareAltReads(
  c: EvalCase,
  schema: SchemaLike,
  dialect: string,
  policy?: AccessPolicy,
): Promise<EvalCase | UnreadAlternative> {
  const alts = c.alt_sql ?? [];
  const reads: AltReads[] = [];
  for (const [index, alt] of alts.entries()) {
    const found = await (await sqlcheck()).readSet(alt, schema, { dialect });
    if (found === undefined) return { index };
    reads.push({ tables: sortedUnique(found.tables), columns: sortedUnique(found.columns) });
  }
  const { alt_reads: _, ...rest } = c;
  const own = reads.some(
    (r) => !within(r.tables, c.tables) || rolesDenied(c, r, policy).length > 0,
  );
  return own ? { ...rest, alt_reads: reads } : rest;
}

/** True when declareAltReads could not read an alternative. */
export function isUnread(x: EvalCase | UnreadAlternative): x is UnreadAlternative {
  return !('id' in x);
}
