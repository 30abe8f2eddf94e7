// The TypeBox definition is the one source of the PlanModel type and its schema. These tests
// check that the two agree in both directions: a typed plan validates (and a mistyped one
// does not compile), and whatever the published schema accepts is a plan the code typed by
// PlanModel handles.

import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AggregateExpr,
  type AndCondition,
  type ArithmeticExpr,
  type BetweenCondition,
  type CaseBranch,
  type CaseExpr,
  type CastExpr,
  type ColumnExpr,
  type CompareCondition,
  type ConcatExpr,
  compilePlan,
  type DatePartExpr,
  type FromTable,
  type InCondition,
  type IsNullCondition,
  type Join,
  type JoinCondition,
  type JsonSchema,
  type LikeCondition,
  type LiteralExpr,
  type NotCondition,
  type OrCondition,
  type OrderByAlias,
  type OrderByExpr,
  PLAN_FORMAT,
  PLAN_JSON_SCHEMA,
  PLAN_STRUCTURED_OUTPUT_SCHEMA,
  PlanCompileError,
  type PlanModel,
  planReads,
  type RoundExpr,
  type SelectItem,
  validatePlan,
} from '../src/index.js';
import { arbitraryFromSchema } from './arbitrary-from-schema.js';
import { validPlan } from './arbitrary-plan.js';
import { CHINOOK_SCHEMA } from './chinook-schema.js';

/** Exactly the keys of T: a missing or extra key is a compile error. */
const keysOf =
  <T>() =>
  <K extends Record<keyof T, true>>(keys: K & Record<Exclude<keyof K, keyof T>, never>): string[] =>
    Object.keys(keys).sort();

/** Each schema definition's properties, as the TypeScript type spells them. */
const TYPE_KEYS: Record<string, string[]> = {
  '': keysOf<PlanModel>()({
    select: true,
    distinct: true,
    from: true,
    joins: true,
    where: true,
    group_by: true,
    having: true,
    order_by: true,
    limit: true,
    offset: true,
  }),
  ColumnExpr: keysOf<ColumnExpr>()({ kind: true, table: true, column: true }),
  LiteralExpr: keysOf<LiteralExpr>()({ kind: true, value: true }),
  AggregateExpr: keysOf<AggregateExpr>()({ kind: true, func: true, arg: true, distinct: true }),
  ArithmeticExpr: keysOf<ArithmeticExpr>()({ kind: true, op: true, left: true, right: true }),
  RoundExpr: keysOf<RoundExpr>()({ kind: true, arg: true, digits: true }),
  DatePartExpr: keysOf<DatePartExpr>()({ kind: true, part: true, arg: true }),
  ConcatExpr: keysOf<ConcatExpr>()({ kind: true, parts: true }),
  CaseExpr: keysOf<CaseExpr>()({ kind: true, branches: true, else: true }),
  CaseBranch: keysOf<CaseBranch>()({ when: true, result: true }),
  CastExpr: keysOf<CastExpr>()({ kind: true, arg: true, to: true }),
  CompareCondition: keysOf<CompareCondition>()({ kind: true, op: true, left: true, right: true }),
  InCondition: keysOf<InCondition>()({ kind: true, expr: true, values: true, negated: true }),
  BetweenCondition: keysOf<BetweenCondition>()({
    kind: true,
    expr: true,
    low: true,
    high: true,
    negated: true,
  }),
  LikeCondition: keysOf<LikeCondition>()({ kind: true, expr: true, pattern: true, negated: true }),
  IsNullCondition: keysOf<IsNullCondition>()({ kind: true, expr: true, negated: true }),
  AndCondition: keysOf<AndCondition>()({ kind: true, conditions: true }),
  OrCondition: keysOf<OrCondition>()({ kind: true, conditions: true }),
  NotCondition: keysOf<NotCondition>()({ kind: true, condition: true }),
  SelectItem: keysOf<SelectItem>()({ expr: true, alias: true }),
  FromTable: keysOf<FromTable>()({ table: true, alias: true }),
  Join: keysOf<Join>()({ kind: true, table: true, alias: true, on: true }),
  JoinCondition: keysOf<JoinCondition>()({ left: true, op: true, right: true }),
  OrderByExpr: keysOf<OrderByExpr>()({ kind: true, expr: true, direction: true }),
  OrderByAlias: keysOf<OrderByAlias>()({ kind: true, alias: true, direction: true }),
};

const defsOf = (schema: JsonSchema) => schema.$defs as Record<string, JsonSchema>;
const propertiesOf = (schema: JsonSchema) => Object.keys(schema.properties as object).sort();

/** Every subschema of a schema, with its location. */
function* subschemas(node: unknown, at = '#'): Generator<[string, JsonSchema]> {
  if (Array.isArray(node)) {
    for (const [i, item] of node.entries()) yield* subschemas(item, `${at}/${i}`);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  yield [at, node as JsonSchema];
  for (const [key, value] of Object.entries(node)) {
    if (key === 'enum') continue;
    if (key === 'properties' || key === '$defs') {
      for (const [name, sub] of Object.entries(value as object))
        yield* subschemas(sub, `${at}/${key}/${name}`);
    } else if (typeof value === 'object') {
      yield* subschemas(value, `${at}/${key}`);
    }
  }
}

/** What a strict structured-output model writes: every optional key present, null if unused. */
function withNulls(value: unknown, schema: JsonSchema, root: JsonSchema): unknown {
  if (typeof schema.$ref === 'string')
    return withNulls(value, defsOf(root)[schema.$ref.slice(8)]!, root);
  if (Array.isArray(schema.anyOf)) {
    const branches = schema.anyOf as JsonSchema[];
    if (value === null) return null;
    const kind = (value as { kind?: unknown }).kind;
    const chosen =
      branches.find((b) => {
        if (typeof b.$ref !== 'string') return false;
        const def = defsOf(root)[b.$ref.slice(8)]!;
        const kinds = (def.properties as Record<string, JsonSchema> | undefined)?.kind?.enum as
          | unknown[]
          | undefined;
        return kinds === undefined || kinds.includes(kind);
      }) ?? branches.find((b) => b.type !== 'null')!;
    return withNulls(value, chosen, root);
  }
  if (Array.isArray(value))
    return value.map((item) => withNulls(item, schema.items as JsonSchema, root));
  if (value !== null && typeof value === 'object' && schema.properties) {
    const out: Record<string, unknown> = {};
    for (const [key, sub] of Object.entries(schema.properties as Record<string, JsonSchema>)) {
      const field = (value as Record<string, unknown>)[key];
      out[key] = field === undefined ? null : withNulls(field, sub, root);
    }
    return out;
  }
  return value;
}

const ajv = new Ajv2020({ strict: true, allowUnionTypes: true });
const canonical = ajv.compile(PLAN_JSON_SCHEMA);
const structured = new Ajv2020({ strict: true, allowUnionTypes: true }).compile(
  PLAN_STRUCTURED_OUTPUT_SCHEMA,
);

describe('PLAN_JSON_SCHEMA', () => {
  it('is a JSON Schema 2020-12 document that ajv compiles in strict mode', () => {
    expect(PLAN_JSON_SCHEMA.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(ajv.validateSchema(PLAN_JSON_SCHEMA)).toBe(true);
  });

  it('is self-contained: every $ref points into its own $defs', () => {
    const defs = defsOf(PLAN_JSON_SCHEMA);
    for (const [at, node] of subschemas(PLAN_JSON_SCHEMA)) {
      if (typeof node.$ref === 'string') {
        expect(node.$ref, at).toMatch(/^#\/\$defs\//);
        expect(defs[node.$ref.slice(8)], at).toBeDefined();
      }
    }
  });

  it('has exactly the fields of the TypeScript types', () => {
    const defs = defsOf(PLAN_JSON_SCHEMA);
    for (const [name, keys] of Object.entries(TYPE_KEYS)) {
      expect(
        propertiesOf(name === '' ? PLAN_JSON_SCHEMA : defs[name]!),
        name || 'PlanModel',
      ).toEqual(keys);
    }
  });

  it('accepts every generated valid plan as written (types and schema agree)', () => {
    fc.assert(
      fc.property(validPlan, (plan) => {
        expect(canonical(plan), JSON.stringify(canonical.errors)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('PLAN_STRUCTURED_OUTPUT_SCHEMA', () => {
  it('meets strict structured output: object root, closed objects, every key required', () => {
    expect(PLAN_STRUCTURED_OUTPUT_SCHEMA.type).toBe('object');
    expect(PLAN_STRUCTURED_OUTPUT_SCHEMA.anyOf).toBeUndefined();
    let objects = 0;
    for (const [at, node] of subschemas(PLAN_STRUCTURED_OUTPUT_SCHEMA)) {
      if (node.type !== 'object') continue;
      objects++;
      expect(node.additionalProperties, at).toBe(false);
      expect([...(node.required as string[])].sort(), at).toEqual(propertiesOf(node));
    }
    expect(objects).toBe(Object.keys(TYPE_KEYS).length);
  });

  it('uses only keywords strict mode supports', () => {
    const allowed = new Set([
      'type',
      'properties',
      'required',
      'additionalProperties',
      'items',
      'anyOf',
      'enum',
      '$ref',
      '$defs',
      'description',
      'title',
    ]);
    for (const [at, node] of subschemas(PLAN_STRUCTURED_OUTPUT_SCHEMA)) {
      for (const keyword of Object.keys(node)) {
        if (at.endsWith('/properties') || at.endsWith('/$defs')) continue;
        expect(allowed.has(keyword), `${at}: ${keyword}`).toBe(true);
      }
    }
  });

  it('describes the same model: a strict answer validates against both schemas', () => {
    fc.assert(
      fc.property(validPlan, (plan) => {
        const answer = withNulls(
          plan,
          PLAN_STRUCTURED_OUTPUT_SCHEMA,
          PLAN_STRUCTURED_OUTPUT_SCHEMA,
        );
        expect(structured(answer), JSON.stringify(structured.errors)).toBe(true);
        expect(canonical(answer), JSON.stringify(canonical.errors)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('never puts keywords beside a $ref (some structured-output subsets ignore or reject them)', () => {
    for (const [at, node] of subschemas(PLAN_STRUCTURED_OUTPUT_SCHEMA)) {
      if ('$ref' in node) expect(Object.keys(node), at).toEqual(['$ref']);
    }
  });

  it('rejects a plan that leaves an optional key out, as strict mode requires', () => {
    const plan: PlanModel = {
      select: [{ expr: { kind: 'aggregate', func: 'count' } }],
      from: { table: 'Invoice' },
    };
    expect(structured(plan)).toBe(false);
    expect(canonical(plan)).toBe(true);
  });
});

describe('PlanModel, defined once', () => {
  it('accepts a typed plan; the type refuses what the schema refuses', () => {
    const plan: PlanModel = {
      select: [{ expr: { kind: 'aggregate', func: 'count' }, alias: 'n' }],
      from: { table: 'Artist', alias: null },
      where: {
        kind: 'like',
        expr: { kind: 'column', table: 'Artist', column: 'Name' },
        pattern: 'A%',
      },
      limit: 10,
    };
    expect(PLAN_FORMAT.check(plan)).toBe(true);
    const badFunc: PlanModel = {
      ...plan,
      // @ts-expect-error: 'median' is not an aggregate function in the schema or the type.
      select: [{ expr: { kind: 'aggregate', func: 'median' } }],
    };
    expect(PLAN_FORMAT.check(badFunc)).toBe(false);
    // @ts-expect-error: `from` is required by both.
    const noFrom: PlanModel = { select: plan.select };
    expect(PLAN_FORMAT.check(noFrom)).toBe(false);
  });

  it('generates, from the published schema, only values the validator accepts', () => {
    fc.assert(
      fc.property(arbitraryFromSchema(PLAN_JSON_SCHEMA), (value) => {
        expect(PLAN_FORMAT.issues(value)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('hands every schema-valid value to code typed by PlanModel without a crash', () => {
    fc.assert(
      fc.property(arbitraryFromSchema(PLAN_JSON_SCHEMA), (value) => {
        const plan = value as PlanModel;
        // Shape errors are none; meaning errors are values, never exceptions.
        expect(validatePlan(plan, CHINOOK_SCHEMA).every((e) => e.code !== 'SHAPE')).toBe(true);
        planReads(plan);
        try {
          compilePlan(plan, 'sqlite');
        } catch (error) {
          expect(error).toBeInstanceOf(PlanCompileError);
        }
      }),
      { numRuns: 300 },
    );
  });
});
