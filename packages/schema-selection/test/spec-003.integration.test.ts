// Reproduces spec 003's experiment on its fixture: both methods (candidates only, candidates +
// path completion), every case's selection, coverage, reference-query outcome and state, and
// the summary table, cell for cell. The fixture's database is real SQLite, introspected the
// way a run would, and reference queries run on copies restricted to each selection.

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSchema } from '@nl2sql/datasource';
import { openSqlite } from '@nl2sql/datasource-sqlite';
import { readSet } from '@nl2sql/sqlcheck';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  comparisonRows,
  resolveRequirements,
  type SelectionContext,
  type SelectionReport,
  searchTokens,
  summaryCells,
} from '../src/index.js';
import {
  SPEC_003_ALIASES,
  SPEC_003_CASES,
  SPEC_003_LIMITATIONS,
  SPEC_003_STRATEGIES,
  SPEC_003_TABLE,
  type Spec003Outcome,
} from './fixtures/spec-003.js';
import {
  SPEC_003_METHODS as METHODS,
  type Spec003Method as Method,
  runSpec003Experiment,
} from './fixtures/spec-003-experiment.js';

let dir: string;
let file: string;
let schema: DatabaseSchema;
let report: SelectionReport;
let contexts: ReadonlyMap<string, SelectionContext>;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'spec-003-'));
  ({ file, schema, contexts, report } = await runSpec003Experiment(dir));
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

function methodReport(method: Method) {
  const found = report.methods.find((m) => m.method === METHODS[method]);
  if (!found) throw new Error(`no method ${method}`);
  return found;
}

describe("spec 003's summary table", () => {
  it.each(Object.keys(METHODS) as Method[])('%s: every cell as 003 prints it', (method) => {
    expect(summaryCells(methodReport(method).summary)).toEqual(SPEC_003_TABLE[method]);
  });

  it('comparisonRows gives the same cells, one row per method under the headings', () => {
    const [headings, ...rows] = comparisonRows(report);
    expect(headings?.[0]).toBe('method');
    expect(rows).toEqual(
      (Object.keys(METHODS) as Method[]).map((m) => [
        METHODS[m],
        ...Object.values(SPEC_003_TABLE[m]),
      ]),
    );
  });

  it('has five scored and four boundary cases per method', () => {
    for (const method of Object.keys(METHODS) as Method[]) {
      const { summary } = methodReport(method);
      expect(summary.scored_cases).toBe(5);
      expect(summary.reference_matches.of).toBe(5);
      expect(summary.boundary_as_expected.of).toBe(4);
    }
  });
});

// 003's notes and ours say the same thing in two places with different words: completion
// notes "Added FK endpoints: ..." where we write "Added key columns: ..." (a declared
// relationship's keys are not foreign keys), and 003 lists an ambiguity's alternatives in
// foreign-key declaration order where we sort them by label (SQLite reports foreign keys in
// reverse declaration order, so declaration order is not a stable order to rely on). Both are
// compared after undoing exactly those two differences; every other field is compared as is.
function comparableNotes(notes: readonly string[], status: string): string[] {
  const worded = notes.map((n) => n.replace(/^Added key columns: /, 'Added FK endpoints: '));
  return status === 'ambiguous_path' ? [...worded].sort() : worded;
}

describe.each(SPEC_003_CASES.map((c) => [c.id, c] as const))('case %s', (_id, c) => {
  it.each(Object.keys(METHODS) as Method[])('%s: as 003 reports it', (method) => {
    const ours = methodReport(method).cases.find((x) => x.id === c.id)!;
    const spec: Spec003Outcome = c.spec[method];
    expect({
      status: ours.status,
      tables: ours.tables,
      columns: ours.columns,
      relationships: ours.relationships,
      candidate_columns: ours.candidate_columns,
      notes: comparableNotes(ours.notes, ours.status),
    }).toEqual({
      status: spec.status,
      tables: spec.tables,
      columns: spec.columns,
      relationships: spec.relationships,
      candidate_columns: spec.columns.length,
      notes: comparableNotes(spec.notes, spec.status),
    });
    if (spec.coverage) {
      expect(ours.coverage).toEqual({ strategy: c.strategy, ...spec.coverage });
    } else {
      expect(ours.coverage).toBeUndefined();
    }
    if (spec.reference_status) {
      expect(ours.reference_query?.status).toBe(spec.reference_status);
      expect(ours.reference_query?.expected_rows).toEqual(c.reference?.rows);
      if (spec.reference_status === 'matched') {
        expect(ours.reference_query?.actual_rows).toEqual(c.reference?.rows);
      }
    }
    expect(ours.status_matches_expectation).toBe(spec.status_matches_expectation);
  });
});

describe("the fixture is 003's", () => {
  it('introspects to the composite foreign keys 003 joins over, all approved', () => {
    const registry = contexts.get('analyst')!.registry;
    expect(registry.all.map((r) => [r.id, r.approved, r.foreignKey])).toEqual([
      ['order_lines(tenant_id,order_id)->orders(tenant_id,order_id)', true, true],
      ['order_lines(tenant_id,product_id)->products(tenant_id,product_id)', true, true],
      ['orders(tenant_id,customer_id)->customers(tenant_id,customer_id)', true, true],
      ['shipments(tenant_id,destination_id)->warehouses(tenant_id,warehouse_id)', true, true],
      ['shipments(tenant_id,origin_id)->warehouses(tenant_id,warehouse_id)', true, true],
    ]);
    expect(registry.unresolved).toEqual([]);
  });

  it.each(SPEC_003_CASES.filter((c) => c.reference).map((c) => [c.id, c] as const))(
    '%s: the strategy is exactly what the reference SQL reads',
    async (_id, c) => {
      const read = await readSet(c.reference!.sql, schema);
      const strategy = resolveRequirements(
        SPEC_003_STRATEGIES[c.strategy!]!,
        contexts.get(c.role)!.registry,
      );
      expect(read?.unattributed).toEqual([]);
      expect(read?.tables).toEqual(strategy.tables);
      expect(read?.columns).toEqual(strategy.columns);
    },
  );

  it("the reference queries return 003's rows on the whole database", async () => {
    const datasource = await openSqlite(file);
    try {
      for (const c of SPEC_003_CASES) {
        if (!c.reference) continue;
        const result = await datasource.execute(c.reference.sql);
        expect(result.rows, c.id).toEqual(c.reference.rows);
      }
    } finally {
      await datasource.close();
    }
  });

  it('a join on half of a composite key returns other rows (the keys matter)', async () => {
    const datasource = await openSqlite(file);
    try {
      const orders = SPEC_003_CASES.find((c) => c.id === 'orders_zh')!.reference!;
      const halfOrderKey = orders.sql.replace('p.tenant_id = o.tenant_id AND ', '');
      expect(halfOrderKey).not.toBe(orders.sql);
      expect((await datasource.execute(halfOrderKey)).rows).not.toEqual(orders.rows);
      const cp = SPEC_003_CASES.find((c) => c.id === 'customer_product')!.reference!;
      const halfCustomerKey = cp.sql.replace('c.tenant_id = o.tenant_id AND ', '');
      expect(halfCustomerKey).not.toBe(cp.sql);
      expect((await datasource.execute(halfCustomerKey)).rows).not.toEqual(cp.rows);
    } finally {
      await datasource.close();
    }
  });

  it('the window is half-open in Shanghai time: either edge written otherwise changes the rows', async () => {
    const datasource = await openSqlite(file);
    try {
      const orders = SPEC_003_CASES.find((c) => c.id === 'orders_zh')!.reference!;
      const variants = [
        orders.sql.replace(
          "o.created_at < '2024-09-07 16:00:00'",
          "o.created_at <= '2024-09-07 16:00:00'",
        ),
        orders.sql.replace(
          "o.created_at >= '2024-08-31 16:00:00'",
          "o.created_at > '2024-08-31 16:00:00'",
        ),
        // The window in UTC instead of Shanghai time.
        orders.sql
          .replace("'2024-08-31 16:00:00'", "'2024-09-01 00:00:00'")
          .replace("'2024-09-07 16:00:00'", "'2024-09-08 00:00:00'"),
      ];
      for (const sql of variants) {
        expect(sql).not.toBe(orders.sql);
        expect((await datasource.execute(sql)).rows).not.toEqual(orders.rows);
      }
    } finally {
      await datasource.close();
    }
  });

  it('the shipment really has two different warehouses (the ambiguity changes the answer)', async () => {
    const datasource = await openSqlite(file);
    try {
      const via = (column: string) =>
        datasource.execute(
          `SELECT s.tracking_number, w.name FROM shipments AS s JOIN warehouses AS w
           ON w.tenant_id = s.tenant_id AND w.warehouse_id = s.${column}`,
        );
      expect((await via('origin_id')).rows).not.toEqual((await via('destination_id')).rows);
    } finally {
      await datasource.close();
    }
  });
});

describe('retrieval happens in the role scope, on CJK-aware tokens', () => {
  // 003 gives its retriever's output per case (the candidate lists above); these checks tie
  // those lists to the questions through the tokenizer a BM25 retriever would use.
  const documentTokens = (key: string) =>
    new Set(searchTokens(`${key.replace('.', ' ')} ${SPEC_003_ALIASES[key] ?? ''}`));
  const allColumns = () =>
    schema.tables.flatMap((t) => t.columns.map((c) => `${t.name}.${c.name}`));

  it.each(SPEC_003_CASES.map((c) => [c.id, c] as const))(
    '%s: every candidate shares a search token with the question',
    (_id, c) => {
      const question = new Set(searchTokens(c.question));
      for (const key of c.candidates) {
        const shared = [...documentTokens(key)].filter((t) => question.has(t));
        expect(shared.length, key).toBeGreaterThan(0);
      }
    },
  );

  it('the Chinese questions have no Latin word to match: without CJK tokens they retrieve nothing', () => {
    const zh = SPEC_003_CASES.find((c) => c.id === 'customer_product')!.question;
    // Digits of the dates aside, every token is CJK.
    expect(searchTokens(zh).filter((t) => /[a-z]/.test(t))).toEqual([]);
    expect(searchTokens(zh)).toContain('客户');
    expect(searchTokens(zh)).toContain('名称');
  });

  it('denied_salary: only the denied table matches, so the scoped index has no candidate', () => {
    const c = SPEC_003_CASES.find((x) => x.id === 'denied_salary')!;
    const question = new Set(searchTokens(c.question));
    const matches = (keys: string[]) =>
      keys.filter((k) => [...documentTokens(k)].some((t) => question.has(t)));
    expect(matches(allColumns())).toEqual(['employees.salary']);
    const scoped = contexts.get(c.role)!.scope.schema;
    expect(
      matches(scoped.tables.flatMap((t) => t.columns.map((col) => `${t.name}.${col.name}`))),
    ).toEqual([]);
  });
});

describe('report.json', () => {
  it('is plain JSON: it survives a round trip unchanged', () => {
    expect(JSON.parse(JSON.stringify(report))).toEqual(report);
    expect(report.settings).toEqual({ top_k: 8 });
    expect(report.limitations).toEqual(SPEC_003_LIMITATIONS);
  });

  it('records why completion stopped on each boundary case', () => {
    const cases = methodReport('completed').cases;
    const problems = (id: string) => cases.find((c) => c.id === id)?.problems;
    expect(problems('ambiguous_warehouse')).toEqual([
      {
        kind: 'ambiguous_path',
        from: 'shipments',
        to: 'warehouses',
        alternatives: [
          ['shipments(tenant_id,destination_id)->warehouses(tenant_id,warehouse_id)'],
          ['shipments(tenant_id,origin_id)->warehouses(tenant_id,warehouse_id)'],
        ],
      },
    ]);
    expect(problems('disconnected_invoice')).toEqual([
      { kind: 'no_authorized_path', from: 'customers', to: 'invoices', reason: 'none' },
    ]);
    expect(problems('denied_join_key')).toEqual([
      { kind: 'no_authorized_path', from: 'order_lines', to: 'orders', reason: 'denied' },
    ]);
  });
});
