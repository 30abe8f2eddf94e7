import { chinookForTests } from '@nl2sql/datasets';
import type { Datasource } from '@nl2sql/datasource';
import { openSqlite, type SqliteDatasource } from '@nl2sql/datasource-sqlite';
import { EngineError } from '@nl2sql/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatasourceCatalog } from '../src/datasource-catalog.js';

const chinook = await chinookForTests();

/** The real Chinook datasource, counting introspections and failing the first `failures`. */
function counted(inner: Datasource, failures = 0) {
  let left = failures;
  const calls = { introspect: 0 };
  const datasource: Datasource = {
    engine: inner.engine,
    introspect: async (o) => {
      calls.introspect++;
      if (left-- > 0) throw new Error('introspection failed (injected)');
      return inner.introspect(o);
    },
    fingerprint: () => inner.fingerprint(),
    execute: (sql, o) => inner.execute(sql, o),
    close: async () => {},
  };
  return { datasource, calls };
}

describe('DatasourceCatalog', () => {
  it('refuses an id registered twice', () => {
    const { datasource } = counted({} as Datasource);
    const twice = () =>
      new DatasourceCatalog(
        [
          { id: 'shop', datasource },
          { id: 'shop', datasource },
        ],
        undefined,
      );
    expect(twice).toThrow(EngineError);
    expect(twice).toThrow('datasource id "shop" is registered twice');
  });

  it('rejects an unknown id with UNKNOWN_DATASOURCE', async () => {
    const catalog = new DatasourceCatalog([], undefined);
    await expect(catalog.prepare('nowhere')).rejects.toMatchObject({
      code: 'UNKNOWN_DATASOURCE',
      message: 'unknown datasource "nowhere"',
    });
  });

  describe.skipIf(chinook.path === undefined)('on Chinook', () => {
    let sqlite: SqliteDatasource;
    beforeAll(async () => {
      sqlite = await openSqlite(chinook.path as string);
    });
    afterAll(async () => {
      await sqlite.close();
    });

    it('introspects a datasource once, whatever the number of asks', async () => {
      const { datasource, calls } = counted(sqlite);
      const catalog = new DatasourceCatalog([{ id: 'chinook', datasource }], { kTables: 3 });
      const [a, b] = await Promise.all([catalog.prepare('chinook'), catalog.prepare('chinook')]);
      expect(a).toBe(b);
      expect(await catalog.prepare('chinook')).toBe(a);
      expect(calls.introspect).toBe(1);
      expect(a.dialect).toBe('sqlite');
      expect(a.schema.tables.map((t) => t.name)).toContain('Invoice');
      expect(a.fingerprint).toBe(await sqlite.fingerprint());
    });

    it('tries a failed introspection again on the next ask instead of keeping the failure', async () => {
      const { datasource, calls } = counted(sqlite, 1);
      const catalog = new DatasourceCatalog([{ id: 'chinook', datasource }], undefined);
      await expect(catalog.prepare('chinook')).rejects.toThrow('introspection failed (injected)');
      const prepared = await catalog.prepare('chinook');
      expect(prepared.schema.tables.length).toBeGreaterThan(0);
      expect(calls.introspect).toBe(2);
    });

    it('keeps the ids in the order given', () => {
      const catalog = new DatasourceCatalog(
        [
          { id: 'b', datasource: sqlite },
          { id: 'a', datasource: sqlite },
        ],
        undefined,
      );
      expect(catalog.ids).toEqual(['b', 'a']);
      expect(catalog.size).toBe(2);
      expect(catalog.has('a')).toBe(true);
      expect(catalog.has('c')).toBe(false);
    });
  });
});
