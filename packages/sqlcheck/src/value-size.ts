// L3: functions that build a long value from a short text. `printf('%1000000000c', 'x')`,
// `repeat('x', 1e9)`, `zeroblob(1e9)` or `lpad('', 1e9)` ask the server for a gigabyte in
// one call; a statement timeout cannot stop an allocation that is already under way. Each
// builder's size argument must be a constant, and the value it makes (estimated from
// below, through nesting and concatenation) must fit in `maxValueBytes`. The same limit is
// what the datasource gives SQLite as SQLITE_LIMIT_LENGTH, so the run-time check and this
// one agree.
import type { SqlDialect } from './dialect.js';
import { functionKey } from './function-policy.js';
import type { Json, JsonObject } from './node.js';
import { arrayField, asKind, bodyOf, kindOf } from './node.js';
import type { Violation } from './verdict.js';

/** 4 MiB: the largest value (string or blob) a query may build, by default. */
export const DEFAULT_MAX_VALUE_BYTES = 4 * 1024 * 1024;

const BUILDERS = new Set(['printf', 'format', 'repeat', 'lpad', 'rpad', 'zeroblob', 'randomblob']);
/** Functions whose result is at least as long as their first argument. */
const KEEPS_LENGTH = new Set(['upper', 'lower', 'quote', 'unicode', 'cast', 'coalesce', 'ifnull']);

const utf8 = new TextEncoder();
const bytes = (s: string) => utf8.encode(s).length;

/** Node kinds whose value size L3 measures (L3 collects them in its one walk). */
export const SIZED_KINDS: ReadonlySet<string> = new Set(['function', 'cast', 'concat']);

/**
 * @internal Violations for value builders whose size is not constant or is over the limit.
 * `nodes` are the query's function, cast and concat nodes.
 */
export function valueSizeViolations(
  nodes: Iterable<JsonObject>,
  dialect: SqlDialect,
  maxValueBytes: number,
): Violation[] {
  const out: Violation[] = [];
  const sizer = new Sizer(dialect, maxValueBytes, out);
  for (const node of nodes) {
    const kind = kindOf(node);
    if (kind !== undefined) sizer.size(node, kind, bodyOf(node, kind));
  }
  return out;
}

class Sizer {
  private readonly memo = new Map<JsonObject, number>();
  private readonly reported = new Set<JsonObject>();

  constructor(
    private readonly dialect: SqlDialect,
    private readonly limit: number,
    private readonly out: Violation[],
  ) {}

  /** A lower bound on the byte length of an expression's value (0 when unknown). */
  sizeOf(v: Json | undefined): number {
    const kind = kindOf(v);
    if (kind === undefined) return 0;
    const node = v as JsonObject;
    return this.size(node, kind, bodyOf(node, kind));
  }

  size(node: JsonObject, kind: string, body: JsonObject): number {
    const known = this.memo.get(node);
    if (known !== undefined) return known;
    const n = this.measure(kind, body, node);
    this.memo.set(node, n);
    return n;
  }

  private measure(kind: string, body: JsonObject, node: JsonObject): number {
    switch (kind) {
      case 'literal':
        return typeof body.value === 'string' ? bytes(body.value) : 0;
      case 'paren':
      case 'alias':
        return this.sizeOf(body.this);
      case 'concat': {
        const total = this.sizeOf(body.left) + this.sizeOf(body.right);
        if (
          total > this.limit &&
          this.sizeOf(body.left) <= this.limit &&
          this.sizeOf(body.right) <= this.limit
        ) {
          this.tooLarge(node, '||', total);
        }
        return total;
      }
      case 'cast':
        return this.castSize(body, node);
      case 'function':
        return this.callSize(body, node);
      default:
        return 0;
    }
  }

  private castSize(body: JsonObject, node: JsonObject): number {
    const inner = this.sizeOf(body.this);
    // PostgreSQL pads char(n) / character(n) / bpchar(n) with spaces to n characters;
    // SQLite ignores the length of a type name.
    const to = body.to;
    const type = typeof to === 'object' && to !== null && !Array.isArray(to) ? to : undefined;
    if (this.dialect !== 'postgres' || type?.data_type !== 'char') return inner;
    const n = typeof type.length === 'number' ? type.length : 0;
    if (n > this.limit) this.tooLarge(node, `CAST(... AS char(${n}))`, n);
    return Math.max(inner, n);
  }

  private callSize(body: JsonObject, node: JsonObject): number {
    const raw = typeof body.name === 'string' ? body.name : '';
    const name = functionKey(raw);
    const args = arrayField(body, 'args');
    if (name === 'concat' || name === 'concat_ws') {
      const total = args.reduce<number>((sum, a) => sum + this.sizeOf(a), 0);
      if (total > this.limit && args.every((a) => this.sizeOf(a) <= this.limit)) {
        this.tooLarge(node, raw, total);
      }
      return total;
    }
    if (name === 'hex') return 2 * this.sizeOf(args[0]);
    if (KEEPS_LENGTH.has(name)) return this.sizeOf(args[0]);
    if (!BUILDERS.has(name)) return 0;
    const estimate = this.builderSize(name, raw, args, node);
    if (estimate !== undefined && estimate > this.limit) this.tooLarge(node, raw, estimate);
    return estimate ?? 0;
  }

  /** The builder's size, or undefined when it is not constant (already reported). */
  private builderSize(
    name: string,
    raw: string,
    args: Json[],
    node: JsonObject,
  ): number | undefined {
    const count = (i: number, what: string): number | undefined => {
      const n = constantNumber(args[i]);
      if (n === undefined) {
        this.notConstant(node, `${raw}: the ${what} (argument ${i + 1}) is not a constant`);
        return undefined;
      }
      return Math.max(0, Math.trunc(n));
    };
    switch (name) {
      case 'repeat': {
        const n = count(1, 'repeat count');
        return n === undefined ? undefined : n * Math.max(1, this.sizeOf(args[0]));
      }
      case 'lpad':
      case 'rpad': {
        const n = count(1, 'length');
        return n === undefined ? undefined : n * widestChar(args[2]);
      }
      case 'zeroblob':
      case 'randomblob':
        return count(0, 'size');
      default:
        return this.formatSize(raw, args, node);
    }
  }

  /** printf / format: the literal text plus each directive's width or precision. */
  private formatSize(raw: string, args: Json[], node: JsonObject): number | undefined {
    const fmt = asKind(args[0], 'literal');
    if (fmt?.literal_type !== 'string' || typeof fmt.value !== 'string') {
      this.notConstant(
        node,
        `${raw}: the format is not a string literal, so its widths are unknown`,
      );
      return undefined;
    }
    const directives =
      this.dialect === 'postgres' ? postgresFormat(fmt.value) : sqlitePrintf(fmt.value);
    let total = directives.text;
    let next = 1; // arguments after the format, consumed by * and by conversions
    for (const d of directives.items) {
      let width = 0;
      for (const part of [d.width, d.precision]) {
        if (part === undefined) continue;
        const at = part.kind === 'star' ? next++ : part.kind === 'star-at' ? part.value : -1;
        // %.Ns cuts the value to N: it builds nothing, whatever N is
        if (part === d.precision && d.precisionTruncates) continue;
        const n = part.kind === 'literal' ? part.value : constantNumber(args[at]);
        if (n === undefined) {
          this.notConstant(
            node,
            `${raw}: a * width or precision takes argument ${at + 1}, which is not a constant`,
          );
          return undefined;
        }
        // a negative * width means left-justify: its size is the absolute value
        width = Math.max(width, Math.abs(n));
      }
      if (d.consumes) next = (d.position ?? next) + 1;
      total += width;
    }
    return total;
  }

  private tooLarge(node: JsonObject, what: string, size: number): void {
    if (this.reported.has(node)) return;
    this.reported.add(node);
    this.out.push({
      rule: 'value-too-large',
      message: `${what} builds a value of at least ${size} bytes, over the ${this.limit}-byte limit (maxValueBytes)`,
    });
  }

  private notConstant(node: JsonObject, message: string): void {
    if (this.reported.has(node)) return;
    this.reported.add(node);
    this.out.push({ rule: 'value-size-not-constant', message });
  }
}

/** The value of a constant numeric expression: literals, unary minus, + - * /, parentheses. */
function constantNumber(v: Json | undefined): number | undefined {
  const kind = kindOf(v);
  if (kind === undefined) return undefined;
  const b = bodyOf(v as JsonObject, kind);
  switch (kind) {
    case 'literal': {
      if (b.literal_type !== 'number' || typeof b.value !== 'string') return undefined;
      const n = Number(b.value);
      return Number.isFinite(n) ? n : undefined;
    }
    case 'paren':
      return constantNumber(b.this);
    case 'neg': {
      const n = constantNumber(b.this);
      return n === undefined ? undefined : -n;
    }
    case 'cast':
      return constantNumber(b.this);
    case 'add':
    case 'sub':
    case 'mul':
    case 'div': {
      const l = constantNumber(b.left);
      const r = constantNumber(b.right);
      if (l === undefined || r === undefined) return undefined;
      if (kind === 'add') return l + r;
      if (kind === 'sub') return l - r;
      if (kind === 'mul') return l * r;
      return r === 0 ? undefined : l / r;
    }
    default:
      return undefined;
  }
}

/** Bytes of the widest character of a literal fill string (1 for the default space). */
function widestChar(v: Json | undefined): number {
  const lit = asKind(v, 'literal');
  if (lit?.literal_type !== 'string' || typeof lit.value !== 'string') return 1;
  let widest = 1;
  for (const ch of lit.value) widest = Math.max(widest, bytes(ch));
  return widest;
}

type Count =
  | { kind: 'literal'; value: number }
  | { kind: 'star' }
  /** `*n$` (PostgreSQL): the width is argument n after the format (index n into args). */
  | { kind: 'star-at'; value: number };

interface Directive {
  width?: Count;
  precision?: Count;
  /** %s-like conversions, where precision cuts the value rather than padding it. */
  precisionTruncates: boolean;
  /** Whether the conversion takes an argument (not %%). */
  consumes: boolean;
  /** PostgreSQL `%n$`: the argument this conversion takes (index into the call's args). */
  position?: number;
}

/** SQLite printf: %[flags][width|*][.precision|.*][l|ll]type. */
function sqlitePrintf(fmt: string): { text: number; items: Directive[] } {
  const items: Directive[] = [];
  let text = 0;
  const re = /%([-+ 0#!,]*)(\*|\d+)?(?:\.(\*|\d+))?(l{0,2})([a-zA-Z%])?/g;
  let last = 0;
  for (let m = re.exec(fmt); m !== null; m = re.exec(fmt)) {
    text += bytes(fmt.slice(last, m.index));
    last = m.index + m[0].length;
    const type = m[5] ?? '';
    if (type === '%') {
      text += 1;
      continue;
    }
    items.push({
      ...(m[2] ? { width: countOf(m[2]) } : {}),
      ...(m[3] ? { precision: countOf(m[3]) } : {}),
      precisionTruncates: 'sqQwz'.includes(type) && type !== '',
      consumes: type !== '' && type !== 'n',
    });
  }
  text += bytes(fmt.slice(last));
  return { text, items };
}

/** PostgreSQL format: %[n$][-][width|*|*n$]type, type s, I or L. */
function postgresFormat(fmt: string): { text: number; items: Directive[] } {
  const items: Directive[] = [];
  let text = 0;
  const re = /%(?:(\d+)\$)?(-?)(\*(?:(\d+)\$)?|\d+)?([sIL%])?/g;
  let last = 0;
  for (let m = re.exec(fmt); m !== null; m = re.exec(fmt)) {
    text += bytes(fmt.slice(last, m.index));
    last = m.index + m[0].length;
    if (m[5] === '%') {
      text += 1;
      continue;
    }
    const width: Count | undefined =
      m[3] === undefined
        ? undefined
        : m[4] !== undefined
          ? { kind: 'star-at', value: Number(m[4]) }
          : m[3] === '*'
            ? { kind: 'star' }
            : { kind: 'literal', value: Number(m[3]) };
    items.push({
      ...(width ? { width } : {}),
      precisionTruncates: false,
      consumes: true,
      ...(m[1] !== undefined ? { position: Number(m[1]) } : {}),
    });
  }
  text += bytes(fmt.slice(last));
  return { text, items };
}

function countOf(text: string): Count {
  return text === '*' ? { kind: 'star' } : { kind: 'literal', value: Number(text) };
}
