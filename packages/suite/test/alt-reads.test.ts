import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AccessPolicy,
  alternativeReads,
  alternativesFor,
  caseForRole,
  type EvalCase,
} from '../src/index.js';

const policy: AccessPolicy = {
  roles: {
    admin: { tables: ['orders', 'customers', 'customer_totals'] },
    analyst: { tables: ['orders', 'customers'] },
    // Reads customers, but only their id and name.
    support: { tables: ['orders', 'customers'], columns: { customers: ['id', 'name'] } },
  },
};

const base: EvalCase = {
  id: 'totals',
  question: 'Total per customer?',
  datasource: 'shop',
  source: 'hand',
  tags: [],
  order_matters: false,
  outcome: { admin: 'allowed', analyst: 'allowed', support: 'allowed' },
  tables: ['customers', 'orders'],
  columns: ['customers.id', 'customers.name', 'orders.customer_id', 'orders.total'],
  sql: 'SELECT c.name, SUM(o.total) FROM customers c JOIN orders o ON o.customer_id = c.id GROUP BY c.id',
  rows: [['Ada', 30.5]],
  alt_sql: [
    'SELECT name, total FROM customer_totals',
    "SELECT c.name || ' <' || c.email || '>', SUM(o.total) FROM customers c JOIN orders o ON o.customer_id = c.id GROUP BY c.id",
    "SELECT c.name || ':', SUM(o.total) FROM customers c JOIN orders o ON o.customer_id = c.id GROUP BY c.id",
  ],
  alt_rows: [[['Ada', 30.5, 1]], [['Ada <ada@example.com>', 30.5]], [['Ada:', 30.5]]],
  alt_reads: [
    { tables: ['customer_totals'], columns: ['customer_totals.name', 'customer_totals.total'] },
    {
      tables: ['customers', 'orders'],
      columns: [
        'customers.email',
        'customers.id',
        'customers.name',
        'orders.customer_id',
        'orders.total',
      ],
    },
    {
      tables: ['customers', 'orders'],
      columns: ['customers.id', 'customers.name', 'orders.customer_id', 'orders.total'],
    },
  ],
};

describe('which alternatives count for a role', () => {
  it('counts an alternative only for a role that may read every table and column it reads', () => {
    expect(alternativesFor(base, 'admin', policy)).toEqual([0, 1, 2]);
    expect(alternativesFor(base, 'analyst', policy)).toEqual([1, 2]);
    // support may not read customers.email, nor the view.
    expect(alternativesFor(base, 'support', policy)).toEqual([2]);
    // A role the policy does not name reads nothing.
    expect(alternativesFor(base, 'intern', policy)).toEqual([]);
    // No policy, or no role: nothing to keep, every alternative counts.
    expect(alternativesFor(base, 'support', undefined)).toEqual([0, 1, 2]);
    expect(alternativesFor(base, null, policy)).toEqual([0, 1, 2]);
  });

  it('reads an undeclared alternative as the case reads; an alt_reads without its entry counts for nobody', () => {
    const { alt_reads: _, ...plain } = base;
    expect(alternativeReads(plain, 0)).toEqual({ tables: base.tables, columns: base.columns });
    expect(alternativesFor(plain, 'support', policy)).toEqual([0, 1, 2]);
    const short: EvalCase = { ...base, alt_reads: base.alt_reads?.slice(0, 1) };
    expect(alternativeReads(short, 2)).toBeUndefined();
    expect(alternativesFor(short, 'admin', policy)).toEqual([0]);
  });

  it('gives the case with only those alternatives, sql, rows and reads kept in step', () => {
    const analyst = caseForRole(base, 'analyst', policy);
    expect(analyst.alt_sql).toEqual(base.alt_sql?.slice(1));
    expect(analyst.alt_rows).toEqual(base.alt_rows?.slice(1));
    expect(analyst.alt_reads).toEqual(base.alt_reads?.slice(1));
    expect(caseForRole(base, 'admin', policy)).toBe(base);
    const nobody = caseForRole(base, 'intern', policy);
    expect(nobody.alt_sql).toBeUndefined();
    expect(nobody.alt_rows).toBeUndefined();
    expect(nobody.alt_reads).toBeUndefined();
    expect(nobody.rows).toEqual(base.rows);
  });

  it('property: a role granted more tables never loses an alternative', () => {
    const tables = ['orders', 'customers', 'customer_totals'];
    fc.assert(
      fc.property(fc.subarray(tables), fc.subarray(tables), (some, more) => {
        const narrow: AccessPolicy = { roles: { r: { tables: some } } };
        const wide: AccessPolicy = { roles: { r: { tables: [...new Set([...some, ...more])] } } };
        const a = alternativesFor(base, 'r', narrow);
        const b = alternativesFor(base, 'r', wide);
        expect(a.every((i) => b.includes(i))).toBe(true);
      }),
    );
  });
});
