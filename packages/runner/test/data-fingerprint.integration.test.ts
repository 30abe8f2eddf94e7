// A resume refuses a database whose data changed since the journal was written: the
// fingerprint is the row counts and, for a SQLite file, its content.

import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chinookForTests } from '@nl2sql/datasets';
import { openSqlite } from '@nl2sql/datasource-sqlite';
import { defaultPlugins } from '@nl2sql/runner-plugins';
import sqlite3 from 'sqlite3';
import { describe, expect, it } from 'vitest';
import { databaseIdentity, dataFingerprint, runEval } from '../src/index.js';
import { FakeEngine } from './fake-engine.js';
import { SUITE } from './suite-fixture.js';

/** The default plugins (@nl2sql/runner-plugins): the runner's own tests run with the real passes. */
const PLUGINS = await defaultPlugins();

// Tests that read the real Chinook database skip, with the reason printed, where the
// documented lookup cannot find it (never under CI, where a missing database is a failure).
const chinook = await chinookForTests();
const noChinook = chinook.path === undefined;

/** Runs one statement against a SQLite file (the test's own writer; the datasource is read-only). */
function write(file: string, sql: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const db = new sqlite3.Database(file, (error) => {
      if (error) return reject(error);
      db.exec(sql, (execError) => db.close(() => (execError ? reject(execError) : resolve())));
    });
  });
}

async function fingerprintOf(file: string) {
  const datasource = await openSqlite(file);
  try {
    return {
      data: await dataFingerprint(datasource),
      database: await databaseIdentity('chinook', datasource),
    };
  } finally {
    await datasource.close();
  }
}

describe('dataFingerprint and resume', () => {
  it.skipIf(noChinook)(
    'the same file gives the same digest; a changed row or a deleted one gives another',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'data-'));
      const file = join(dir, 'chinook.sqlite');
      copyFileSync(chinook.path as string, file);
      const before = await fingerprintOf(file);
      expect((await fingerprintOf(file)).data).toEqual(before.data);
      expect(before.data.rowCounts.Invoice).toBe(412);

      const journal = join(dir, 'run.jsonl');
      const controller = new AbortController();
      await runEval({
        plugins: PLUGINS,
        suite: SUITE,
        engine: new FakeEngine(SUITE),
        concurrency: 1,
        journal,
        ...before,
        signal: controller.signal,
        sqlChecks: false,
        onEvent: (e) => {
          if (e.type === 'case.finished' && e.completedCases === 3) controller.abort();
        },
      });

      // An edit that keeps every count: only the content tells.
      await write(file, 'UPDATE Invoice SET Total = Total + 1 WHERE InvoiceId = 1');
      const edited = await fingerprintOf(file);
      expect(edited.data.rowCounts).toEqual(before.data.rowCounts);
      expect(edited.data.digest).not.toBe(before.data.digest);
      await expect(
        runEval({
          plugins: PLUGINS,
          suite: SUITE,
          engine: new FakeEngine(SUITE),
          journal,
          resume: true,
          ...edited,
        }),
      ).rejects.toMatchObject({
        code: 'JOURNAL_MISMATCH',
        message: expect.stringContaining(
          "the database's data changed (same row counts, different content)",
        ),
      });

      await write(
        file,
        'DELETE FROM InvoiceLine WHERE InvoiceId = 1; DELETE FROM Invoice WHERE InvoiceId = 1',
      );
      const shorter = await fingerprintOf(file);
      await expect(
        runEval({
          plugins: PLUGINS,
          suite: SUITE,
          engine: new FakeEngine(SUITE),
          journal,
          resume: true,
          ...shorter,
        }),
      ).rejects.toMatchObject({
        message: expect.stringMatching(
          /data changed \(Invoice 412 -> 411 rows, InvoiceLine 2240 -> 22\d\d rows\)/,
        ),
      });

      // The data the journal was written against, restored: the run resumes and finishes.
      copyFileSync(chinook.path as string, file);
      const restored = await fingerprintOf(file);
      expect(restored.data).toEqual(before.data);
      const resumed = await runEval({
        plugins: PLUGINS,
        suite: SUITE,
        engine: new FakeEngine(SUITE),
        journal,
        resume: true,
        ...restored,
        sqlChecks: false,
      });
      expect(resumed.completedCases).toBe(10);
    },
    60_000,
  );
});
