// PlanModel: the typed query plan a planner (an LLM with structured output) emits and the
// SQL generator compiles. Defined once, with TypeBox: the TypeScript types below, the
// published JSON Schema (PLAN_JSON_SCHEMA, `plan-model.schema.json`) and the strict
// structured-output schema all come from this one definition. Optional fields also accept
// null because strict structured output (every key required) writes null where a
// hand-written plan simply leaves the key out. What JSON Schema cannot say (names exist,
// aggregates are grouped) validatePlan's semantic pass checks.

import {
  defineFormat,
  type JsonSchema,
  Nullable,
  type Static,
  StringEnum,
  structuredOutputSchema,
  type TImport,
  type TModule,
  Type,
} from '@nl2sql/format';

/** The name to register the structured output under (the fake LLM servers key answers on it). */
export const PLAN_SCHEMA_NAME = 'plan_model';

const COMPARISON_OPS = ['=', '<>', '<', '<=', '>', '>='] as const;
const DATE_PARTS = [
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
] as const;

const Kind = <const K extends string>(kind: K) => StringEnum([kind]);
/** A name: a table, column or alias, never empty. */
const Name = (description: string) => Type.String({ minLength: 1, description });
/** An optional name (an alias); null when a strict-mode model has none to give. */
const MaybeName = (description: string) =>
  Type.Optional(Nullable(Type.String({ minLength: 1 }), { description }));
/** An optional key; null is always accepted, so strict-mode output validates everywhere. */
const Maybe = Type.Optional;
const Negated = Maybe(Nullable(Type.Boolean(), { description: 'true for the NOT form.' }));
const Direction = Maybe(
  Nullable(StringEnum(['asc', 'desc']), { description: 'Sort direction; ascending when absent.' }),
);
const closed = (description: string) => ({ description, additionalProperties: false });

/** The plan's definitions; references between them are by name. */
const PlanDefinitions = Type.Module({
  PlanModel: Type.Object(
    {
      select: Type.Array(Type.Ref('SelectItem'), { minItems: 1 }),
      from: Type.Ref('FromTable'),
      distinct: Maybe(Nullable(Type.Boolean(), { description: 'SELECT DISTINCT.' })),
      joins: Maybe(Nullable(Type.Array(Type.Ref('Join')))),
      where: Maybe(Nullable(Type.Ref('Condition'))),
      group_by: Maybe(Nullable(Type.Array(Type.Ref('Expr')))),
      having: Maybe(Nullable(Type.Ref('Condition'))),
      order_by: Maybe(Nullable(Type.Array(Type.Ref('OrderItem')))),
      limit: Maybe(Nullable(Type.Integer(), { description: 'At most this many rows (>= 0).' })),
      offset: Maybe(Nullable(Type.Integer(), { description: 'Skip this many rows (>= 0).' })),
    },
    closed(
      'A single SELECT: no subqueries, no window functions. Anti-joins are LEFT JOIN + IS NULL.',
    ),
  ),
  Expr: Type.Union(
    [
      Type.Ref('ColumnExpr'),
      Type.Ref('LiteralExpr'),
      Type.Ref('AggregateExpr'),
      Type.Ref('ArithmeticExpr'),
      Type.Ref('RoundExpr'),
      Type.Ref('DatePartExpr'),
      Type.Ref('ConcatExpr'),
      Type.Ref('CaseExpr'),
      Type.Ref('CastExpr'),
    ],
    {
      description:
        'A value: column, literal, aggregate, arithmetic, round, date part, concat, case or cast.',
    },
  ),
  ColumnExpr: Type.Object(
    {
      kind: Kind('column'),
      table: Name('Alias of a table in from/joins, or its name when it has no alias.'),
      column: Name('Column name exactly as in the schema.'),
    },
    closed('A column, qualified by its table alias (or table name when unaliased).'),
  ),
  LiteralExpr: Type.Object(
    {
      kind: Kind('literal'),
      value: Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()]),
    },
    closed('A constant; dates are ISO strings such as 2010-01-01.'),
  ),
  AggregateExpr: Type.Object(
    {
      kind: Kind('aggregate'),
      func: StringEnum(['count', 'sum', 'avg', 'min', 'max']),
      arg: Maybe(
        Nullable(Type.Ref('Expr'), { description: 'Argument; absent only for COUNT(*).' }),
      ),
      distinct: Maybe(Nullable(Type.Boolean(), { description: 'Aggregate over distinct values.' })),
    },
    closed('COUNT/SUM/AVG/MIN/MAX; count with no arg is COUNT(*).'),
  ),
  ArithmeticExpr: Type.Object(
    {
      kind: Kind('arithmetic'),
      op: StringEnum(['+', '-', '*', '/']),
      left: Type.Ref('Expr'),
      right: Type.Ref('Expr'),
    },
    closed('left op right.'),
  ),
  RoundExpr: Type.Object(
    {
      kind: Kind('round'),
      arg: Type.Ref('Expr'),
      digits: Maybe(Nullable(Type.Integer(), { description: 'Decimal places; 0 when absent.' })),
    },
    closed('ROUND(arg, digits).'),
  ),
  DatePartExpr: Type.Object(
    {
      kind: Kind('date_part'),
      part: StringEnum(DATE_PARTS, {
        description:
          'Integer parts (day_of_week: 0 = Sunday); year_month (YYYY-MM) and date (YYYY-MM-DD) are text.',
      }),
      arg: Type.Ref('Expr'),
    },
    closed('A part of a date/time value.'),
  ),
  ConcatExpr: Type.Object(
    { kind: Kind('concat'), parts: Type.Array(Type.Ref('Expr'), { minItems: 2 }) },
    closed('String concatenation of the parts, in order.'),
  ),
  CaseExpr: Type.Object(
    {
      kind: Kind('case'),
      branches: Type.Array(Type.Ref('CaseBranch'), { minItems: 1 }),
      else: Maybe(
        Nullable(Type.Ref('Expr'), {
          description: 'Value when no branch holds; NULL when absent.',
        }),
      ),
    },
    closed('CASE WHEN ... THEN ... ELSE ... END.'),
  ),
  CaseBranch: Type.Object(
    { when: Type.Ref('Condition'), result: Type.Ref('Expr') },
    closed('WHEN condition THEN result.'),
  ),
  CastExpr: Type.Object(
    {
      kind: Kind('cast'),
      arg: Type.Ref('Expr'),
      to: StringEnum(['integer', 'real', 'text']),
    },
    closed('CAST(arg AS type); real forces floating-point division.'),
  ),
  Condition: Type.Union(
    [
      Type.Ref('CompareCondition'),
      Type.Ref('InCondition'),
      Type.Ref('BetweenCondition'),
      Type.Ref('LikeCondition'),
      Type.Ref('IsNullCondition'),
      Type.Ref('AndCondition'),
      Type.Ref('OrCondition'),
      Type.Ref('NotCondition'),
    ],
    { description: 'A boolean: compare, in, between, like, is_null, and, or, not.' },
  ),
  CompareCondition: Type.Object(
    {
      kind: Kind('compare'),
      op: StringEnum(COMPARISON_OPS),
      left: Type.Ref('Expr'),
      right: Type.Ref('Expr'),
    },
    closed('left op right. Use is_null to test for NULL.'),
  ),
  InCondition: Type.Object(
    {
      kind: Kind('in'),
      expr: Type.Ref('Expr'),
      values: Type.Array(Type.Union([Type.String(), Type.Number()]), { minItems: 1 }),
      negated: Negated,
    },
    closed('expr IN (values).'),
  ),
  BetweenCondition: Type.Object(
    {
      kind: Kind('between'),
      expr: Type.Ref('Expr'),
      low: Type.Ref('Expr'),
      high: Type.Ref('Expr'),
      negated: Negated,
    },
    closed('expr BETWEEN low AND high (inclusive).'),
  ),
  LikeCondition: Type.Object(
    { kind: Kind('like'), expr: Type.Ref('Expr'), pattern: Type.String(), negated: Negated },
    closed('Case-insensitive pattern match: % any run, _ one character, \\ escapes.'),
  ),
  IsNullCondition: Type.Object(
    { kind: Kind('is_null'), expr: Type.Ref('Expr'), negated: Negated },
    closed('expr IS NULL.'),
  ),
  AndCondition: Type.Object(
    { kind: Kind('and'), conditions: Type.Array(Type.Ref('Condition'), { minItems: 1 }) },
    closed('All conditions hold.'),
  ),
  OrCondition: Type.Object(
    { kind: Kind('or'), conditions: Type.Array(Type.Ref('Condition'), { minItems: 1 }) },
    closed('At least one condition holds.'),
  ),
  NotCondition: Type.Object(
    { kind: Kind('not'), condition: Type.Ref('Condition') },
    closed('The condition does not hold.'),
  ),
  SelectItem: Type.Object(
    { expr: Type.Ref('Expr'), alias: MaybeName('Output column name.') },
    closed('One output column.'),
  ),
  FromTable: Type.Object(
    {
      table: Name('Table name exactly as in the schema.'),
      alias: MaybeName('Name columns use to refer to this table.'),
    },
    closed('The first table.'),
  ),
  Join: Type.Object(
    {
      kind: StringEnum(['inner', 'left']),
      table: Name('Table name exactly as in the schema.'),
      on: Type.Array(Type.Ref('JoinCondition'), {
        minItems: 1,
        description: 'ANDed; at least one equality between keys.',
      }),
      alias: MaybeName('Name columns use to refer to this table; needed to join a table twice.'),
    },
    closed('INNER or LEFT join on key equalities.'),
  ),
  JoinCondition: Type.Object(
    {
      left: Type.Ref('ColumnExpr'),
      right: Type.Ref('ColumnExpr'),
      op: Maybe(Nullable(StringEnum(COMPARISON_OPS), { description: "'=' when absent." })),
    },
    closed('left op right between a column of this join and one of an earlier table.'),
  ),
  OrderItem: Type.Union([Type.Ref('OrderByExpr'), Type.Ref('OrderByAlias')], {
    description: 'Order by an expression or by a select alias.',
  }),
  OrderByExpr: Type.Object(
    { kind: Kind('expr'), expr: Type.Ref('Expr'), direction: Direction },
    closed('Order by an expression.'),
  ),
  OrderByAlias: Type.Object(
    { kind: Kind('alias'), alias: Name('A select item alias.'), direction: Direction },
    closed('Order by a select item alias.'),
  ),
});

/** The whole plan: one SELECT with no subqueries and no window functions. */
export const PlanModelSchema = PlanDefinitions.Import('PlanModel');
// An interface, not an alias, so declaration files and other packages refer to it by name.
export interface PlanModel extends Static<typeof PlanModelSchema> {}

/** The static type of one of the plan's definitions. */
type Of<K extends keyof Definitions> = Static<TImport<Definitions, K>>;
type Definitions =
  typeof PlanDefinitions extends TModule<infer _, infer Computed> ? Computed : never;

/** A value-producing expression. */
export type Expr = Of<'Expr'>;
/** A column of a table in the plan, qualified by that table's alias (or its name if unaliased). */
export type ColumnExpr = Of<'ColumnExpr'>;
/** A constant. Dates are written as ISO strings ('2010-01-01'). */
export type LiteralExpr = Of<'LiteralExpr'>;
/** COUNT/SUM/AVG/MIN/MAX, optionally over DISTINCT values; `arg` absent only for COUNT(*). */
export type AggregateExpr = Of<'AggregateExpr'>;
export type ArithmeticExpr = Of<'ArithmeticExpr'>;
/** ROUND(arg, digits); digits defaults to 0. */
export type RoundExpr = Of<'RoundExpr'>;
export type DatePartExpr = Of<'DatePartExpr'>;
/** String concatenation (`||`) of two or more parts; NULL in any part gives NULL. */
export type ConcatExpr = Of<'ConcatExpr'>;
/** The value when `when` holds (named `result`, not `then`, so a branch is never a thenable). */
export type CaseBranch = Of<'CaseBranch'>;
/** Searched CASE: the first branch whose condition holds, else `else` (NULL if absent). */
export type CaseExpr = Of<'CaseExpr'>;
export type CastExpr = Of<'CastExpr'>;
/** A boolean tree for WHERE, HAVING and CASE branches. */
export type Condition = Of<'Condition'>;
export type CompareCondition = Of<'CompareCondition'>;
/** expr [NOT] IN (values): a list of constants. */
export type InCondition = Of<'InCondition'>;
export type BetweenCondition = Of<'BetweenCondition'>;
/**
 * expr [NOT] LIKE pattern, case-insensitive in every dialect (ILIKE on PostgreSQL and DuckDB, to match
 * SQLite's LIKE); `%` and `_` are wildcards and `\` escapes them.
 */
export type LikeCondition = Of<'LikeCondition'>;
export type IsNullCondition = Of<'IsNullCondition'>;
export type AndCondition = Of<'AndCondition'>;
export type OrCondition = Of<'OrCondition'>;
export type NotCondition = Of<'NotCondition'>;
/** One output column; the decomposer's expected columns are the aliases. */
export type SelectItem = Of<'SelectItem'>;
/** The FROM table. Columns refer to it by `alias` when given, else by `table`. */
export type FromTable = Of<'FromTable'>;
/** INNER or LEFT join; `on` is ANDed and must hold at least one key equality. */
export type Join = Of<'Join'>;
/** `left.column op right.column`; op defaults to '='. */
export type JoinCondition = Of<'JoinCondition'>;
export type OrderByExpr = Of<'OrderByExpr'>;
/** Orders by a select item's alias. */
export type OrderByAlias = Of<'OrderByAlias'>;
export type OrderItem = Of<'OrderItem'>;

/** Binary comparison operators, shared by WHERE/HAVING comparisons and join conditions. */
export type ComparisonOp = CompareCondition['op'];
/** Arithmetic operators. Division of two integers truncates in every dialect (SQLite's rule). */
export type ArithmeticOp = ArithmeticExpr['op'];
/** Aggregate functions. `count` with no argument is COUNT(*). */
export type AggregateFunc = AggregateExpr['func'];
/**
 * Date parts. year..second and day_of_week (0 = Sunday) are integers in every dialect;
 * year_month ('YYYY-MM') and date ('YYYY-MM-DD') are text labels.
 */
export type DatePartName = DatePartExpr['part'];
/** Target types of a cast: `real` forces floating-point division, `text` a label. */
export type CastType = CastExpr['to'];
export type SortDirection = NonNullable<OrderByAlias['direction']>;

/** SQL dialects the compiler writes; the plan means what it means on SQLite, everywhere. */
export type Dialect = 'sqlite' | 'postgres' | 'mysql' | 'duckdb';

/** The plan format: definition, published document (`plan-model.schema.json`), validator. */
export const PLAN_FORMAT = defineFormat(PlanModelSchema, {
  id: 'https://nl2sql-evals.dev/schemas/plan-model.json',
  title: 'PlanModel',
});

/** The canonical PlanModel schema (JSON Schema 2020-12); validatePlan checks shape against it. */
export const PLAN_JSON_SCHEMA: JsonSchema = PLAN_FORMAT.document;

/**
 * The same model as a strict structured-output schema: every key required (optional ones
 * nullable), additionalProperties false everywhere, no minItems/minLength. Whatever it
 * accepts also validates against PLAN_JSON_SCHEMA's shape, except emptiness, which
 * validatePlan reports.
 */
export const PLAN_STRUCTURED_OUTPUT_SCHEMA: JsonSchema = structuredOutputSchema(PLAN_JSON_SCHEMA);
