import { createHash } from 'node:crypto';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSqlite, type SqliteDatasource } from '@nl2sql/datasource-sqlite';
import { compilePlan, validatePlan } from '@nl2sql/plan';
import { type EvalSuite, lintSuite, loadSuite } from '@nl2sql/suite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  generateSynthetic,
  SHOP_TABLES,
  SYNTHETIC_DATASOURCE,
  SYNTHETIC_POLICY,
  type SyntheticSet,
} from '../src/index.js';

const CASES = 400;
const tempDir = () => mkdtemp(join(tmpdir(), 'synthetic-'));
const sha256 = async (path: string) =>
  createHash('sha256')
    .update(await readFile(path))
    .digest('hex');

let first: SyntheticSet;
let suite: EvalSuite;
let db: SqliteDatasource;

beforeAll(async () => {
  first = await generateSynthetic({ seed: 7, cases: CASES, dir: await tempDir() });
  suite = await loadSuite(first.suitePath);
  db = await openSqlite(first.databasePath);
});

afterAll(async () => {
  await db?.close();
});

describe('generateSynthetic', () => {
  it('writes the same database and suite, byte for byte, for the same seed', async () => {
    const again = await generateSynthetic({ seed: 7, cases: CASES, dir: await tempDir() });
    expect(await sha256(again.databasePath)).toBe(await sha256(first.databasePath));
    expect(await sha256(again.suitePath)).toBe(await sha256(first.suitePath));
  });

  it('writes another database and suite for another seed', async () => {
    const other = await generateSynthetic({ seed: 8, cases: CASES, dir: await tempDir() });
    expect(await sha256(other.suitePath)).not.toBe(await sha256(first.suitePath));
    expect(await sha256(other.databasePath)).not.toBe(await sha256(first.databasePath));
    const [a, b] = [first, other].map((set) => openSqlite(set.databasePath));
    const firstNames = async (pending: typeof a) => {
      const handle = await pending;
      const rows = (
        await handle.execute('SELECT first_name FROM customers ORDER BY customer_id LIMIT 20')
      ).rows;
      await handle.close();
      return rows;
    };
    expect(await firstNames(a)).not.toEqual(await firstNames(b));
  });

  it('draws the same first cases whatever the count', async () => {
    const fewer = await generateSynthetic({ seed: 7, cases: 50, dir: await tempDir() });
    const head = (await loadSuite(fewer.suitePath)).cases;
    expect(head).toEqual(suite.cases.slice(0, 50));
  });

  it('builds every table with its rows, foreign keys holding', async () => {
    const schema = await db.introspect({ rowCounts: true });
    const names = schema.tables.map((t) => t.name).filter((n) => !n.startsWith('sqlite_'));
    expect(names.sort()).toEqual(SHOP_TABLES.map((t) => t.name).sort());
    const counts = await db.execute(
      `SELECT ${SHOP_TABLES.map((t) => `(SELECT COUNT(*) FROM ${t.name})`).join(', ')}`,
    );
    const total = (counts.rows[0] as number[]).reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(100_000);
    expect(total).toBeLessThan(300_000);
    // Every foreign key finds its row.
    for (const table of SHOP_TABLES)
      for (const c of table.columns) {
        if (!c.references) continue;
        const [parent, key] = c.references;
        const orphans = await db.execute(
          `SELECT COUNT(*) FROM ${table.name} AS t LEFT JOIN ${parent} AS p ON p.${key} = t.${c.name} WHERE t.${c.name} IS NOT NULL AND p.${key} IS NULL`,
        );
        expect(orphans.rows, `${table.name}.${c.name}`).toEqual([[0]]);
      }
    // NULLs where the schema allows them.
    const nulls = await db.execute(
      'SELECT (SELECT COUNT(*) FROM customers WHERE email IS NULL), (SELECT COUNT(*) FROM orders WHERE shipped_on IS NULL)',
    );
    expect((nulls.rows[0] as number[]).every((n) => n > 0)).toBe(true);
  });

  it('writes a lint-clean suite: plans valid, SQL, tables, columns, outcomes and rows agreeing', async () => {
    const schema = await db.introspect();
    const findings = await lintSuite(suite, {
      schema,
      policy: SYNTHETIC_POLICY,
      datasources: [SYNTHETIC_DATASOURCE],
      roles: Object.keys(SYNTHETIC_POLICY.roles),
      datasource: db,
      require: { approved: true, datasource: SYNTHETIC_DATASOURCE },
    });
    expect(findings).toEqual([]);
    // The same lint does see a case that breaks the policy.
    const [one] = suite.cases.filter((c) => c.outcome.catalog === 'refused');
    if (!one) throw new Error('no case refused to catalog');
    const broken = {
      ...suite,
      cases: [{ ...one, outcome: { ...one.outcome, catalog: 'allowed' as const } }],
    };
    const found = await lintSuite(broken, { policy: SYNTHETIC_POLICY });
    expect(found.map((f) => f.rule)).toContain('outcome-mismatch');
  });

  it('gives each answerable case the SQL its plan compiles to, and rows', () => {
    const answerable = suite.cases.filter((c) => c.sql !== undefined);
    expect(answerable.length).toBeGreaterThan(CASES * 0.9);
    for (const c of answerable) {
      if (!c.plan) throw new Error(`${c.id} has no plan`);
      expect(compilePlan(c.plan, 'sqlite')).toBe(c.sql);
      expect(c.rows, c.id).toBeDefined();
    }
    // Most questions have an answer in the data, not an empty result.
    const empty = answerable.filter((c) => c.rows?.length === 0).length;
    expect(empty / answerable.length).toBeLessThan(0.25);
  });

  it('covers the plan model and the roles: joins, grouping, paging, dates, refusals, unanswerables', async () => {
    const schema = await db.introspect();
    const tags = new Set(suite.cases.flatMap((c) => c.tags));
    for (const tag of [
      'single-table',
      'join',
      'multi-join',
      'filter',
      'aggregation',
      'having',
      'order-limit',
      'offset',
      'date',
      'paraphrase',
      'rbac-denial',
      'unanswerable',
    ])
      expect(tags, tag).toContain(tag);
    for (const c of suite.cases) if (c.plan) expect(validatePlan(c.plan, schema), c.id).toEqual([]);
    const outcomes = new Set(suite.cases.flatMap((c) => Object.values(c.outcome)));
    expect([...outcomes].sort()).toEqual(['allowed', 'refused', 'unanswerable']);
  });
});
