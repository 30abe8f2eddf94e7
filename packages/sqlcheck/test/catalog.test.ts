// Compile-time guard: @nl2sql/datasource's introspected DatabaseSchema stays a SchemaLike, so
// the runner and the reference engine hand an introspection to the checks as is, while this
// pure package imports no adapter (the datasource is a dev dependency, for this test only).
import { chinookForTests } from '@nl2sql/datasets';
import type { DatabaseSchema } from '@nl2sql/datasource';
import { openSqlite } from '@nl2sql/datasource-sqlite';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { runChecks, type SchemaLike, type SchemaTable } from '../src/index.js';

// The runtime test reads the real Chinook database; it skips, with the reason printed, where
// the documented lookup cannot find it (never under CI, where a missing database fails).
const chinook = await chinookForTests();

describe('SchemaLike', () => {
  it("is satisfied by @nl2sql/datasource's DatabaseSchema", () => {
    expectTypeOf<DatabaseSchema>().toExtend<SchemaLike>();
    expectTypeOf<DatabaseSchema['tables'][number]>().toExtend<SchemaTable>();
  });

  it.skipIf(chinook.path === undefined)('takes what introspection returns as is', async () => {
    const datasource = await openSqlite(chinook.path as string);
    try {
      const schema: DatabaseSchema = await datasource.introspect({ rowCounts: false });
      const l2 = async (sql: string) =>
        (await runChecks(sql, { dialect: 'sqlite', schema })).levels[1];
      expect(await l2('SELECT Title FROM Album LIMIT 5')).toMatchObject({
        skipped: false,
        pass: true,
      });
      expect(await l2('SELECT Nope FROM Album LIMIT 5')).toMatchObject({ pass: false });
    } finally {
      await datasource.close();
    }
  });
});
