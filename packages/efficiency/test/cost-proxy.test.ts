// The budget rule's invariants, and the proxy on plans built by hand (engine-free).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkBudget, costProxy, type QueryPlan } from '../src/index.js';

const proxy = (value: number) => ({ unit: 'rows_read' as const, value, fullScans: 0 });
const value = fc.double({ min: 1, max: 1e12, noNaN: true });
const factor = fc.double({ min: 0.01, max: 1e6, noNaN: true });

describe('checkBudget', () => {
  it('over budget exactly when the ratio passes the factor, and a tighter factor never lets it back in', () => {
    fc.assert(
      fc.property(value, value, factor, factor, (g, p, a, b) => {
        const [tight, loose] = a <= b ? [a, b] : [b, a];
        const atLoose = checkBudget(proxy(g), proxy(p), { relative: loose });
        expect(atLoose.ratio).toBe(p / g);
        expect(atLoose.overBudget).toBe(p / g > loose);
        if (atLoose.overBudget) {
          expect(checkBudget(proxy(g), proxy(p), { relative: tight }).overBudget).toBe(true);
        }
      }),
    );
  });

  it('with both budgets, over when either is exceeded; a gold is never over a budget of 1x or more', () => {
    fc.assert(
      fc.property(value, value, factor, value, (g, p, x, max) => {
        const both = checkBudget(proxy(g), proxy(p), { relative: x, absolute: max });
        expect(both.overBudget).toBe(p / g > x || p > max);
        expect(checkBudget(proxy(g), proxy(g), { relative: Math.max(1, x) }).overBudget).toBe(
          false,
        );
      }),
    );
  });
});

describe('costProxy on a plan', () => {
  const scan = (rows: number | null, wholeScan: boolean, correlated = false) => ({
    table: 't',
    label: 't',
    detail: wholeScan ? 'SCAN t' : 'SEARCH t USING INDEX i (a=?)',
    fullScan: wholeScan,
    wholeScan,
    correlated,
    rows,
    flagged: false,
  });
  const sqlite = (scans: QueryPlan['scans']): QueryPlan => ({
    engine: 'sqlite',
    steps: [],
    scans,
    flagged: [],
    totalCost: null,
  });

  it('adds whole scans, one row per search, and multiplies a correlated scan by the outer rows', () => {
    expect(costProxy(sqlite([scan(100, true), scan(5000, false)]))?.value).toBe(101);
    expect(costProxy(sqlite([scan(100, true), scan(50, true, true)]))?.value).toBe(100 + 50 * 100);
    expect(costProxy(sqlite([scan(100, true), scan(50, false, true)]))?.value).toBe(200);
  });

  it('is at least 1, and null when a whole scan has no row count', () => {
    expect(costProxy(sqlite([]))?.value).toBe(1);
    expect(costProxy(sqlite([scan(0, true)]))?.value).toBe(1);
    expect(costProxy(sqlite([scan(null, true)]))).toBeNull();
    expect(costProxy(sqlite([scan(null, false)]))?.value).toBe(1);
  });

  it("PostgreSQL's proxy is the plan's total cost", () => {
    const pg: QueryPlan = {
      engine: 'postgres',
      steps: [],
      scans: [],
      flagged: [],
      totalCost: 42.5,
    };
    expect(costProxy(pg)).toEqual({ unit: 'pg_cost', value: 42.5, fullScans: 0 });
    expect(costProxy({ ...pg, totalCost: 0.2 })?.value).toBe(1);
  });
});
