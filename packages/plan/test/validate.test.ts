import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type PlanError, type PlanModel, validatePlan } from '../src/index.js';
import { validPlan } from './arbitrary-plan.js';
import { CHINOOK_SCHEMA } from './chinook-schema.js';
import { col, lit } from './plan-builders.js';

/** [path, code] of each error, in report order. */
const problems = (plan: unknown): Array<[string, PlanError['code']]> =>
  validatePlan(plan, CHINOOK_SCHEMA).map((e) => [e.path, e.code]);

const customers = (extra: Partial<PlanModel> = {}): PlanModel => ({
  select: [{ expr: col('c', 'FirstName'), alias: 'first' }],
  from: { table: 'Customer', alias: 'c' },
  ...extra,
});

const invoicesByCustomer: PlanModel['joins'] = [
  {
    kind: 'inner',
    table: 'Invoice',
    alias: 'i',
    on: [{ left: col('i', 'CustomerId'), right: col('c', 'CustomerId') }],
  },
];

describe('validatePlan: valid plans', () => {
  it('accepts a well-formed Chinook plan', () => {
    const plan: PlanModel = {
      select: [
        { expr: col('c', 'Country'), alias: 'country' },
        {
          expr: { kind: 'aggregate', func: 'count', arg: col('c', 'CustomerId'), distinct: true },
          alias: 'customers',
        },
        {
          expr: {
            kind: 'round',
            arg: { kind: 'aggregate', func: 'sum', arg: col('i', 'Total') },
            digits: 2,
          },
          alias: 'revenue',
        },
      ],
      from: { table: 'Customer', alias: 'c' },
      joins: invoicesByCustomer,
      where: {
        kind: 'between',
        expr: col('i', 'InvoiceDate'),
        low: lit('2010-01-01'),
        high: lit('2010-12-31'),
      },
      group_by: [col('c', 'Country')],
      having: {
        kind: 'compare',
        op: '>',
        left: { kind: 'aggregate', func: 'count' },
        right: lit(5),
      },
      order_by: [
        { kind: 'alias', alias: 'revenue', direction: 'desc' },
        { kind: 'expr', expr: col('c', 'Country') },
      ],
      limit: 5,
    };
    expect(validatePlan(plan, CHINOOK_SCHEMA)).toEqual([]);
  });

  it('accepts a grouped expression selected whole or built from grouped columns', () => {
    const year = { kind: 'date_part', part: 'year', arg: col('i', 'InvoiceDate') } as const;
    const plan: PlanModel = {
      select: [
        { expr: year, alias: 'year' },
        { expr: { kind: 'concat', parts: [col('i', 'BillingCountry'), lit('!')] }, alias: 'label' },
        { expr: { kind: 'aggregate', func: 'sum', arg: col('i', 'Total') }, alias: 'total' },
      ],
      from: { table: 'Invoice', alias: 'i' },
      group_by: [year, col('i', 'BillingCountry')],
      order_by: [{ kind: 'expr', expr: year }],
    };
    expect(problems(plan)).toEqual([]);
  });

  it('every generated valid plan validates with no errors', () => {
    fc.assert(
      fc.property(validPlan, (plan) => {
        expect(validatePlan(plan, CHINOOK_SCHEMA)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});

describe('validatePlan: tables and columns', () => {
  it('names an unknown column at its column field, suggesting the right spelling', () => {
    const plan = customers({
      select: [
        { expr: col('c', 'FirstName') },
        { expr: col('c', 'LastName') },
        { expr: col('c', 'Nickname') },
        { expr: col('c', 'country') },
      ],
    });
    const errors = validatePlan(plan, CHINOOK_SCHEMA);
    expect(errors.map((e) => [e.path, e.code])).toEqual([
      ['/select/2/expr/column', 'UNKNOWN_COLUMN'],
      ['/select/3/expr/column', 'UNKNOWN_COLUMN'],
    ]);
    expect(errors[0]!.message).toContain(
      "table 'Customer' has no column 'Nickname' (columns: CustomerId, FirstName",
    );
    expect(errors[1]!.message).toContain("did you mean 'Country'?");
  });

  it('names an unknown table in from and in joins', () => {
    expect(
      problems({ select: [{ expr: col('Customers', 'Name') }], from: { table: 'Customers' } }),
    ).toEqual([['/from/table', 'UNKNOWN_TABLE']]);
    const errors = validatePlan(
      customers({
        joins: [
          {
            kind: 'left',
            table: 'invoice',
            alias: 'i',
            on: [{ left: col('i', 'CustomerId'), right: col('c', 'CustomerId') }],
          },
        ],
      }),
      CHINOOK_SCHEMA,
    );
    expect(errors.map((e) => [e.path, e.code])).toEqual([['/joins/0/table', 'UNKNOWN_TABLE']]);
    expect(errors[0]!.message).toContain("did you mean 'Invoice'?");
  });

  it('flags a column not qualified by a table of the plan', () => {
    expect(problems(customers({ select: [{ expr: col('e', 'FirstName') }] }))).toEqual([
      ['/select/0/expr/table', 'TABLE_NOT_IN_PLAN'],
    ]);
    // Once aliased, a table is only reachable through its alias (PostgreSQL's rule).
    const errors = validatePlan(
      customers({ where: { kind: 'is_null', expr: col('Customer', 'Company') } }),
      CHINOOK_SCHEMA,
    );
    expect(errors.map((e) => [e.path, e.code])).toEqual([
      ['/where/expr/table', 'TABLE_NOT_IN_PLAN'],
    ]);
    expect(errors[0]!.message).toContain("qualify the column with 'c'");
  });

  it('checks columns nested in CASE conditions, concat parts and aggregates', () => {
    const plan = customers({
      select: [
        {
          expr: {
            kind: 'case',
            branches: [
              {
                when: { kind: 'like', expr: col('c', 'Emial'), pattern: '%@%' },
                result: col('c', 'Phone'),
              },
            ],
            else: { kind: 'concat', parts: [col('c', 'City'), col('c', 'Town')] },
          },
        },
      ],
    });
    expect(problems(plan)).toEqual([
      ['/select/0/expr/branches/0/when/expr/column', 'UNKNOWN_COLUMN'],
      ['/select/0/expr/else/parts/1/column', 'UNKNOWN_COLUMN'],
    ]);
  });

  it('needs distinct names for the tables of a plan', () => {
    const plan: PlanModel = {
      select: [{ expr: col('Employee', 'FirstName') }],
      from: { table: 'Employee' },
      joins: [
        {
          kind: 'inner',
          table: 'Employee',
          on: [{ left: col('Employee', 'EmployeeId'), right: col('Employee', 'ReportsTo') }],
        },
      ],
    };
    expect(problems(plan)).toEqual([
      ['/joins/0/table', 'DUPLICATE_TABLE_NAME'],
      ['/joins/0/on/0', 'JOIN_CONDITION_NOT_LINKING'],
    ]);
  });
});

describe('validatePlan: joins', () => {
  it('needs at least one equality', () => {
    const plan = customers({
      joins: [
        {
          kind: 'inner',
          table: 'Invoice',
          alias: 'i',
          on: [{ left: col('i', 'CustomerId'), op: '>', right: col('c', 'CustomerId') }],
        },
      ],
    });
    expect(problems(plan)).toEqual([['/joins/0/on', 'JOIN_WITHOUT_EQUALITY']]);
  });

  it('needs each condition to link the joined table to an earlier one', () => {
    const plan = customers({
      joins: [
        {
          kind: 'inner',
          table: 'Invoice',
          alias: 'i',
          on: [{ left: col('c', 'CustomerId'), right: col('c', 'SupportRepId') }],
        },
      ],
    });
    expect(problems(plan)).toEqual([['/joins/0/on/0', 'JOIN_CONDITION_NOT_LINKING']]);
  });

  it('does not let a join condition see a table joined later', () => {
    const plan = customers({
      joins: [
        {
          kind: 'inner',
          table: 'Invoice',
          alias: 'i',
          on: [
            { left: col('i', 'CustomerId'), right: col('c', 'CustomerId') },
            { left: col('i', 'InvoiceId'), right: col('l', 'InvoiceId') },
          ],
        },
        {
          kind: 'inner',
          table: 'InvoiceLine',
          alias: 'l',
          on: [{ left: col('l', 'InvoiceId'), right: col('i', 'InvoiceId') }],
        },
      ],
    });
    const errors = validatePlan(plan, CHINOOK_SCHEMA);
    expect(errors.map((e) => [e.path, e.code])).toEqual([
      ['/joins/0/on/1/right/table', 'TABLE_NOT_IN_PLAN'],
    ]);
    expect(errors[0]!.message).toContain('joined after this condition');
  });
});

describe('validatePlan: aggregates and grouping', () => {
  const sum = { kind: 'aggregate', func: 'sum', arg: col('i', 'Total') } as const;

  it('flags a bare column next to an aggregate', () => {
    const plan = customers({
      select: [{ expr: col('c', 'FirstName') }, { expr: col('c', 'LastName') }, { expr: sum }],
      joins: invoicesByCustomer,
      group_by: [col('c', 'FirstName')],
    });
    const errors = validatePlan(plan, CHINOOK_SCHEMA);
    expect(errors.map((e) => [e.path, e.code])).toEqual([['/select/1/expr', 'UNGROUPED_COLUMN']]);
    expect(errors[0]!.message).toBe('c.LastName is neither in group_by nor inside an aggregate');
  });

  it('flags ungrouped columns in HAVING and ORDER BY and without any GROUP BY', () => {
    expect(
      problems(
        customers({
          select: [{ expr: sum }],
          joins: invoicesByCustomer,
          order_by: [{ kind: 'expr', expr: col('c', 'Country') }],
        }),
      ),
    ).toEqual([['/order_by/0/expr', 'UNGROUPED_COLUMN']]);
    expect(
      problems(
        customers({
          select: [{ expr: col('c', 'Country') }],
          group_by: [col('c', 'Country')],
          having: { kind: 'compare', op: '=', left: col('c', 'City'), right: lit('Paris') },
        }),
      ),
    ).toEqual([['/having/left', 'UNGROUPED_COLUMN']]);
  });

  it('flags aggregates in WHERE and GROUP BY, nested aggregates and missing arguments', () => {
    expect(
      problems(
        customers({
          select: [
            { expr: { kind: 'aggregate', func: 'max', arg: { kind: 'aggregate', func: 'count' } } },
          ],
          where: {
            kind: 'compare',
            op: '>',
            left: { kind: 'aggregate', func: 'count' },
            right: lit(1),
          },
          group_by: [{ kind: 'aggregate', func: 'min', arg: col('c', 'City') }],
        }),
      ),
    ).toEqual([
      ['/select/0/expr/arg', 'NESTED_AGGREGATE'],
      ['/where/left', 'AGGREGATE_IN_WHERE'],
      ['/group_by/0', 'AGGREGATE_IN_GROUP_BY'],
    ]);
    expect(problems(customers({ select: [{ expr: { kind: 'aggregate', func: 'avg' } }] }))).toEqual(
      [['/select/0/expr/arg', 'MISSING_AGGREGATE_ARGUMENT']],
    );
    expect(
      problems(
        customers({ select: [{ expr: { kind: 'aggregate', func: 'count', distinct: true } }] }),
      ),
    ).toEqual([['/select/0/expr/arg', 'MISSING_AGGREGATE_ARGUMENT']]);
  });

  it('needs GROUP BY for HAVING', () => {
    expect(
      problems(
        customers({
          select: [{ expr: { kind: 'aggregate', func: 'count' } }],
          having: {
            kind: 'compare',
            op: '>',
            left: { kind: 'aggregate', func: 'count' },
            right: lit(1),
          },
        }),
      ),
    ).toEqual([['/having', 'HAVING_WITHOUT_GROUP_BY']]);
  });

  it('refuses constants as GROUP BY and ORDER BY keys', () => {
    expect(
      problems(
        customers({
          group_by: [col('c', 'FirstName'), lit(1)],
          order_by: [{ kind: 'expr', expr: lit(2) }],
        }),
      ),
    ).toEqual([
      ['/group_by/1', 'CONSTANT_KEY'],
      ['/order_by/0/expr', 'CONSTANT_KEY'],
    ]);
  });
});

describe('validatePlan: aliases, ordering, limits, literals', () => {
  it('flags an unknown ORDER BY alias and duplicate select aliases', () => {
    const errors = validatePlan(
      customers({
        select: [
          { expr: col('c', 'FirstName'), alias: 'name' },
          { expr: col('c', 'LastName'), alias: 'name' },
        ],
        order_by: [{ kind: 'alias', alias: 'surname' }],
      }),
      CHINOOK_SCHEMA,
    );
    expect(errors.map((e) => [e.path, e.code])).toEqual([
      ['/select/1/alias', 'DUPLICATE_ALIAS'],
      ['/order_by/0/alias', 'UNKNOWN_ORDER_ALIAS'],
    ]);
    expect(errors[1]!.message).toBe(
      "ORDER BY alias 'surname' is not a select alias (aliases: 'name')",
    );
  });

  it('with DISTINCT, orders only by selected expressions', () => {
    expect(
      problems(
        customers({
          distinct: true,
          order_by: [
            { kind: 'expr', expr: col('c', 'LastName') },
            { kind: 'expr', expr: col('c', 'FirstName') },
            { kind: 'alias', alias: 'first' },
          ],
        }),
      ),
    ).toEqual([['/order_by/0/expr', 'ORDER_BY_NOT_SELECTED']]);
  });

  it('flags a negative LIMIT or OFFSET', () => {
    expect(problems(customers({ limit: -1, offset: -5 }))).toEqual([
      ['/limit', 'NEGATIVE_LIMIT'],
      ['/offset', 'NEGATIVE_OFFSET'],
    ]);
  });

  it('flags comparisons with NULL and text holding NUL', () => {
    expect(
      problems(
        customers({
          where: {
            kind: 'and',
            conditions: [
              { kind: 'compare', op: '=', left: col('c', 'Company'), right: lit(null) },
              { kind: 'in', expr: col('c', 'City'), values: ['Paris', 'a\0b'] },
              { kind: 'like', expr: col('c', 'City'), pattern: '\0' },
            ],
          },
        }),
      ),
    ).toEqual([
      ['/where/conditions/0/right', 'NULL_COMPARISON'],
      ['/where/conditions/1/values/1', 'INVALID_TEXT'],
      ['/where/conditions/2/pattern', 'INVALID_TEXT'],
    ]);
  });
});

describe('validatePlan: shape errors come first', () => {
  it('reports shape errors (from the JSON Schema) and skips the semantic pass', () => {
    expect(
      problems({
        select: [{ expr: { kind: 'column', table: 'c', column: 'Nope' } }],
        from: { table: 'Customer', alias: 'c' },
        limit: -1.5,
      }),
    ).toEqual([['/limit', 'SHAPE']]);
  });
});
