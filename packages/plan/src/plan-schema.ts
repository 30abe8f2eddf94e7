// The PlanModel JSON Schema (2020-12), self-contained through $defs so it can be handed to an
// LLM as a structured-output schema. One builder writes both variants so they cannot drift:
// the canonical schema (optional keys may be left out) and the strict structured-output
// schema (OpenAI strict mode: every key required, optional ones nullable, no keywords that
// strict mode rejects). Anything the strict variant cannot express is checked by
// validatePlan's semantic pass instead.

/** A JSON Schema document or subschema, as plain data. */
export type JsonSchema = { readonly [keyword: string]: unknown };

/** The name to register the structured output under (the fake LLM servers key answers on it). */
export const PLAN_SCHEMA_NAME = 'plan_model';

const ref = (name: string): JsonSchema => ({ $ref: `#/$defs/${name}` });
const NULL: JsonSchema = { type: 'null' };
const enumOf = (values: readonly string[], description?: string): JsonSchema => ({
  type: 'string',
  enum: [...values],
  ...(description ? { description } : {}),
});
const kindOf = (kind: string): JsonSchema => enumOf([kind]);
/** A choice of primitive types, spelled as anyOf: structured-output subsets all accept it. */
const oneOfTypes = (...types: string[]): JsonSchema => ({ anyOf: types.map((type) => ({ type })) });

/** An optional key: null is always accepted, so strict-mode output validates everywhere. */
function nullable(schema: JsonSchema): JsonSchema {
  const { description, ...rest } = schema;
  const primitive = typeof rest.type === 'string' && !('enum' in rest) && !('$ref' in rest);
  if (primitive)
    return { ...rest, type: [rest.type, 'null'], ...(description ? { description } : {}) };
  return { anyOf: [rest, NULL], ...(description ? { description } : {}) };
}

function buildPlanSchema(strict: boolean): JsonSchema {
  const nonEmpty = (schema: JsonSchema): JsonSchema =>
    strict ? schema : { ...schema, minLength: 1 };
  const list = (items: JsonSchema, minItems: number, description?: string): JsonSchema => ({
    type: 'array',
    items,
    ...(strict || minItems === 0 ? {} : { minItems }),
    ...(description ? { description } : {}),
  });
  const name = (description: string): JsonSchema => nonEmpty({ type: 'string', description });
  const object = (
    description: string,
    required: Record<string, JsonSchema>,
    optional: Record<string, JsonSchema> = {},
  ): JsonSchema => {
    const properties: Record<string, JsonSchema> = { ...required };
    for (const [key, schema] of Object.entries(optional)) properties[key] = nullable(schema);
    return {
      type: 'object',
      description,
      properties,
      required: strict ? Object.keys(properties) : Object.keys(required),
      additionalProperties: false,
    };
  };

  const comparisonOp = enumOf(['=', '<>', '<', '<=', '>', '>=']);
  const direction = enumOf(['asc', 'desc'], 'Sort direction; ascending when absent.');
  const negated = { type: 'boolean', description: 'true for the NOT form.' };

  const $defs: Record<string, JsonSchema> = {
    Expr: {
      description:
        'A value: column, literal, aggregate, arithmetic, round, date part, concat, case or cast.',
      anyOf: [
        'ColumnExpr',
        'LiteralExpr',
        'AggregateExpr',
        'ArithmeticExpr',
        'RoundExpr',
        'DatePartExpr',
        'ConcatExpr',
        'CaseExpr',
        'CastExpr',
      ].map(ref),
    },
    ColumnExpr: object('A column, qualified by its table alias (or table name when unaliased).', {
      kind: kindOf('column'),
      table: name('Alias of a table in from/joins, or its name when it has no alias.'),
      column: name('Column name exactly as in the schema.'),
    }),
    LiteralExpr: object('A constant; dates are ISO strings such as 2010-01-01.', {
      kind: kindOf('literal'),
      value: oneOfTypes('string', 'number', 'boolean', 'null'),
    }),
    AggregateExpr: object(
      'COUNT/SUM/AVG/MIN/MAX; count with no arg is COUNT(*).',
      { kind: kindOf('aggregate'), func: enumOf(['count', 'sum', 'avg', 'min', 'max']) },
      {
        arg: { ...ref('Expr'), description: 'Argument; absent only for COUNT(*).' },
        distinct: { type: 'boolean', description: 'Aggregate over distinct values.' },
      },
    ),
    ArithmeticExpr: object('left op right.', {
      kind: kindOf('arithmetic'),
      op: enumOf(['+', '-', '*', '/']),
      left: ref('Expr'),
      right: ref('Expr'),
    }),
    RoundExpr: object(
      'ROUND(arg, digits).',
      { kind: kindOf('round'), arg: ref('Expr') },
      { digits: { type: 'integer', description: 'Decimal places; 0 when absent.' } },
    ),
    DatePartExpr: object('A part of a date/time value.', {
      kind: kindOf('date_part'),
      part: enumOf(
        [
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
        ],
        'Integer parts (day_of_week: 0 = Sunday); year_month (YYYY-MM) and date (YYYY-MM-DD) are text.',
      ),
      arg: ref('Expr'),
    }),
    ConcatExpr: object('String concatenation of the parts, in order.', {
      kind: kindOf('concat'),
      parts: list(ref('Expr'), 2),
    }),
    CaseExpr: object(
      'CASE WHEN ... THEN ... ELSE ... END.',
      { kind: kindOf('case'), branches: list(ref('CaseBranch'), 1) },
      { else: { ...ref('Expr'), description: 'Value when no branch holds; NULL when absent.' } },
    ),
    CaseBranch: object('WHEN condition THEN result.', {
      when: ref('Condition'),
      result: ref('Expr'),
    }),
    CastExpr: object('CAST(arg AS type); real forces floating-point division.', {
      kind: kindOf('cast'),
      arg: ref('Expr'),
      to: enumOf(['integer', 'real', 'text']),
    }),
    Condition: {
      description: 'A boolean: compare, in, between, like, is_null, and, or, not.',
      anyOf: [
        'CompareCondition',
        'InCondition',
        'BetweenCondition',
        'LikeCondition',
        'IsNullCondition',
        'AndCondition',
        'OrCondition',
        'NotCondition',
      ].map(ref),
    },
    CompareCondition: object('left op right. Use is_null to test for NULL.', {
      kind: kindOf('compare'),
      op: comparisonOp,
      left: ref('Expr'),
      right: ref('Expr'),
    }),
    InCondition: object(
      'expr IN (values).',
      {
        kind: kindOf('in'),
        expr: ref('Expr'),
        values: list(oneOfTypes('string', 'number'), 1),
      },
      { negated },
    ),
    BetweenCondition: object(
      'expr BETWEEN low AND high (inclusive).',
      { kind: kindOf('between'), expr: ref('Expr'), low: ref('Expr'), high: ref('Expr') },
      { negated },
    ),
    LikeCondition: object(
      'Case-insensitive pattern match: % any run, _ one character, \\ escapes.',
      { kind: kindOf('like'), expr: ref('Expr'), pattern: { type: 'string' } },
      { negated },
    ),
    IsNullCondition: object(
      'expr IS NULL.',
      { kind: kindOf('is_null'), expr: ref('Expr') },
      { negated },
    ),
    AndCondition: object('All conditions hold.', {
      kind: kindOf('and'),
      conditions: list(ref('Condition'), 1),
    }),
    OrCondition: object('At least one condition holds.', {
      kind: kindOf('or'),
      conditions: list(ref('Condition'), 1),
    }),
    NotCondition: object('The condition does not hold.', {
      kind: kindOf('not'),
      condition: ref('Condition'),
    }),
    SelectItem: object(
      'One output column.',
      { expr: ref('Expr') },
      { alias: name('Output column name.') },
    ),
    FromTable: object(
      'The first table.',
      { table: name('Table name exactly as in the schema.') },
      { alias: name('Name columns use to refer to this table.') },
    ),
    Join: object(
      'INNER or LEFT join on key equalities.',
      {
        kind: enumOf(['inner', 'left']),
        table: name('Table name exactly as in the schema.'),
        on: list(ref('JoinCondition'), 1, 'ANDed; at least one equality between keys.'),
      },
      { alias: name('Name columns use to refer to this table; needed to join a table twice.') },
    ),
    JoinCondition: object(
      'left op right between a column of this join and one of an earlier table.',
      { left: ref('ColumnExpr'), right: ref('ColumnExpr') },
      { op: { ...comparisonOp, description: "'=' when absent." } },
    ),
    OrderItem: {
      description: 'Order by an expression or by a select alias.',
      anyOf: ['OrderByExpr', 'OrderByAlias'].map(ref),
    },
    OrderByExpr: object(
      'Order by an expression.',
      { kind: kindOf('expr'), expr: ref('Expr') },
      { direction },
    ),
    OrderByAlias: object(
      'Order by a select item alias.',
      { kind: kindOf('alias'), alias: name('A select item alias.') },
      { direction },
    ),
  };

  const root = object(
    'A single SELECT: no subqueries, no window functions. Anti-joins are LEFT JOIN + IS NULL.',
    {
      select: list(ref('SelectItem'), 1),
      from: ref('FromTable'),
    },
    {
      distinct: { type: 'boolean', description: 'SELECT DISTINCT.' },
      joins: list(ref('Join'), 0),
      where: ref('Condition'),
      group_by: list(ref('Expr'), 0),
      having: ref('Condition'),
      order_by: list(ref('OrderItem'), 0),
      limit: { type: 'integer', description: 'At most this many rows (>= 0).' },
      offset: { type: 'integer', description: 'Skip this many rows (>= 0).' },
    },
  );
  const header: JsonSchema = strict
    ? { title: 'PlanModel' }
    : {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        $id: 'https://nl2sql-evals.dev/schemas/plan-model.json',
        title: 'PlanModel',
      };
  return { ...header, ...root, $defs };
}

/** The canonical PlanModel schema (JSON Schema 2020-12); validatePlan checks shape against it. */
export const PLAN_JSON_SCHEMA: JsonSchema = buildPlanSchema(false);

/**
 * The same model as a strict structured-output schema: every key required (optional ones
 * nullable), additionalProperties false everywhere, no minItems/minLength. Whatever it
 * accepts also validates against PLAN_JSON_SCHEMA's shape, except emptiness, which
 * validatePlan reports.
 */
export const PLAN_STRUCTURED_OUTPUT_SCHEMA: JsonSchema = buildPlanSchema(true);
