import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chinookForTests } from '@nl2sql/datasets';
import { describe, expect, test } from 'vitest';
import { EXIT, main } from '../src/index.js';
import { cli, initialisedShop } from './authoring-project.js';
import { captureIo } from './io-capture.js';

// Tests that read the real Chinook database skip, with the reason printed, where the
// documented lookup cannot find it (never under CI, where a missing database is a failure).
const chinook = await chinookForTests();
const noChinook = chinook.path === undefined;

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
  test.skipIf(noChinook)(
    'the Chinook suite lints clean against Chinook and its policy (exit 0)',
    async () => {
      const r = await lint('--json');
      const report = JSON.parse(r.out) as { cases: number; findings: unknown[] };
      expect(report.cases).toBe(47);
      expect(report.findings).toEqual([]);
      expect(r.code).toBe(EXIT.ok);
    },
  );

  test('a format error names the file, line, case and field (exit 1)', async () => {
    const file = await suiteFile(
      SUITE.replace('single-table, aggregation', 'single-table, agre gation'),
    );
    const r = await lint(file);
    expect(r.code).toBe(EXIT.failed);
    expect(r.err).toContain(file);
    expect(r.err).toMatch(/:\d+/);
    expect(r.err).toContain('c1');
    expect(r.err).toContain('tags[1]');
  });

  test.skipIf(noChinook)(
    'a case that reads a table it does not list is a located finding (exit 1)',
    async () => {
      const file = await suiteFile(SUITE.replace('tables: [ Artist ]', 'tables: [ Album ]'));
      const r = await lint(file, '--db', chinook.path!);
      expect(r.code).toBe(EXIT.failed);
      const tablesLine = SUITE.split('\n').findIndex((l) => l.includes('tables:')) + 1;
      expect(r.out).toContain(
        `${file}:${tablesLine}: c1: tables-mismatch (error): tables lists Album, sql reads Artist`,
      );
    },
  );

  test.skipIf(noChinook)(
    '--json gives each finding its file, line, case, rule, severity and message',
    async () => {
      const file = await suiteFile(SUITE.replace('tables: [ Artist ]', 'tables: [ Album ]'));
      const r = await lint(file, '--db', chinook.path!, '--json');
      const report = JSON.parse(r.out) as { modes: string[]; findings: unknown[] };
      expect(report.modes).toEqual(['plans', 'full', 'engine', 'retrieval']);
      expect(report.findings).toContainEqual({
        file,
        line: SUITE.split('\n').findIndex((l) => l.includes('tables:')) + 1,
        caseId: 'c1',
        rule: 'tables-mismatch',
        severity: 'error',
        message: 'tables lists Album, sql reads Artist',
      });
    },
  );

  test('a clean suite without --db says which rules it skipped', async () => {
    const r = await lint(await suiteFile(SUITE));
    expect(r.out).toContain(
      '1 cases, modes plans, full, engine, retrieval: 0 error(s), 0 warning(s); skipped schema and row-width rules (no --db), outcome rules (no --policy)',
    );
    expect(r.code).toBe(EXIT.ok);
  });

  test('plan-missing is an error for --mode plans and not reported for --mode engine', async () => {
    const noPlan = SUITE.slice(0, SUITE.indexOf('    plan:'));
    const withPlan = SUITE.replace('id: c1', 'id: c0');
    // One case with a plan declares mode plans for the suite; the other then lacks one.
    const file = await suiteFile(`${withPlan}${noPlan.slice(noPlan.indexOf('  - id: c1'))}`);
    const plans = await lint(file, '--mode', 'plans');
    expect(plans.code).toBe(EXIT.failed);
    expect(plans.out).toMatch(
      /:\d+: c1: plan-missing \(error\): an answerable case needs a gold plan/,
    );
    const engine = await lint(file, '--mode', 'engine');
    expect(engine.out).not.toContain('plan-missing');
    expect(engine.code).toBe(EXIT.ok);
    // By default: the modes the suite declares, plans among them.
    expect((await lint(file)).out).toContain('plan-missing');
    // A suite without any plan declares no mode plans.
    const none = await lint(await suiteFile(noPlan));
    expect(none.out).toContain('modes full, engine, retrieval: 0 error(s)');
    expect(none.code).toBe(EXIT.ok);
  });

  test('duplicate ids name both lines', async () => {
    const second = SUITE.slice(SUITE.indexOf('  - id: c1'));
    const file = await suiteFile(`${SUITE}\n${second}`);
    const r = await lint(file);
    const lines = `${SUITE}\n${second}`
      .split('\n')
      .flatMap((l, i) => (l.startsWith('  - id: c1') ? [i + 1] : []));
    expect(r.out).toContain(
      `${file}:${lines[1]}: c1: duplicate-id (error): id c1 is used by the cases at lines ${lines[0]} and ${lines[1]}`,
    );
    expect(r.code).toBe(EXIT.failed);
  });

  test('a case naming an unknown datasource is an error', async () => {
    const file = await suiteFile(SUITE.replace('datasource: chinook', 'datasource: nowhere'));
    const r = await lint(file);
    expect(r.out).toMatch(
      /:6: c1: unknown-datasource \(error\): datasource nowhere is not one this run knows \(chinook\)/,
    );
    expect(r.code).toBe(EXIT.failed);
  });

  test('a YAML alias is a located format error, not a crash (exit 1)', async () => {
    const file = await suiteFile(
      SUITE.replace('tables: [ Artist ]', 'tables: &t [ Artist ]').replace(
        'columns: []',
        'columns: *t',
      ),
    );
    const r = await lint(file);
    expect(r.code).toBe(EXIT.failed);
    expect(r.err).toMatch(new RegExp(`^${file}:\\d+: YAML alias \\*t is not allowed in a suite`));
  });

  test('--db that is a directory or not SQLite is one line and exit 3', async () => {
    const file = await suiteFile(SUITE);
    const dir = await mkdtemp(join(tmpdir(), 'nl2sql-db-'));
    const notDb = join(dir, 'notes.sqlite');
    await writeFile(notDb, 'these are notes, not a database\n');
    for (const [db, why] of [
      [dir, 'is a directory, not a SQLite file'],
      [notDb, 'cannot be opened as a SQLite database'],
    ] as const) {
      const r = await lint(file, '--db', db);
      expect(r.code).toBe(EXIT.config);
      expect(r.err.split('\n')).toHaveLength(1);
      expect(r.err).toContain(`--db ${db}: ${why}`);
    }
  });
});

// evals.yaml whose database file is gone: what lint reads besides the database comes first.
describe('nl2sql suite lint in a project whose database is missing', () => {
  test('a --policy file that is not there, or a malformed suite: reported, not the database', async () => {
    const dir = await initialisedShop();
    await rm(join(dir, 'shop.sqlite'));
    const policy = await cli(dir, 'suite', 'lint', '--policy', 'gone.json');
    expect(policy.code).toBe(EXIT.config);
    expect(policy.err).toBe(`nl2sql: --policy ${join(dir, 'gone.json')}: no such file`);
    await writeFile(join(dir, 'suites', 'shop.yaml'), 'name: shop\nversion: one\ncases: []\n');
    const malformed = await cli(dir, 'suite', 'lint');
    expect(malformed.code).toBe(EXIT.failed);
    expect(malformed.err).toContain('shop.yaml');
    expect(malformed.err).not.toContain('shop.sqlite');
  });
});
