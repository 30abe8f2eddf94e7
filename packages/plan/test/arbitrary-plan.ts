// fast-check arbitraries for valid PlanModels over Chinook: joins follow real foreign keys,
// every column exists, aggregate queries select only grouped expressions or aggregates.
// Optional keys are randomly absent or null, so both spellings are exercised.

import fc from 'fast-check';
import type {
  ColumnExpr,
  Condition,
  Expr,
  Join,
  OrderItem,
  PlanModel,
  SelectItem,
} from '../src/index.js';
import { CHINOOK_SCHEMA } from './chinook-schema.js';

type Gen = fc.GeneratorValue;

/** Chinook's foreign keys: [table, column, referenced table, referenced column]. */
const FOREIGN_KEYS: ReadonlyArray<readonly [string, string, string, string]> = [
  ['Album', 'ArtistId', 'Artist', 'ArtistId'],
  ['Track', 'AlbumId', 'Album', 'AlbumId'],
  ['Track', 'GenreId', 'Genre', 'GenreId'],
  ['Track', 'MediaTypeId', 'MediaType', 'MediaTypeId'],
  ['InvoiceLine', 'TrackId', 'Track', 'TrackId'],
  ['InvoiceLine', 'InvoiceId', 'Invoice', 'InvoiceId'],
  ['Invoice', 'CustomerId', 'Customer', 'CustomerId'],
  ['Customer', 'SupportRepId', 'Employee', 'EmployeeId'],
  ['Employee', 'ReportsTo', 'Employee', 'EmployeeId'],
  ['PlaylistTrack', 'TrackId', 'Track', 'TrackId'],
  ['PlaylistTrack', 'PlaylistId', 'Playlist', 'PlaylistId'],
];

const TABLES = CHINOOK_SCHEMA.tables.map((t) => t.name);
const columnsOf = (table: string): string[] =>
  CHINOOK_SCHEMA.tables.find((t) => t.name === table)?.columns.map((c) => c.name) ?? [];

interface Bound {
  alias: string;
  table: string;
}

const pick = <T>(g: Gen, items: readonly T[]): T => g(fc.constantFrom, ...items);
const maybe = <T>(g: Gen, value: () => T): T | null | undefined => {
  const choice = g(fc.integer, { min: 0, max: 2 });
  return choice === 0 ? undefined : choice === 1 ? null : value();
};

/** Text without NUL, which SQL cannot carry. */
const text = (g: Gen, minLength = 0): string =>
  g(fc.string, { unit: 'grapheme', minLength, maxLength: 12 }).replaceAll('\0', '');

const column = (g: Gen, bound: readonly Bound[]): ColumnExpr => {
  const b = pick(g, bound);
  return { kind: 'column', table: b.alias, column: pick(g, columnsOf(b.table)) };
};

const literal = (g: Gen, allowNull: boolean): Expr => {
  const choice = g(fc.integer, { min: 0, max: allowNull ? 4 : 3 });
  if (choice === 0) return { kind: 'literal', value: text(g) };
  if (choice === 1) return { kind: 'literal', value: g(fc.integer, { min: -1000, max: 1000 }) };
  if (choice === 2) {
    return {
      kind: 'literal',
      value: g(fc.double, { noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }),
    };
  }
  if (choice === 3) return { kind: 'literal', value: g(fc.boolean) };
  return { kind: 'literal', value: null };
};

/** A non-aggregate expression. */
export function scalarExpr(g: Gen, bound: readonly Bound[], depth: number): Expr {
  const choice = g(fc.integer, { min: 0, max: depth <= 0 ? 1 : 8 });
  switch (choice) {
    case 0:
      return column(g, bound);
    case 1:
      return literal(g, depth > 0);
    case 2:
      return {
        kind: 'arithmetic',
        op: pick(g, ['+', '-', '*', '/'] as const),
        left: scalarExpr(g, bound, depth - 1),
        right: scalarExpr(g, bound, depth - 1),
      };
    case 3:
      return {
        kind: 'round',
        arg: scalarExpr(g, bound, depth - 1),
        digits: maybe(g, () => g(fc.integer, { min: 0, max: 4 })),
      };
    case 4:
      return {
        kind: 'date_part',
        part: pick(g, [
          'year',
          'quarter',
          'month',
          'day',
          'day_of_week',
          'hour',
          'minute',
          'second',
          'year_month',
          'date',
        ] as const),
        arg: column(g, bound),
      };
    case 5:
      return {
        kind: 'concat',
        parts: Array.from({ length: g(fc.integer, { min: 2, max: 3 }) }, () =>
          scalarExpr(g, bound, depth - 1),
        ),
      };
    case 6:
      return {
        kind: 'case',
        branches: Array.from({ length: g(fc.integer, { min: 1, max: 2 }) }, () => ({
          when: condition(g, depth - 1, () => scalarExpr(g, bound, depth - 1)),
          result: scalarExpr(g, bound, depth - 1),
        })),
        else: maybe(g, () => scalarExpr(g, bound, depth - 1)),
      };
    case 7:
      return {
        kind: 'cast',
        arg: scalarExpr(g, bound, depth - 1),
        to: pick(g, ['integer', 'real', 'text'] as const),
      };
    default:
      return column(g, bound);
  }
}

/** A GROUP BY / ORDER BY key: any scalar expression but a bare constant. */
function keyExpr(g: Gen, bound: readonly Bound[], depth: number): Expr {
  const expr = scalarExpr(g, bound, depth);
  return expr.kind === 'literal' ? column(g, bound) : expr;
}

/** A condition whose operands come from `operand` (never a NULL literal on a comparison). */
export function condition(g: Gen, depth: number, operand: () => Expr): Condition {
  const nonNull = (): Expr => {
    const e = operand();
    return e.kind === 'literal' && e.value === null ? { kind: 'literal', value: 0 } : e;
  };
  const negated = () => maybe(g, () => g(fc.boolean));
  const choice = g(fc.integer, { min: 0, max: depth <= 0 ? 4 : 7 });
  switch (choice) {
    case 0:
      return {
        kind: 'compare',
        op: pick(g, ['=', '<>', '<', '<=', '>', '>='] as const),
        left: nonNull(),
        right: nonNull(),
      };
    case 1:
      return {
        kind: 'in',
        expr: operand(),
        values: g(
          fc.array,
          fc.oneof(
            fc.integer({ min: -50, max: 50 }),
            fc.string().map((s) => s.replaceAll('\0', '')),
          ),
          { minLength: 1, maxLength: 4 },
        ),
        negated: negated(),
      };
    case 2:
      return {
        kind: 'between',
        expr: operand(),
        low: operand(),
        high: operand(),
        negated: negated(),
      };
    case 3:
      return { kind: 'like', expr: operand(), pattern: text(g), negated: negated() };
    case 4:
      return { kind: 'is_null', expr: operand(), negated: negated() };
    case 5:
    case 6:
      return {
        kind: choice === 5 ? 'and' : 'or',
        conditions: Array.from({ length: g(fc.integer, { min: 1, max: 3 }) }, () =>
          condition(g, depth - 1, operand),
        ),
      };
    default:
      return { kind: 'not', condition: condition(g, depth - 1, operand) };
  }
}

function sources(g: Gen): { from: Bound; joins: Join[]; bound: Bound[] } {
  const from: Bound = { alias: 't0', table: pick(g, TABLES) };
  const bound: Bound[] = [from];
  const joins: Join[] = [];
  const count = g(fc.integer, { min: 0, max: 3 });
  // Child-to-parent joins never multiply rows; a parent-to-child join only comes first,
  // from the FROM table, so plans stay small enough to run (joining a playlist's 3,000
  // tracks back to themselves does not).
  for (let i = 1; i <= count; i++) {
    const edges = FOREIGN_KEYS.flatMap(([t, c, rt, rc]) =>
      bound.flatMap((b) => [
        ...(b.table === t ? [{ other: b, otherColumn: c, table: rt, column: rc }] : []),
        ...(b.table === rt && i === 1 ? [{ other: b, otherColumn: rc, table: t, column: c }] : []),
      ]),
    );
    if (edges.length === 0) break;
    const edge = pick(g, edges);
    const alias = `t${i}`;
    joins.push({
      kind: pick(g, ['inner', 'left'] as const),
      table: edge.table,
      alias,
      on: [
        {
          left: { kind: 'column', table: alias, column: edge.column },
          op: maybe(g, () => '=' as const),
          right: { kind: 'column', table: edge.other.alias, column: edge.otherColumn },
        },
      ],
    });
    bound.push({ alias, table: edge.table });
  }
  return { from, joins, bound };
}

function aliasesFor(g: Gen, count: number): Array<string | null | undefined> {
  const used = new Set<string>();
  return Array.from({ length: count }, (_, i) => {
    const alias = maybe(g, () => text(g, 1) || `c${i}`);
    if (typeof alias !== 'string') return alias;
    const unique = used.has(alias) ? `${alias}_${i}` : alias;
    used.add(unique);
    return unique;
  });
}

function limits(g: Gen): Pick<PlanModel, 'limit' | 'offset'> {
  return {
    limit: maybe(g, () => g(fc.integer, { min: 0, max: 100 })),
    offset: maybe(g, () => g(fc.integer, { min: 0, max: 100 })),
  };
}

function plainPlan(g: Gen): PlanModel {
  const { from, joins, bound } = sources(g);
  const exprs = Array.from({ length: g(fc.integer, { min: 1, max: 4 }) }, () =>
    scalarExpr(g, bound, 2),
  );
  const aliases = aliasesFor(g, exprs.length);
  const select: SelectItem[] = exprs.map((expr, i) => ({ expr, alias: aliases[i] }));
  const distinct = maybe(g, () => g(fc.boolean));
  const named = aliases.filter((a): a is string => typeof a === 'string');
  // Under DISTINCT, PostgreSQL only orders by selected expressions.
  const selectedKeys = exprs.filter((e) => e.kind !== 'literal');
  const order_by = maybe(g, () =>
    Array.from({ length: g(fc.integer, { min: 1, max: 2 }) }, (): OrderItem => {
      const direction = maybe(g, () => pick(g, ['asc', 'desc'] as const));
      const byAlias =
        named.length > 0 && (g(fc.boolean) || (distinct && selectedKeys.length === 0));
      if (byAlias) return { kind: 'alias', alias: pick(g, named), direction };
      if (!distinct) return { kind: 'expr', expr: keyExpr(g, bound, 1), direction };
      return {
        kind: 'expr',
        expr: selectedKeys.length > 0 ? pick(g, selectedKeys) : exprs[0]!,
        direction,
      };
    }).filter((item) => item.kind === 'alias' || item.expr.kind !== 'literal'),
  );
  return {
    select,
    distinct,
    from: { table: from.table, alias: from.alias },
    joins: joins.length > 0 ? joins : maybe(g, () => []),
    where: maybe(g, () => condition(g, 2, () => scalarExpr(g, bound, 1))),
    order_by,
    ...limits(g),
  };
}

function aggregatePlan(g: Gen): PlanModel {
  const { from, joins, bound } = sources(g);
  const groupBy = Array.from({ length: g(fc.integer, { min: 0, max: 2 }) }, () =>
    keyExpr(g, bound, 1),
  );
  const aggregate = (): Expr => {
    const func = pick(g, ['count', 'sum', 'avg', 'min', 'max'] as const);
    if (func === 'count' && g(fc.boolean))
      return {
        kind: 'aggregate',
        func,
        arg: maybe(g, () => null),
        distinct: maybe(g, () => false),
      };
    return {
      kind: 'aggregate',
      func,
      arg: scalarExpr(g, bound, 1),
      distinct: maybe(g, () => g(fc.boolean)),
    };
  };
  // Grouped expressions or aggregates, optionally combined with arithmetic.
  const grouped = (): Expr => {
    if (groupBy.length > 0 && g(fc.boolean)) return pick(g, groupBy);
    const agg = aggregate();
    return g(fc.boolean)
      ? agg
      : {
          kind: 'arithmetic',
          op: pick(g, ['+', '*'] as const),
          left: agg,
          right: literal(g, false),
        };
  };
  const exprs = Array.from({ length: g(fc.integer, { min: 1, max: 4 }) }, grouped);
  const aliases = aliasesFor(g, exprs.length);
  const named = aliases.filter((a): a is string => typeof a === 'string');
  return {
    select: exprs.map((expr, i) => ({ expr, alias: aliases[i] })),
    from: { table: from.table, alias: from.alias },
    joins,
    where: maybe(g, () => condition(g, 1, () => scalarExpr(g, bound, 1))),
    group_by: groupBy.length > 0 ? groupBy : maybe(g, () => []),
    having: groupBy.length > 0 ? maybe(g, () => condition(g, 1, grouped)) : undefined,
    order_by: maybe(g, () =>
      Array.from({ length: g(fc.integer, { min: 1, max: 2 }) }, (): OrderItem => {
        const direction = maybe(g, () => pick(g, ['asc', 'desc'] as const));
        if (named.length > 0 && g(fc.boolean))
          return { kind: 'alias', alias: pick(g, named), direction };
        const expr = grouped();
        return { kind: 'expr', expr: expr.kind === 'literal' ? aggregate() : expr, direction };
      }),
    ),
    ...limits(g),
  };
}

/** Drops keys whose value is undefined, as JSON would. */
function prune<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** A valid PlanModel over Chinook. */
export const validPlan: fc.Arbitrary<PlanModel> = fc
  .gen()
  .map((g) => prune(g(fc.boolean) ? aggregatePlan(g) : plainPlan(g)));
