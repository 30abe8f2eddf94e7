// Issue 31: `nl2sql check --dialect mysql|duckdb` refuses each dialect's file and session
// paths with their rule, and passes a benign query in each.
import { describe, expect, test } from 'vitest';
import { EXIT, main } from '../src/index.js';
import { captureIo } from './io-capture.js';

const check = async (...args: string[]) => {
  const c = captureIo();
  const code = await main(['check', ...args], c.io);
  return { code, out: c.out(), err: c.err() };
};

describe('nl2sql check --dialect mysql|duckdb', () => {
  test('MySQL: INTO OUTFILE fails L3 with file-access (exit 1); a benign query passes', async () => {
    const bad = await check("SELECT Name FROM Artist INTO OUTFILE '/tmp/x'", '--dialect', 'mysql');
    expect(bad.code).toBe(EXIT.failed);
    expect(bad.out).toContain('[file-access]');
    const good = await check(
      "SELECT DATE_FORMAT(InvoiceDate, '%Y') AS y FROM Invoice LIMIT 5",
      '--dialect',
      'mysql',
    );
    expect(good.code).toBe(EXIT.ok);
  });

  test('DuckDB: read_csv and a replacement scan fail L3 (exit 1), with --json rule ids', async () => {
    const r = await check(
      "SELECT * FROM read_csv('/etc/passwd') LIMIT 1",
      '--dialect',
      'duckdb',
      '--json',
    );
    expect(r.code).toBe(EXIT.failed);
    const report = JSON.parse(r.out) as { levels: { violations: { rule: string }[] }[] };
    expect(report.levels[2]?.violations.map((v) => v.rule)).toContain('dangerous-function');
    const scan = await check("SELECT * FROM 'data.csv' LIMIT 1", '--dialect', 'duckdb');
    expect(scan.code).toBe(EXIT.failed);
    expect(scan.out).toContain('[file-access]');
    expect((await check('SELECT Name FROM Artist LIMIT 5', '--dialect', 'duckdb')).code).toBe(
      EXIT.ok,
    );
  });

  test('an unknown dialect is still a usage error naming the four', async () => {
    const r = await check('SELECT 1', '--dialect', 'oracle');
    expect(r.code).toBe(EXIT.usage);
    expect(r.err).toMatch(/mysql/);
  });
});
