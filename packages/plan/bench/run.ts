// Compile and validate throughput of @nl2sql/plan. Run with `pnpm bench` in this package.
// Workloads: a realistic plan (4 joins, conditional sums in HAVING) and 2,000 generated valid
// Chinook plans (fixed seed, so runs compare), plus invalid plans for the error path.
import { performance } from 'node:perf_hooks';
import fc from 'fast-check';
import { compilePlan, type Expr, type PlanModel, planReads, validatePlan } from '../src/index.js';
import { validPlan } from '../test/arbitrary-plan.js';
import { CHINOOK_SCHEMA } from '../test/chinook-schema.js';

const col = (table: string, column: string): Expr => ({ kind: 'column', table, column });
const bought = (genre: string): Expr => ({
  kind: 'aggregate',
  func: 'sum',
  arg: {
    kind: 'case',
    branches: [
      {
        when: {
          kind: 'compare',
          op: '=',
          left: col('g', 'Name'),
          right: { kind: 'literal', value: genre },
        },
        result: { kind: 'literal', value: 1 },
      },
    ],
    else: { kind: 'literal', value: 0 },
  },
});
const join = (table: string, alias: string, left: string, right: [string, string]) => ({
  kind: 'inner' as const,
  table,
  alias,
  on: [
    {
      left: { kind: 'column' as const, table: alias, column: left },
      right: { kind: 'column' as const, table: right[0], column: right[1] },
    },
  ],
});
const REALISTIC: PlanModel = {
  select: [
    {
      expr: {
        kind: 'concat',
        parts: [col('c', 'FirstName'), { kind: 'literal', value: ' ' }, col('c', 'LastName')],
      },
      alias: 'customer',
    },
    { expr: bought('Jazz'), alias: 'jazz' },
  ],
  from: { table: 'Customer', alias: 'c' },
  joins: [
    join('Invoice', 'i', 'CustomerId', ['c', 'CustomerId']),
    join('InvoiceLine', 'il', 'InvoiceId', ['i', 'InvoiceId']),
    join('Track', 't', 'TrackId', ['il', 'TrackId']),
    join('Genre', 'g', 'GenreId', ['t', 'GenreId']),
  ],
  group_by: [col('c', 'CustomerId'), col('c', 'FirstName'), col('c', 'LastName')],
  having: {
    kind: 'and',
    conditions: [
      { kind: 'compare', op: '>', left: bought('Jazz'), right: { kind: 'literal', value: 0 } },
      { kind: 'compare', op: '=', left: bought('Metal'), right: { kind: 'literal', value: 0 } },
    ],
  },
  order_by: [
    { kind: 'alias', alias: 'jazz', direction: 'desc' },
    { kind: 'expr', expr: col('c', 'CustomerId') },
  ],
  limit: 10,
};

const GENERATED = fc.sample(validPlan, { numRuns: 2000, seed: 20261129 });
/** Shape-invalid (an unknown kind deep in the tree) and meaning-invalid (unknown column) plans. */
const INVALID: unknown[] = GENERATED.slice(0, 500).flatMap((plan) => [
  { ...plan, select: [{ expr: { kind: 'window', over: [] } }, ...plan.select] },
  {
    ...plan,
    select: [{ expr: col(plan.from.alias ?? plan.from.table, 'NoSuchColumn') }, ...plan.select],
  },
]);

function throughput(
  label: string,
  items: readonly unknown[],
  run: (item: unknown) => unknown,
): void {
  for (const item of items.slice(0, 200)) run(item); // warm up the JIT
  let rounds = 0;
  const started = performance.now();
  let elapsed = 0;
  while (elapsed < 1000) {
    for (const item of items) run(item);
    rounds += 1;
    elapsed = performance.now() - started;
  }
  const perSecond = (rounds * items.length * 1000) / elapsed;
  const micros = (elapsed * 1000) / (rounds * items.length);
  console.log(
    `${label.padEnd(44)} ${Math.round(perSecond).toLocaleString('en-US').padStart(10)} plans/s  (${micros.toFixed(1)} µs/plan)`,
  );
}

const cold = performance.now();
validatePlan(REALISTIC, CHINOOK_SCHEMA);
console.log(
  `first validatePlan (builds the ajv validator)   ${(performance.now() - cold).toFixed(1)} ms`,
);
const sizes = GENERATED.map((plan) => compilePlan(plan, 'sqlite').length);
console.log(
  `generated workload: ${GENERATED.length} plans, SQL ${Math.min(...sizes)}-${Math.max(...sizes)} chars (mean ${Math.round(sizes.reduce((a, b) => a + b, 0) / sizes.length)})`,
);
console.log('');
throughput('compilePlan sqlite, realistic plan', [REALISTIC], (p) =>
  compilePlan(p as PlanModel, 'sqlite'),
);
throughput('compilePlan postgres, realistic plan', [REALISTIC], (p) =>
  compilePlan(p as PlanModel, 'postgres'),
);
throughput('compilePlan sqlite, generated plans', GENERATED, (p) =>
  compilePlan(p as PlanModel, 'sqlite'),
);
throughput('compilePlan postgres, generated plans', GENERATED, (p) =>
  compilePlan(p as PlanModel, 'postgres'),
);
throughput('validatePlan, realistic plan', [REALISTIC], (p) => validatePlan(p, CHINOOK_SCHEMA));
throughput('validatePlan, generated valid plans', GENERATED, (p) =>
  validatePlan(p, CHINOOK_SCHEMA),
);
throughput('validatePlan, invalid plans (shape + column)', INVALID, (p) =>
  validatePlan(p, CHINOOK_SCHEMA),
);
throughput('planReads, generated plans', GENERATED, (p) => planReads(p as PlanModel));
throughput('validate + compile sqlite, generated plans', GENERATED, (p) => {
  if (validatePlan(p, CHINOOK_SCHEMA).length === 0) compilePlan(p as PlanModel, 'sqlite');
});
