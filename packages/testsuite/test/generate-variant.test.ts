import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { chinookForTests } from '@nl2sql/datasets';
import { openSqlite } from '@nl2sql/datasource-sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateVariant } from '../src/generate-variant.js';
import { deriveSeed } from '../src/seeded-random.js';
import { SqliteFile } from '../src/sqlite-file.js';
import { buildVariantContext, type VariantContext } from '../src/variant-context.js';
import { COMPANY_GOLDS, companyDatabase } from './fixtures/company.js';

// Tests that read the real Chinook database skip, with the reason printed, where the
// documented lookup cannot find it (never under CI, where a missing database is a failure).
const chinook = await chinookForTests();
const noChinook = chinook.path === undefined;

async function rows(file: string, sql: string): Promise<Record<string, unknown>[]> {
  const db = await SqliteFile.open(file, 'read');
  try {
    return await db.all(sql);
  } finally {
    await db.close();
  }
}

async function contextOf(file: string, golds: Parameters<typeof buildVariantContext>[1]) {
  const source = await openSqlite(file);
  try {
    return await buildVariantContext(source, golds);
  } finally {
    await source.close();
  }
}

describe('generateVariant on a schema with cycles, composite keys and constraints', () => {
  let original: string;
  let context: VariantContext;
  const seeds = Array.from({ length: 12 }, (_, i) => deriveSeed(7, 'variant', i));

  beforeAll(async () => {
    original = await companyDatabase();
    context = await contextOf(original, COMPANY_GOLDS);
  });
  afterAll(async () => {
    await rm(join(original, '..'), { recursive: true, force: true });
  });

  it('fills the cycle table with the nullable back-key first and skips the trigger', () => {
    const order = context.model.fillOrder;
    expect(order.indexOf('dept')).toBeLessThan(order.indexOf('emp'));
    expect(order.indexOf('region')).toBeLessThan(order.indexOf('dept'));
    expect(order.indexOf('project')).toBeLessThan(order.indexOf('assignment'));
    expect(context.model.deferred.get('dept')?.map((fk) => fk.columns)).toEqual([['head']]);
    expect(context.model.skippedTriggers).toEqual(['emp_touch']);
  });

  it('writes byte-identical files for the same seed and different ones for another', async () => {
    const a = join(original, '..', 'a.sqlite');
    const b = join(original, '..', 'b.sqlite');
    const c = join(original, '..', 'c.sqlite');
    const first = await generateVariant(context, seeds[0]!, a);
    const again = await generateVariant(context, seeds[0]!, b);
    const other = await generateVariant(context, seeds[1]!, c);
    expect(Buffer.compare(await readFile(a), await readFile(b))).toBe(0);
    expect(again.sha256).toBe(first.sha256);
    expect(other.sha256).not.toBe(first.sha256);
  });

  it('keeps every key, NOT NULL and CHECK constraint on every seed', async () => {
    const planted = {
      nullHead: false,
      nullStatus: false,
      childlessDept: false,
      duplicateNames: false,
    };
    for (const [i, seed] of seeds.entries()) {
      const file = join(original, '..', `v${i}.sqlite`);
      const variant = await generateVariant(context, seed, file);
      expect(await rows(file, 'PRAGMA foreign_key_check')).toEqual([]);
      expect(await rows(file, 'PRAGMA integrity_check')).toEqual([{ integrity_check: 'ok' }]);
      const [counts] = await rows(
        file,
        `SELECT (SELECT count(*) FROM emp WHERE name IS NULL OR salary IS NULL OR dept_id IS NULL) AS null_required,
                (SELECT count(*) FROM emp WHERE salary <= 0 OR status NOT IN ('active', 'left')) AS bad_check,
                (SELECT count(*) FROM dept WHERE budget < 0) AS bad_budget,
                (SELECT count(*) FROM emp WHERE manager IS NOT NULL AND manager NOT IN (SELECT id FROM emp)) AS bad_manager`,
      );
      expect(counts).toEqual({ null_required: 0, bad_check: 0, bad_budget: 0, bad_manager: 0 });
      expect(variant.rows.emp).toBeGreaterThan(0);
      const [seen] = await rows(
        file,
        `SELECT (SELECT count(*) FROM dept WHERE head IS NULL) AS null_head,
                (SELECT count(*) FROM emp WHERE status IS NULL) AS null_status,
                (SELECT count(*) FROM dept d WHERE NOT EXISTS (SELECT 1 FROM emp e WHERE e.dept_id = d.id)) AS childless,
                (SELECT count(*) FROM (SELECT name FROM emp GROUP BY name HAVING count(*) > 1)) AS dup_names`,
      );
      planted.nullHead ||= Number(seen!.null_head) > 0;
      planted.nullStatus ||= Number(seen!.null_status) > 0;
      planted.childlessDept ||= Number(seen!.childless) > 0;
      planted.duplicateNames ||= Number(seen!.dup_names) > 0;
    }
    expect(planted).toEqual({
      nullHead: true,
      nullStatus: true,
      childlessDept: true,
      duplicateNames: true,
    });
  });

  it('replays the views', async () => {
    const file = join(original, '..', 'view.sqlite');
    await generateVariant(context, seeds[2]!, file);
    const [view] = await rows(file, "SELECT count(*) AS n FROM sqlite_schema WHERE type = 'view'");
    expect(view).toEqual({ n: 1 });
  });
});

describe.skipIf(noChinook)('generateVariant on Chinook', () => {
  let original: string;
  let context: VariantContext;
  const golds = [
    {
      id: 'revenue_2025',
      sql: "SELECT ROUND(SUM(i.Total), 2) FROM Invoice i WHERE i.InvoiceDate >= '2025-01-01' AND i.InvoiceDate < '2026-01-01'",
      orderMatters: false,
    },
    {
      id: 'jazz',
      sql: "SELECT COUNT(*) FROM Track t JOIN Genre g ON g.GenreId = t.GenreId WHERE g.Name = 'Jazz'",
      orderMatters: false,
    },
  ];
  const dir = join(process.env.TMPDIR ?? '/tmp', `nl2sql-testsuite-chinook-${process.pid}`);

  beforeAll(async () => {
    original = chinook.path!;
    context = await contextOf(original, golds);
    await rm(dir, { recursive: true, force: true });
    await import('node:fs/promises').then((fs) => fs.mkdir(dir, { recursive: true }));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('plants the gold literals, their boundaries and NULL join keys', async () => {
    let boundary = false;
    let jazz = false;
    let nullGenre = false;
    for (let i = 0; i < 8; i += 1) {
      const file = join(dir, `v${i}.sqlite`);
      await generateVariant(context, deriveSeed(3, 'variant', i), file);
      expect(await rows(file, 'PRAGMA foreign_key_check')).toEqual([]);
      const [r] = await rows(
        file,
        `SELECT (SELECT count(*) FROM Invoice WHERE InvoiceDate IN ('2025-01-01 00:00:00', '2024-12-31 23:59:59', '2026-01-01 00:00:00', '2025-12-31 23:59:59')) AS boundary,
                (SELECT count(*) FROM Track t JOIN Genre g ON g.GenreId = t.GenreId WHERE g.Name = 'Jazz') AS jazz,
                (SELECT count(*) FROM Track WHERE GenreId IS NULL) AS null_genre`,
      );
      boundary ||= Number(r!.boundary) > 0;
      jazz ||= Number(r!.jazz) > 0;
      nullGenre ||= Number(r!.null_genre) > 0;
    }
    expect({ boundary, jazz, nullGenre }).toEqual({ boundary: true, jazz: true, nullGenre: true });
  });
});
