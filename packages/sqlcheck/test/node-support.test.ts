// @polyglot-sql/sdk declares Node >= 22, and so does this package (for npm --engine-strict);
// the workspace develops and runs CI on Node >= 20.19. This test loads the SDK on the Node
// running it, parses and transpiles real queries (the benign Chinook
// corpora, both dialects), and records the Node version it ran on in the test report
// (task.meta.node in .reports/vitest.json, and an annotation), so a run on Node 20 is
// evidence that the SDK works below its declared floor.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as sdk from '@polyglot-sql/sdk';
import { describe, expect, it } from 'vitest';
import { BENIGN_CHINOOK } from './fixtures/chinook-corpus.js';
import { BENIGN_CHINOOK_POSTGRES } from './fixtures/chinook-postgres-corpus.js';

declare module 'vitest' {
  interface TaskMeta {
    node?: string;
    nodeMajor?: number;
    sdkDeclares?: string;
  }
}

const nodeMajor = Number(process.versions.node.split('.')[0]);

function sdkEngines(): string {
  const require = createRequire(import.meta.url);
  const entry = require.resolve('@polyglot-sql/sdk');
  // dist/index.cjs -> the package root
  const manifest = JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')) as {
    name: string;
    engines?: { node?: string };
  };
  expect(manifest.name).toBe('@polyglot-sql/sdk');
  return manifest.engines?.node ?? '(none)';
}

describe("@polyglot-sql/sdk on this machine's Node", () => {
  it('parses and transpiles the benign corpora, and records the Node it ran on', async ({
    task,
    annotate,
  }) => {
    task.meta.node = process.version;
    task.meta.nodeMajor = nodeMajor;
    task.meta.sdkDeclares = sdkEngines();
    await annotate(
      `ran on Node ${process.version}; the SDK declares node ${task.meta.sdkDeclares}`,
    );
    // the workspace's floor (engines >= 20.19 in the root package.json)
    expect(nodeMajor).toBeGreaterThanOrEqual(20);

    for (const sql of BENIGN_CHINOOK) {
      const parsed = sdk.parse(sql, sdk.Dialect.SQLite);
      expect(parsed.success, `${sql}: ${parsed.error}`).toBe(true);
      const pg = sdk.transpile(sql, sdk.Dialect.SQLite, sdk.Dialect.PostgreSQL);
      expect(pg.success, `${sql}: ${pg.error}`).toBe(true);
      expect(pg.sql?.length).toBe(1);
      // the PostgreSQL text parses back as one statement
      const back = sdk.parse(pg.sql?.[0] ?? '', sdk.Dialect.PostgreSQL);
      expect(back.success && back.ast?.length === 1, pg.sql?.[0]).toBe(true);
    }
    for (const sql of BENIGN_CHINOOK_POSTGRES) {
      const lite = sdk.transpile(sql, sdk.Dialect.PostgreSQL, sdk.Dialect.SQLite);
      expect(lite.success, `${sql}: ${lite.error}`).toBe(true);
    }
    const known = sdk.transpile(
      'SELECT IFNULL(a, 0) FROM t',
      sdk.Dialect.SQLite,
      sdk.Dialect.PostgreSQL,
    );
    expect(known.sql?.[0]).toBe('SELECT COALESCE(a, 0) FROM t');
  });
});
