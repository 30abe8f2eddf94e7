// The counter proof of a recursive CTE: the member reads only the CTE (one row in, at most
// one row out), its WHERE bounds a column by a constant, every step moves that column
// strictly toward the bound, and every anchor starts it at a literal, so the CTE makes at
// most a computable number of rows. That number must be within the row cap: a counter
// that stops after 10^9 rows does not stop in any useful sense. `n + 0`, `n * 1`, a step
// written as a function, a bound of another type than the counter (SQLite orders every
// integer before every text, so `n < '10'` never fails) and a member joined to a table
// (each step multiplies the rows) prove nothing and are refused.
import type { SqlDialect } from './dialect.js';
import type { Json, JsonObject } from './node.js';
import { arrayField, asKind, bodyOf, isObject, kindOf, walkNodes } from './node.js';
import {
  conjuncts,
  cteColumnIndex,
  type KeyOf,
  type Member,
  memberSources,
  outputAt,
  unparen,
} from './recursion-member.js';

/** Set-returning calls: in a select list they make several rows of one. */
const SET_RETURNING = new Set([
  'generate_series',
  'generate_subscripts',
  'unnest',
  'regexp_matches',
  'regexp_split_to_table',
  'string_to_table',
  'json_array_elements',
  'json_array_elements_text',
  'jsonb_array_elements',
  'jsonb_array_elements_text',
  'json_each',
  'json_each_text',
  'jsonb_each',
  'jsonb_each_text',
  'json_object_keys',
  'jsonb_object_keys',
  'json_populate_recordset',
  'jsonb_populate_recordset',
  'json_to_recordset',
  'jsonb_to_recordset',
]);

type Value = { kind: 'int'; n: number } | { kind: 'date'; day: number; month: number };

type Step =
  | { kind: 'add'; k: number }
  | { kind: 'sub'; k: number }
  | { kind: 'mul'; k: number }
  | { kind: 'date'; unit: 'day' | 'month' | 'year'; k: number };

interface Bounds {
  upper?: Value;
  lower?: Value;
  upperStrict?: boolean;
  lowerStrict?: boolean;
}

/** An integer literal (optionally negated) within the range doubles hold exactly. */
function intOf(v: Json | undefined): number | undefined {
  const e = unparen(v);
  const neg = asKind(e, 'neg');
  const lit = asKind(neg ? unparen(neg.this) : e, 'literal');
  if (lit?.literal_type !== 'number' || typeof lit.value !== 'string') return undefined;
  if (!/^\d+$/.test(lit.value)) return undefined;
  const n = Number(lit.value) * (neg ? -1 : 1);
  return Number.isSafeInteger(n) ? n : undefined;
}

/** A 'YYYY-MM-DD' string literal as a day number and a month number. */
function dateOf(v: Json | undefined): Value | undefined {
  const lit = asKind(unparen(v), 'literal');
  if (lit?.literal_type !== 'string' || typeof lit.value !== 'string') return undefined;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(lit.value);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1 || d > 31) return undefined;
  return {
    kind: 'date',
    day: Math.floor(Date.UTC(y, mo - 1, d) / 86_400_000),
    month: y * 12 + mo - 1,
  };
}

function boundValue(v: Json | undefined): Value | undefined {
  const n = intOf(v);
  return n !== undefined ? { kind: 'int', n } : dateOf(v);
}

/** How the member's output in `index` moves the column, when it is a strict step. */
function stepOf(
  select: JsonObject,
  index: number,
  member: Member,
  columns: string[],
  key: KeyOf,
  dialect: SqlDialect,
): Step | undefined {
  const e = outputAt(select, index);
  if (e === undefined || arrayField(select, 'expressions').some((x) => kindOf(x) === 'star')) {
    return undefined;
  }
  const isCol = (x: Json | undefined) => cteColumnIndex(x, member, columns, key) === index;
  const add = asKind(e, 'add');
  if (add) {
    const k = isCol(add.left) ? intOf(add.right) : isCol(add.right) ? intOf(add.left) : undefined;
    return k !== undefined && k > 0 ? { kind: 'add', k } : undefined;
  }
  const sub = asKind(e, 'sub');
  if (sub) {
    const k = isCol(sub.left) ? intOf(sub.right) : undefined;
    return k !== undefined && k > 0 ? { kind: 'sub', k } : undefined;
  }
  const mul = asKind(e, 'mul');
  if (mul) {
    const k = isCol(mul.left) ? intOf(mul.right) : isCol(mul.right) ? intOf(mul.left) : undefined;
    return k !== undefined && k >= 2 ? { kind: 'mul', k } : undefined;
  }
  // SQLite's date(x, '+N days'): a later 'YYYY-MM-DD' string, which orders as text does
  const fn = asKind(e, 'function');
  const args = arrayField(fn, 'args');
  if (dialect === 'sqlite' && fn && /^date$/i.test(String(fn.name)) && args.length === 2) {
    const mod = asKind(unparen(args[1]), 'literal');
    const m =
      isCol(args[0]) && mod?.literal_type === 'string'
        ? /^\+\s*(\d+)\s+(day|month|year)s?$/i.exec(String(mod.value))
        : null;
    const k = m ? Number(m[1]) : 0;
    if (m && k >= 1) return { kind: 'date', unit: (m[2] as string).toLowerCase() as 'day', k };
  }
  return undefined;
}

/** The constant bounds the member's WHERE puts on each CTE column (top-level AND terms). */
function boundsOf(
  select: JsonObject,
  member: Member,
  columns: string[],
  key: KeyOf,
): Map<number, Bounds> {
  const out = new Map<number, Bounds>();
  const put = (index: number, side: 'upper' | 'lower', v: Value | undefined, strict = false) => {
    if (index < 0 || v === undefined) return;
    const b = out.get(index) ?? {};
    b[side] = v;
    b[side === 'upper' ? 'upperStrict' : 'lowerStrict'] = strict;
    out.set(index, b);
  };
  const where = isObject(select.where_clause) ? select.where_clause.this : undefined;
  for (const term of conjuncts(where)) {
    const kind = kindOf(term);
    if (kind === undefined) continue;
    const b = bodyOf(term as JsonObject, kind);
    if (kind === 'between' && b.not !== true) {
      const index = cteColumnIndex(b.this, member, columns, key);
      put(index, 'lower', boundValue(b.low));
      put(index, 'upper', boundValue(b.high));
    } else if (kind === 'lt' || kind === 'lte' || kind === 'gt' || kind === 'gte') {
      const less = kind === 'lt' || kind === 'lte';
      const strict = kind === 'lt' || kind === 'gt';
      const left = cteColumnIndex(b.left, member, columns, key);
      if (left >= 0) put(left, less ? 'upper' : 'lower', boundValue(b.right), strict);
      else {
        const right = cteColumnIndex(b.right, member, columns, key);
        put(right, less ? 'lower' : 'upper', boundValue(b.left), strict);
      }
    }
  }
  return out;
}

/** The bounds as inclusive ones: over integers (and days) `n < 10` is `n <= 9`. */
function inclusive(bounds: Bounds): Bounds {
  const shift = (v: Value | undefined, by: number): Value | undefined =>
    v === undefined
      ? undefined
      : v.kind === 'int'
        ? { kind: 'int', n: v.n + by }
        : { ...v, day: v.day + by };
  return {
    ...(bounds.upper ? { upper: bounds.upperStrict ? shift(bounds.upper, -1) : bounds.upper } : {}),
    ...(bounds.lower ? { lower: bounds.lowerStrict ? shift(bounds.lower, 1) : bounds.lower } : {}),
  };
}

/** Least days one date step moves: a month is at least 28 days, a year at least 365. */
const MIN_DAYS = { day: 1, month: 28, year: 365 } as const;

/**
 * Rows one anchor value makes: itself, and one for each value the guard lets through (each
 * makes the next). Exact for integer steps, an upper bound for months and years.
 */
function rowsFrom(start: Value, step: Step, given: Bounds): number | undefined {
  const bounds = inclusive(given);
  if (step.kind === 'date') {
    const end = bounds.upper;
    if (start.kind !== 'date' || end?.kind !== 'date') return undefined;
    const per = MIN_DAYS[step.unit] * step.k;
    return 1 + (start.day > end.day ? 0 : Math.floor((end.day - start.day) / per) + 1);
  }
  if (start.kind !== 'int') return undefined;
  const s = start.n;
  if (step.kind === 'add' || step.kind === 'mul') {
    const end = bounds.upper;
    if (end?.kind !== 'int') return undefined;
    if (step.kind === 'add') return 1 + (s > end.n ? 0 : Math.floor((end.n - s) / step.k) + 1);
    if (s < 1) return undefined; // 0 stays 0, a negative start moves away from the bound
    let rows = 1;
    for (let v = s; v <= end.n; v *= step.k) rows++;
    return rows;
  }
  const end = bounds.lower;
  if (end?.kind !== 'int') return undefined;
  return 1 + (s < end.n ? 0 : Math.floor((s - end.n) / step.k) + 1);
}

/** The member's select list makes several rows of one (a set-returning call). */
function multipliesRows(select: JsonObject): boolean {
  let found = false;
  walkNodes(arrayField(select, 'expressions'), (kind, b) => {
    const name = kind === 'function' && typeof b.name === 'string' ? b.name.toLowerCase() : kind;
    if (SET_RETURNING.has(name)) found = true;
    return !found && kind !== 'select';
  });
  return found;
}

/**
 * @internal The most rows the CTE can make when `member` (its one recursive branch) is a
 * counter over the anchors, or undefined when that cannot be shown.
 */
export function counterRows(
  member: JsonObject,
  anchors: Json[],
  self: string,
  columns: string[],
  key: KeyOf,
  dialect: SqlDialect,
): number | undefined {
  const sources = memberSources(member, self, key);
  if (sources.items.length !== 1 || sources.selfKeys.size !== 1) return undefined;
  if (arrayField(member, 'lateral_views').length > 0 || multipliesRows(member)) return undefined;
  const starts = anchors.map((a) => asKind(a, 'select'));
  // an anchor with FROM makes as many starting rows as its data has
  if (starts.some((s) => s === undefined || s.from !== null || arrayField(s, 'joins').length > 0)) {
    return undefined;
  }
  let best: number | undefined;
  for (const [index, bounds] of boundsOf(member, sources, columns, key)) {
    const step = stepOf(member, index, sources, columns, key, dialect);
    if (step === undefined) continue;
    let total = 0;
    for (const s of starts) {
      const start = boundValue(outputAt(s as JsonObject, index));
      const rows = start === undefined ? undefined : rowsFrom(start, step, bounds);
      if (rows === undefined) {
        total = Number.NaN;
        break;
      }
      total += rows;
    }
    if (!Number.isNaN(total) && (best === undefined || total < best)) best = total;
  }
  return best;
}
