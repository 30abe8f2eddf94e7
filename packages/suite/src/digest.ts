// Digests that identify a suite and pin its gold data. Both hash LF text, so a Windows
// checkout (CRLF) hashes the same as a Linux one.

import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { EvalCase } from './case.js';

/** SHA-256 (hex) of the suite's bytes with CRLF and CR turned into LF. */
export function suiteDigest(content: string | Uint8Array): string {
  const text = typeof content === 'string' ? content : Buffer.from(content).toString('utf8');
  return createHash('sha256').update(text.replace(/\r\n?/g, '\n'), 'utf8').digest('hex');
}

/** suiteDigest of a file. */
export async function suiteFileDigest(path: string): Promise<string> {
  return suiteDigest(await readFile(path));
}

/** JSON with object keys sorted at every level, so key order never changes a digest. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record)
      .filter((k) => record[k] !== undefined)
      .sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(record[k])}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** Characters of canonical JSON gathered before they are hashed. */
const HASH_CHUNK = 64 * 1024;

/**
 * `suiteDigest(canonicalJson(value))` without the canonical text ever held whole: a large
 * suite's items (an array's elements, an object's values) are written one at a time and
 * hashed as they go. The same digest: canonical JSON holds no carriage return for
 * suiteDigest to normalise (JSON escapes every control character in a string).
 */
export function canonicalDigest(value: unknown): string {
  const hash = createHash('sha256');
  let pending = '';
  const out = (text: string) => {
    pending += text;
    if (pending.length >= HASH_CHUNK) {
      hash.update(pending, 'utf8');
      pending = '';
    }
  };
  const write = (item: unknown, depth: number): void => {
    // Below the top two levels (a suite, its case list) an item is small: written in one go.
    if (depth >= 2 || item === null || typeof item !== 'object') {
      out(canonicalJson(item));
    } else if (Array.isArray(item)) {
      out('[');
      for (let i = 0; i < item.length; i++) {
        if (i > 0) out(',');
        // A hole is written as canonicalJson's join writes it: as nothing.
        if (i in item) write(item[i], depth + 1);
      }
      out(']');
    } else {
      const record = item as Record<string, unknown>;
      const keys = Object.keys(record)
        .filter((k) => record[k] !== undefined)
        .sort();
      out('{');
      keys.forEach((k, i) => {
        out(`${i > 0 ? ',' : ''}${JSON.stringify(k)}:`);
        write(record[k], depth + 1);
      });
      out('}');
    }
  };
  write(value, 0);
  hash.update(pending, 'utf8');
  return hash.digest('hex');
}

/**
 * SHA-256 (hex) over the case's gold data: question, SQL, rows and their tie groups,
 * alternatives (and what they read), per-engine SQL
 * and rows, per-snapshot rows, outcomes, tables, columns and plan. Tags, notes and approval are not gold data and do not count.
 */
export function goldPin(c: EvalCase): string {
  const gold = {
    question: c.question,
    sql: c.sql ?? null,
    rows: c.rows ?? null,
    // How the rows are ordered decides verdicts too; absent (every case before it) it is left out.
    order_ties: c.order_ties,
    alt_sql: c.alt_sql ?? [],
    alt_rows: c.alt_rows ?? [],
    alt_reads: c.alt_reads,
    // canonicalJson leaves out undefined keys: the pins of cases without them are unchanged.
    sql_by_engine: c.sql_by_engine,
    rows_by_engine: c.rows_by_engine,
    // Pinned only when present, so a suite without snapshots keeps its pins.
    rows_by_snapshot: c.rows_by_snapshot,
    outcome: c.outcome,
    // Why a clarify case is ambiguous is what it expects; absent it is left out (pins unchanged).
    clarify_reason: c.clarify_reason,
    tables: c.tables,
    columns: c.columns,
    plan: c.plan ?? null,
  };
  return createHash('sha256').update(canonicalJson(gold), 'utf8').digest('hex');
}
