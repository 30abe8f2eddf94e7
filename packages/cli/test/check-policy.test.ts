// `nl2sql check`'s L3 policy (issue 25): the LIMIT rule, vetted functions and the size limit,
// from flags and from the project's evals.yaml `checks:`, flags first.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { DEFAULT_MAX_SQL_BYTES_HELP } from '../src/commands/check.js';
import { EXIT, main } from '../src/index.js';
import { captureIo } from './io-capture.js';

const check = async (args: string[], cwd?: string) => {
  const c = captureIo();
  const io = cwd ? { ...c.io, cwd } : c.io;
  const code = await main(['check', ...args], io);
  return { code, out: c.out(), err: c.err() };
};

/** A folder holding an evals.yaml with this `checks:` section. */
async function projectWith(checks: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'nl2sql-check-policy-'));
  await writeFile(
    join(dir, 'evals.yaml'),
    `version: 1\ndatasources:\n  shop:\n    engine: sqlite\n    path: shop.sqlite\nsuites: [shop.yaml]\n${checks}`,
  );
  return dir;
}

function wideSelect(bytes: number): string {
  const parts: string[] = [];
  for (let i = 0, length = 0; length < bytes; i++) {
    parts.push(`TrackId + ${i} AS c${i}`);
    length += parts[parts.length - 1]!.length + 2;
  }
  return `SELECT ${parts.join(', ')} FROM Track LIMIT 10`;
}

describe('nl2sql check: the L3 policy', () => {
  test('a one-row aggregate needs no LIMIT; --require-limit false drops the rule', async () => {
    expect((await check(['SELECT COUNT(*) FROM Genre'])).code).toBe(EXIT.ok);
    expect((await check(["SELECT 'a' /* x */ AS b LIMIT 1"])).code).toBe(EXIT.ok);
    const plain = await check(['SELECT Name FROM Track']);
    expect(plain.code).toBe(EXIT.failed);
    expect(plain.out).toContain('[limit-missing]');
    expect((await check(['SELECT Name FROM Track', '--require-limit', 'false'])).code).toBe(
      EXIT.ok,
    );
    expect((await check(['SELECT Name FROM Track', '--require-limit', 'maybe'])).code).toBe(
      EXIT.usage,
    );
  });

  test('--function vets a name; a denied function stays denied', async () => {
    const udf = 'SELECT my_udf(Name) AS x FROM Track LIMIT 1';
    expect((await check([udf])).out).toContain('[function-not-allowed]');
    expect((await check([udf, '--function', 'my_udf'])).code).toBe(EXIT.ok);
    const sleep = await check([
      'SELECT pg_sleep(10) AS x LIMIT 1',
      '--dialect',
      'postgres',
      '--function',
      'pg_sleep',
    ]);
    expect(sleep.code).toBe(EXIT.failed);
    expect(sleep.out).toContain('[dangerous-function]');
  });

  test('SQL over the size limit fails L1 and L3 unread; --max-sql-bytes raises it', async () => {
    const sql = wideSelect(DEFAULT_MAX_SQL_BYTES_HELP + 1000);
    const over = await check([sql]);
    expect(over.code).toBe(EXIT.failed);
    expect(over.out).toMatch(/L1 syntax\s+FAIL/);
    expect(over.out).toContain(
      `[sql-too-large] the SQL is ${sql.length} bytes, over the limit of 65536 bytes`,
    );
    expect((await check([sql, '--max-sql-bytes', '200000'])).code).toBe(EXIT.ok);
    expect((await check(['SELECT 1 AS a LIMIT 1', '--max-sql-bytes', '10'])).code).toBe(
      EXIT.failed,
    );
    expect((await check(['SELECT 1 AS a LIMIT 1', '--max-sql-bytes', '0'])).code).toBe(EXIT.usage);
  });

  test("the project's checks: apply, and each flag replaces its key", async () => {
    const dir = await projectWith(
      'checks:\n  require_limit: false\n  allowed_functions: [my_udf]\n  max_sql_bytes: 100\n',
    );
    expect((await check(['SELECT my_udf(Name) AS x FROM Track'], dir)).code).toBe(EXIT.ok);
    expect((await check(['SELECT Name FROM Track', '--require-limit', 'true'], dir)).code).toBe(
      EXIT.failed,
    );
    const long = `SELECT Name FROM Track WHERE Name <> '${'x'.repeat(120)}'`;
    expect((await check([long], dir)).out).toContain('[sql-too-large]');
    expect((await check([long, '--max-sql-bytes', '1000'], dir)).code).toBe(EXIT.ok);
  });

  test('a checks: section that is not valid is one located line, exit 3', async () => {
    const dir = await projectWith('checks:\n  requires_limit: false\n');
    const r = await check(['SELECT 1 AS a LIMIT 1'], dir);
    expect(r.code).toBe(EXIT.config);
    expect(r.err).toContain("evals.yaml:8: checks.requires_limit: unknown field 'requires_limit'");
    expect(r.err).not.toContain('    at ');
  });
});
