// `eval run` admits a suite before its first ask: a suite it cannot score honestly is refused
// with exit 3 and every reason, located; bad files and values are one line, never a crash.
import { mkdtemp, readFile, truncate, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chinookForTests } from '@nl2sql/datasets';
import { describe, expect, test } from 'vitest';
import { EXIT, main } from '../src/index.js';
import { captureIo } from './io-capture.js';

// Tests that read the real Chinook database skip, with the reason printed, where the
// documented lookup cannot find it (never under CI, where a missing database is a failure).
const chinook = await chinookForTests();
const noChinook = chinook.path === undefined;

/** Two cases as a person writes them, before regenerate: no rows yet. */
const WRITTEN = `name: fresh
version: 1
cases:
  - id: artists
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
    plan:
      select:
        - expr: { kind: aggregate, func: count }
      from: { table: Artist }

  - id: albums
    question: How many albums are there?
    datasource: chinook
    source: hand
    approved: true
    tags: [ single-table, aggregation ]
    order_matters: false
    outcome:
      admin: allowed
    tables: [ Album ]
    columns: []
    sql: |-
      SELECT COUNT(*) FROM Album
    alt_sql:
      - |-
        SELECT COUNT(AlbumId) FROM Album
    plan:
      select:
        - expr: { kind: aggregate, func: count }
      from: { table: Album }
`;
/** The same after regenerate (275 artists, 347 albums in Chinook). */
const WRITTEN_WITH_ROWS = WRITTEN.replace(
  '      SELECT COUNT(*) FROM Artist\n',
  '      SELECT COUNT(*) FROM Artist\n    rows:\n      - [ 275 ]\n',
)
  .replace(
    '      SELECT COUNT(*) FROM Album\n',
    '      SELECT COUNT(*) FROM Album\n    rows:\n      - [ 347 ]\n',
  )
  .replace(
    '        SELECT COUNT(AlbumId) FROM Album\n',
    '        SELECT COUNT(AlbumId) FROM Album\n    alt_rows:\n      - - [ 347 ]\n',
  );

const lineOf = (text: string, needle: string, from = 0): number =>
  text.slice(0, text.indexOf(needle, from)).split('\n').length;

async function suiteFile(text: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'nl2sql-admit-'));
  const file = join(dir, 'fresh.yaml');
  await writeFile(file, text);
  return file;
}

// stderr less the progress lines (`[n/N] config case role status`): what the run complained of.
const complaints = (err: string) =>
  err
    .split('\n')
    .filter((line) => line !== '' && !/^\[\d+\/\d+\] /.test(line))
    .join('\n');

const run = async (...args: string[]) => {
  const c = captureIo();
  const code = await main(['eval', 'run', ...args], c.io);
  return { code, out: c.out(), err: c.err() };
};

describe.skipIf(noChinook)(
  'eval run refuses a suite it cannot score (exit 3, before the first ask)',
  () => {
    test('cases without gold rows: every one named with its line, and the command that writes them', async () => {
      // Regression: this suite scored 100% strict and lenient and exited 0.
      const file = await suiteFile(WRITTEN);
      const r = await run('--suite', file);
      expect(r.code).toBe(EXIT.config);
      expect(r.out).toBe('');
      expect(r.err.split('\n')).toEqual([
        `nl2sql: suite fresh: 3 case(s) have no gold rows, so a run could only score their outcome. Gold rows are written by regenerate: \`nl2sql suite regenerate ${file}\` (then review the diff).`,
        `  ${file}:${lineOf(WRITTEN, '- id: artists')}: case artists: no rows`,
        `  ${file}:${lineOf(WRITTEN, '- id: albums')}: case albums: no rows`,
        `  ${file}:${lineOf(WRITTEN, '- id: albums')}: case albums: alt_sql[0] has no alt_rows`,
      ]);
    }, 60_000);

    test('the command it names writes the rows, and the run then scores them', async () => {
      const file = await suiteFile(WRITTEN);
      const g = captureIo();
      expect(await main(['suite', 'regenerate', file, '--db', chinook.path!], g.io)).toBe(EXIT.ok);
      expect(g.out()).toContain('wrote rows of 2 case(s) (artists, albums)');
      const written = await readFile(file, 'utf8');
      expect(written).toContain('    rows:\n      - [ 275 ]\n');
      expect(written).toContain('    alt_rows:\n      - - [ 347 ]\n');
      const r = await run('--suite', file, '--json');
      expect(r.code).toBe(EXIT.ok);
      const { report } = JSON.parse(r.out) as {
        report: { configs: { cases: { status: string }[] }[] };
      };
      expect(report.configs[0]?.cases.map((c) => c.status)).toEqual(['pass', 'pass']);
    }, 60_000);

    test('a draft case (not approved) without rows does not block the run', async () => {
      const draft = `${WRITTEN_WITH_ROWS}\n${WRITTEN.slice(WRITTEN.indexOf('  - id: albums'))
        .replace('id: albums', 'id: draft')
        .replace('approved: true', 'approved: false')}`;
      const r = await run('--suite', await suiteFile(draft));
      // Skipped and said so, never refused.
      expect(complaints(r.err)).toBe('1 unapproved case skipped; nl2sql suite review');
      expect(r.code).toBe(EXIT.ok);
    }, 60_000);

    test('duplicate ids: both lines named', async () => {
      const again = WRITTEN_WITH_ROWS.slice(WRITTEN_WITH_ROWS.indexOf('  - id: albums'));
      const text = `${WRITTEN_WITH_ROWS}\n${again}`;
      const file = await suiteFile(text);
      const r = await run('--suite', file);
      expect(r.code).toBe(EXIT.config);
      const first = lineOf(text, '- id: albums');
      const second = lineOf(text, '- id: albums', text.indexOf('- id: albums') + 1);
      expect(r.err).toContain(
        `${file}:${second}: albums: duplicate-id (error): id albums is used by the cases at lines ${first} and ${second}`,
      );
      expect(r.out).toBe('');
    }, 60_000);

    test('a case naming an unknown datasource', async () => {
      // Regression: `datasource: nowhere` ran against Chinook and passed.
      const text = WRITTEN_WITH_ROWS.replace('datasource: chinook', 'datasource: nowhere');
      const file = await suiteFile(text);
      const r = await run('--suite', file);
      expect(r.code).toBe(EXIT.config);
      expect(r.err).toContain(
        `${file}:${lineOf(text, 'datasource: nowhere')}: artists: unknown-datasource (error): datasource nowhere is not one this run knows (chinook)`,
      );
    }, 60_000);

    test('rows narrower than the gold sql returns', async () => {
      const text = WRITTEN_WITH_ROWS.replace(
        'SELECT COUNT(*) FROM Artist',
        'SELECT COUNT(*), 1 FROM Artist',
      );
      const r = await run('--suite', await suiteFile(text));
      expect(r.code).toBe(EXIT.config);
      expect(r.err).toContain(
        'artists: rows-width (error): rows have 1 cell(s), the gold sql returns 2 column(s)',
      );
    }, 60_000);

    test('--roles that a case does not list in its outcome', async () => {
      const text = WRITTEN_WITH_ROWS.replace(
        'outcome:\n      admin: allowed\n    tables: [ Album ]',
        'outcome:\n      admin: allowed\n      sales: allowed\n    tables: [ Album ]',
      );
      const r = await run('--suite', await suiteFile(text), '--roles', 'admin,sales');
      expect(r.code).toBe(EXIT.config);
      expect(r.err).toContain(
        'artists: outcome-roles (error): outcome has no sales, so the case would not be asked as that role',
      );
    }, 60_000);
  },
);

describe.skipIf(noChinook)('plan-missing blocks mode plans only', () => {
  const noPlans = WRITTEN_WITH_ROWS.replace(
    / {4}plan:\n {6}select:\n {8}- expr: \{ kind: aggregate, func: count \}\n {6}from: \{ table: Artist \}\n/,
    '',
  );

  test('mode plans refuses a case without a plan', async () => {
    const r = await run('--suite', await suiteFile(noPlans));
    expect(r.code).toBe(EXIT.config);
    expect(r.err).toContain('artists: plan-missing (error): an answerable case needs a gold plan');
  }, 60_000);

  test('a run against an external engine does not need plans', async () => {
    const counts: Record<string, number> = { Artist: 275, Album: 347 };
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        // This engine does not describe itself (GET /describe): it is recorded as unknown.
        if (req.method === 'GET') {
          res.writeHead(404).end();
          return;
        }
        const { question } = JSON.parse(body) as { question: string };
        const table = question.includes('artists') ? 'Artist' : 'Album';
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            status: 'success',
            sql: `SELECT COUNT(*) FROM ${table}`,
            results: [{ columns: ['n'], rows: [[counts[table]]], truncated: false }],
            answer: null,
            error: null,
            usage: [],
            trace: {},
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const r = await run(
        '--suite',
        await suiteFile(noPlans),
        '--engine',
        `http://127.0.0.1:${port}`,
      );
      expect(complaints(r.err)).toBe('');
      expect(r.code).toBe(EXIT.ok);
      expect(r.out).toMatch(/accuracy strict\s+2\/2/);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }, 60_000);
});

describe('located errors, not crashes: one line, exit 3', () => {
  const oneLine = (r: { err: string }) => {
    expect(r.err.split('\n')).toHaveLength(1);
    expect(r.err).not.toContain('    at ');
  };

  // The suite is read before the built-in project looks for Chinook: no skip without it.
  test('a YAML alias in the suite', async () => {
    const text = WRITTEN_WITH_ROWS.replace('tables: [ Artist ]', 'tables: &t [ Artist ]').replace(
      'tables: [ Album ]',
      'tables: *t',
    );
    const file = await suiteFile(text);
    const r = await run('--suite', file);
    expect(r.code).toBe(EXIT.config);
    oneLine(r);
    expect(r.err).toBe(
      `nl2sql: ${file}:${lineOf(text, '*t')}: YAML alias *t is not allowed in a suite: write the value out`,
    );
  });

  // The suite is read before the built-in project looks for Chinook: no skip without it.
  test('a suite over the size limit, refused before parsing', async () => {
    const file = await suiteFile(WRITTEN_WITH_ROWS);
    await truncate(file, 200 * 1024 * 1024); // sparse: 200 MiB on disk in name only
    const started = performance.now();
    const r = await run('--suite', file);
    expect(performance.now() - started).toBeLessThan(5000);
    expect(r.code).toBe(EXIT.config);
    oneLine(r);
    expect(r.err).toContain('the suite is 200.0 MiB, above the 128.0 MiB limit');
    expect(r.err).toContain('Raise the limit with --max-suite-mb N.');
    const small = await run(
      '--suite',
      await suiteFile(`${WRITTEN_WITH_ROWS}#${'x'.repeat(1 << 20)}\n`),
      '--max-suite-mb',
      '1',
    );
    expect(small.code).toBe(EXIT.config);
    expect(small.err).toContain('above the 1.0 MiB limit');
  });

  test('--db that is a directory, or a file that is not SQLite', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'nl2sql-db-'));
    const notDb = join(dir, 'chinook.sqlite');
    await writeFile(notDb, 'PK\u0003\u0004 a zip, not a database');
    const a = await run('--db', dir);
    expect(a.code).toBe(EXIT.config);
    oneLine(a);
    expect(a.err).toBe(`nl2sql: --db ${dir}: is a directory, not a SQLite file`);
    const b = await run('--db', notDb);
    expect(b.code).toBe(EXIT.config);
    oneLine(b);
    expect(b.err).toContain(`--db ${notDb}: cannot be opened as a SQLite database (`);
  });

  test('--passes above the maximum, and --engine that is not an http(s) URL', async () => {
    const p = await run('--passes', '1000');
    expect(p.code).toBe(EXIT.config);
    oneLine(p);
    expect(p.err).toContain('--passes 1000 is above the maximum of 100');
    for (const url of ['localhost:8080', 'ftp://127.0.0.1/', 'not a url']) {
      const e = await run('--engine', url);
      expect(e.code, url).toBe(EXIT.config);
      oneLine(e);
      expect(e.err).toContain(
        `--engine must be an http:// or https:// URL, got ${JSON.stringify(url)}`,
      );
    }
  });
});
