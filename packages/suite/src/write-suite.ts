// The deterministic writer: the same suite always gives the same bytes (fixed key order,
// LF, SQL as literal block scalars, one flow row per line), so regenerate twice changes
// nothing and a diff shows only what changed.

import { writeFile } from 'node:fs/promises';
import type { PlanModel } from '@nl2sql/plan';
import { Document, type Node, Pair, parse, Scalar, YAMLMap, YAMLSeq } from 'yaml';
import {
  type AltReads,
  CASE_KEYS,
  type EvalCase,
  type EvalSuite,
  type SnapshotRows,
  SUITE_KEYS,
} from './case.js';

// The plan's keys in SQL reading order (SELECT DISTINCT ... FROM ...), which is how a
// person reads a plan; the definition lists required keys first for structured output.
const PLAN_KEYS = [
  'select',
  'distinct',
  'from',
  'joins',
  'where',
  'group_by',
  'having',
  'order_by',
  'limit',
  'offset',
] satisfies Array<keyof PlanModel>;
// Inside a plan: the node's kind first, then its operands in reading order.
const NODE_KEYS = [
  'kind',
  'func',
  'op',
  'part',
  'to',
  'distinct',
  'table',
  'column',
  'value',
  'expr',
  'arg',
  'digits',
  'left',
  'right',
  'low',
  'high',
  'values',
  'pattern',
  'negated',
  'parts',
  'conditions',
  'condition',
  'branches',
  'when',
  'result',
  'else',
  'alias',
  'on',
  'direction',
];

const MAX_FLOW = 100;
// YAML 1.1 readers (PyYAML) take these plain scalars for booleans, nulls, merge keys,
// timestamps or base-60 numbers; the writer quotes them so every reader sees a string.
const YAML11_SPECIAL =
  /^(?:=|<<|~|y|n|yes|no|on|off|true|false|null|\d{4}-\d\d?-\d\d?(?:[Tt ].*)?|[-+]?\d[\d_]*(?::[0-5]?\d)+(?:\.\d*)?)$/i;

// Characters YAML 1.2 calls non-printable (C1 controls but NEL, DEL, U+FFFE, U+FFFF): a
// strict reader (js-yaml, PyYAML) refuses them in plain and block text but takes them inside
// double quotes, where YAML allows any JSON character. Control characters below U+0020 the
// `yaml` library already escapes.
const NON_PRINTABLE = /[\x7F-\x84\x86-\x9F\uFFFE\uFFFF]/;

function rank(order: readonly string[], key: string): number {
  const i = order.indexOf(key);
  return i === -1 ? order.length : i;
}

function orderedKeys(value: Record<string, unknown>, order: readonly string[]): string[] {
  return Object.keys(value)
    .filter((k) => value[k] !== undefined)
    .sort((a, b) => rank(order, a) - rank(order, b) || (a < b ? -1 : a > b ? 1 : 0));
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function scalar(value: unknown): Scalar {
  if (value === null || typeof value === 'number' || typeof value === 'boolean')
    return new Scalar(value);
  if (typeof value === 'string') {
    const s = new Scalar(value);
    // Plain in YAML 1.2 but read as something else by YAML 1.1 parsers (PyYAML): quote them.
    if (YAML11_SPECIAL.test(value) || NON_PRINTABLE.test(value)) s.type = Scalar.QUOTE_DOUBLE;
    // A block scalar for text with a line break at its end or a space or break at its start
    // needs a keep (`|+`) or indentation (`|2`) header, which the two suite readers read
    // differently (fast-yaml-reader.ts declines them): write such text double-quoted.
    else if (value.includes('\n') && /^[ \n]|\n$/.test(value)) s.type = Scalar.QUOTE_DOUBLE;
    return s;
  }
  throw new TypeError(`cannot write a ${typeof value} into a suite`);
}

function isLeaf(v: unknown): boolean {
  if (Array.isArray(v)) return v.every((x) => !isPlainObject(x) && !Array.isArray(x));
  if (isPlainObject(v))
    return Object.values(v).every((x) => !isPlainObject(x) && !Array.isArray(x));
  return true;
}

/** Plans and header data: block style, except that small all-scalar nodes sit on one line. */
function tree(value: unknown, order: readonly string[]): Node {
  if (Array.isArray(value)) {
    const seq = new YAMLSeq();
    for (const item of value) seq.items.push(tree(item, NODE_KEYS));
    seq.flow = value.length === 0 || (isLeaf(value) && JSON.stringify(value).length <= MAX_FLOW);
    return seq;
  }
  if (isPlainObject(value)) {
    const map = new YAMLMap();
    for (const key of orderedKeys(value, order))
      map.items.push(new Pair(new Scalar(key), tree(value[key], NODE_KEYS)));
    map.flow = isLeaf(value) && JSON.stringify(value).length <= MAX_FLOW;
    return map;
  }
  return scalar(value);
}

function flowSeq(values: readonly unknown[]): YAMLSeq {
  const seq = new YAMLSeq();
  for (const v of values) {
    const s = scalar(v);
    // Text with a line break inside a flow sequence would be folded over several lines,
    // which the fast suite reader declines: keep the cell on its line, double-quoted.
    if (typeof v === 'string' && /[\n\r]/.test(v)) s.type = Scalar.QUOTE_DOUBLE;
    seq.items.push(s);
  }
  seq.flow = true;
  return seq;
}

function blockSeq(items: readonly Node[]): YAMLSeq {
  const seq = new YAMLSeq();
  seq.items.push(...items);
  seq.flow = items.length === 0;
  return seq;
}

/** True when `text` written as a literal block (as a map value) reads back unchanged. */
function blockHolds(text: string): boolean {
  if (NON_PRINTABLE.test(text)) return false;
  const probe = new Scalar(text);
  probe.type = Scalar.BLOCK_LITERAL;
  const map = new YAMLMap();
  map.items.push(new Pair(new Scalar('sql'), probe));
  const doc = new Document();
  doc.contents = map;
  const written = doc.toString({
    lineWidth: 0,
    doubleQuotedMinMultiLineLength: Number.POSITIVE_INFINITY,
  });
  // A keep (`|+`) or indentation (`|2`) header is read differently by the two suite readers
  // (fast-yaml-reader.ts declines it): such text is written double-quoted instead.
  if (/[+1-9]/.test(/^sql: ([|>]\S*)/.exec(written)?.[1] ?? '')) return false;
  try {
    return (parse(written) as { sql?: unknown }).sql === text;
  } catch {
    return false;
  }
}

/** SQL as a literal block, unless the text is one a block cannot hold exactly. */
function sqlScalar(sql: string): Scalar {
  const s = new Scalar(sql);
  s.type = blockHolds(sql) ? Scalar.BLOCK_LITERAL : Scalar.QUOTE_DOUBLE;
  return s;
}

function rowsNode(rows: ReadonlyArray<readonly unknown[]>): YAMLSeq {
  return blockSeq(rows.map((r) => flowSeq(r)));
}

/** One alternative's reads, laid out as a case's own `tables` and `columns` are. */
function readsNode(reads: AltReads): YAMLMap {
  const map = new YAMLMap();
  map.items.push(new Pair(new Scalar('tables'), flowSeq(reads.tables)));
  map.items.push(new Pair(new Scalar('columns'), blockSeq(reads.columns.map(scalar))));
  return map;
}

function tiesNode(ties: NonNullable<EvalCase['order_ties']>): YAMLMap {
  const out = new YAMLMap();
  out.items.push(new Pair(new Scalar('groups'), flowSeq(ties.groups)));
  if (ties.boundary_rows !== undefined)
    out.items.push(new Pair(new Scalar('boundary_rows'), rowsNode(ties.boundary_rows)));
  return out;
}

/** One snapshot's gold: rows, their ties, each alternative's rows, as the case lays them out. */
function snapshotNode(s: SnapshotRows): YAMLMap {
  const out = new YAMLMap();
  out.items.push(new Pair(new Scalar('rows'), rowsNode(s.rows)));
  if (s.order_ties !== undefined)
    out.items.push(new Pair(new Scalar('order_ties'), tiesNode(s.order_ties)));
  if (s.alt_rows !== undefined)
    out.items.push(new Pair(new Scalar('alt_rows'), blockSeq(s.alt_rows.map(rowsNode))));
  return out;
}

function caseNode(c: EvalCase): YAMLMap {
  const map = new YAMLMap();
  const record = c as unknown as Record<string, unknown>;
  for (const key of orderedKeys(record, CASE_KEYS)) {
    const v = record[key];
    let node: Node;
    switch (key) {
      case 'sql':
        node = sqlScalar(String(v));
        break;
      case 'alt_sql':
        node = blockSeq((v as string[]).map(sqlScalar));
        break;
      case 'rows':
        node = rowsNode(v as unknown[][]);
        break;
      case 'alt_rows':
        node = blockSeq((v as unknown[][][]).map(rowsNode));
        break;
      case 'order_ties':
        node = tiesNode(v as NonNullable<EvalCase['order_ties']>);
        break;
      case 'alt_reads':
        node = blockSeq((v as AltReads[]).map(readsNode));
        break;
      case 'rows_by_snapshot': {
        const out = new YAMLMap();
        const byName = v as Record<string, SnapshotRows>;
        for (const name of Object.keys(byName).sort())
          out.items.push(new Pair(scalar(name), snapshotNode(byName[name] as SnapshotRows)));
        node = out;
        break;
      }
      case 'tags':
      case 'tables':
        node = flowSeq(v as unknown[]);
        break;
      case 'columns':
        node = blockSeq((v as string[]).map(scalar));
        break;
      case 'outcome': {
        const outcome = new YAMLMap();
        for (const role of Object.keys(v as object).sort())
          outcome.items.push(
            new Pair(new Scalar(role), scalar((v as Record<string, unknown>)[role])),
          );
        node = outcome;
        break;
      }
      case 'plan':
        node = tree(v, PLAN_KEYS);
        break;
      default:
        node = tree(v, NODE_KEYS);
    }
    map.items.push(new Pair(new Scalar(key), node));
  }
  return map;
}

/** The suite as YAML text: deterministic, LF line endings, ending in one newline. */
export function formatSuite(suite: EvalSuite): string {
  const doc = new Document();
  const root = new YAMLMap();
  const record = suite as unknown as Record<string, unknown>;
  for (const key of orderedKeys(record, SUITE_KEYS)) {
    const v = record[key];
    let node: Node;
    if (key === 'cases') {
      // A blank line between cases keeps the file readable and diffs local.
      const cases = suite.cases.map(caseNode);
      cases.forEach((c, i) => {
        c.spaceBefore = i > 0;
      });
      node = blockSeq(cases);
    } else if (key === 'plan_notes') {
      const notes = (v as object[]).map((n) => tree(n, ['case', 'note']));
      for (const n of notes) if (n instanceof YAMLMap) n.flow = false;
      node = blockSeq(notes);
    } else {
      node = tree(v, NODE_KEYS);
    }
    root.items.push(new Pair(new Scalar(key), node));
  }
  doc.contents = root;
  return doc
    .toString({
      lineWidth: 0,
      indentSeq: true,
      doubleQuotedMinMultiLineLength: Number.POSITIVE_INFINITY,
    })
    .replace(/\r\n?/g, '\n');
}

/** Writes the suite to `path` with formatSuite. */
export async function writeSuite(path: string, suite: EvalSuite): Promise<void> {
  await writeFile(path, formatSuite(suite), 'utf8');
}
