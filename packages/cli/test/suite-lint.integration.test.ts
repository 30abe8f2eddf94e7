import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { locateChinook } from '@nl2sql/datasets';
import { describe, expect, test } from 'vitest';
import { EXIT, main } from '../src/index.js';
import { captureIo } from './io-capture.js';

// A one-case suite in the real format; its count is right (275 artists in Chinook).
const SUITE = `name: demo
version: 1
cases:
  - id: c1
    question: How many artists are there?
    datasource: chinook
    source: hand
    approved: true
    tags: [ single-table, aggregation ]
    order_matters: false
    outcome:
      admin: allowed
    tables: [ Artist ]
    columns: []
    sql: |-
      SELECT COUNT(*) FROM Artist
    rows:
      - [ 275 ]
    plan:
      select:
        - expr: { kind: aggregate, func: count }
      from: { table: Artist }
`;

const lint = async (...args: string[]) => {
  const c = captureIo();
  const code = await main(['suite', 'lint', ...args], c.io);
  return { code, out: c.out(), err: c.err() };
};

async function suiteFile(text: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'nl2sql-suite-lint-'));
  const file = join(dir, 'demo.yaml');
  await writeFile(file, text);
  return file;
}

describe('nl2sql suite lint', () => {
  test('the Chinook suite lints clean against Chinook and its policy (exit 0)', async () => {
    const r = await lint('--json');
    const report = JSON.parse(r.out) as { cases: number; findings: unknown[] };
    expect(report.cases).toBe(47);
    expect(report.findings).toEqual([]);
    expect(r.code).toBe(EXIT.ok);
  });

  test('a format error names the file, line, case and field (exit 1)', async () => {
    const file = await suiteFile(
      SUITE.replace('single-table, aggregation', 'single-table, agregation'),
    );
    const r = await lint(file);
    expect(r.code).toBe(EXIT.failed);
    expect(r.err).toContain(file);
    expect(r.err).toMatch(/:\d+/);
    expect(r.err).toContain('c1');
    expect(r.err).toContain('tags[1]');
  });

  test('a case that reads a table it does not list is a finding (exit 1)', async () => {
    const file = await suiteFile(SUITE.replace('tables: [ Artist ]', 'tables: [ Album ]'));
    const r = await lint(file, '--db', await locateChinook());
    expect(r.code).toBe(EXIT.failed);
    expect(r.out).toMatch(/^c1: [a-z-]+: .*Artist/m);
  });

  test('a clean suite without --db says which rules it skipped', async () => {
    const r = await lint(await suiteFile(SUITE));
    expect(r.out).toContain(
      '1 cases, 0 finding(s); skipped schema rules (no --db), outcome rules (no --policy)',
    );
    expect(r.code).toBe(EXIT.ok);
  });
});
