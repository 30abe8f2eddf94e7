// Issue 11 item 1, end to end: `nl2sql check` on the exact text from the issue. PostgreSQL
// ends a `--` comment at CR, so the text runs SELECT and then DROP TABLE; the check must
// fail (exit 1) and name the rule, where it used to print "All checks passed".
import { describe, expect, test } from 'vitest';
import { EXIT, main } from '../src/index.js';
import { captureIo } from './io-capture.js';

const check = async (...args: string[]) => {
  const c = captureIo();
  const code = await main(['check', ...args], c.io);
  return { code, out: c.out(), err: c.err() };
};

const CHAIN = 'SELECT 1 AS x LIMIT 1 -- note\r; DROP TABLE track';

describe('nl2sql check: a statement chain behind a carriage return', () => {
  test('--dialect postgres fails L3 with multiple-statements (exit 1)', async () => {
    const r = await check(CHAIN, '--dialect', 'postgres');
    expect(r.code).toBe(EXIT.failed);
    expect(r.out).toMatch(/L3 safety\s+FAIL/);
    expect(r.out).toContain('[multiple-statements]');
    expect(r.out).not.toContain('All checks passed');
  });

  test('--json carries the rule id', async () => {
    const r = await check(CHAIN, '--dialect', 'postgres', '--json');
    expect(r.code).toBe(EXIT.failed);
    const report = JSON.parse(r.out) as { levels: { violations: { rule: string }[] }[] };
    expect(report.levels[2]?.violations.map((v) => v.rule)).toContain('multiple-statements');
  });

  test('SQLite keeps the DROP inside the comment (it ends -- at LF only), so it passes', async () => {
    const r = await check(CHAIN, '--dialect', 'sqlite');
    expect(r.code).toBe(EXIT.ok);
  });
});

describe('nl2sql check: a statement chain is named once (issue 30)', () => {
  test('the text board names multiple-statements once, with the levels that found it', async () => {
    const r = await check('SELECT 1; DROP TABLE x');
    expect(r.code).toBe(EXIT.failed);
    expect(r.out.split('\n')).toEqual([
      'L1 syntax  FAIL',
      '   - [multiple-statements] expected 1 statement, got 2 (select, drop_table) (L1, L3)',
      'L2 schema  skipped',
      'L3 safety  FAIL',
      '   - [multiple-statements] (named under L1)',
      '   - [not-a-query] top-level drop_table is not a read query',
      '   - [ddl] drop table is not allowed in a read query',
      'Checks failed.',
    ]);
    expect(r.out.match(/expected 1 statement/g)).toHaveLength(1);
  });

  test('--json keeps each level whole', async () => {
    const r = await check('SELECT 1; DROP TABLE x', '--json');
    const report = JSON.parse(r.out) as { levels: { violations: { rule: string }[] }[] };
    expect(report.levels[0]?.violations.map((v) => v.rule)).toEqual(['multiple-statements']);
    expect(report.levels[2]?.violations.map((v) => v.rule)).toContain('multiple-statements');
  });
});
