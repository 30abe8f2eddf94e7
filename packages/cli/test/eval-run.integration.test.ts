import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chinookForTests } from '@nl2sql/datasets';
import { writeRecord } from '@nl2sql/records';
import { beforeAll, describe, expect, test } from 'vitest';
import { readSavedReport } from '../src/eval/saved-report.js';
import { EXIT, main } from '../src/index.js';
import { errorReply, failReply, startEngineServer } from './engine-server.js';
import { captureIo } from './io-capture.js';

// Tests that read the real Chinook database skip, with the reason printed, where the
// documented lookup cannot find it (never under CI, where a missing database is a failure).
const chinook = await chinookForTests();
const noChinook = chinook.path === undefined;

describe('nl2sql eval run', () => {
  test.skipIf(noChinook)(
    'mode plans on Chinook passes every case for every role and prints the board',
    async () => {
      const c = captureIo();
      expect(await main(['eval', 'run'], c.io)).toBe(EXIT.ok);
      const out = c.out();
      expect(out).toContain('mode plans, suite chinook.yaml');
      expect(out).toMatch(/case runs\s+141\/141/);
      expect(out).toMatch(/accuracy strict\s+141\/141 {2}100\.0% {2}\(Wilson 95% 97\.3%-100\.0%\)/);
      expect(out).toMatch(/answerability\s+141\/141/);
      // The engine's latency and the harness's own time per case run, on separate rows.
      expect(out).toMatch(/engine latency\s+p50 [\d.]+ ms, p95 [\d.]+ ms/);
      expect(out).toMatch(/harness overhead\s+p50 [\d.]+ ms, p95 [\d.]+ ms per case run/);
      expect(out).not.toContain('Failing case runs');
      // Progress goes to stderr, one plain line per case run off a terminal; stdout is the board.
      expect(c.err()).toContain('[141/141] plans');
      expect(out).not.toMatch(/\[\d+\/141\]/);
    },
    120_000,
  );

  test.skipIf(noChinook)(
    '--json prints the report a script can read, with --cases and --roles applied',
    async () => {
      const c = captureIo();
      const code = await main(
        ['eval', 'run', '--json', '--cases', 'chinook_001,chinook_002', '--roles', 'admin'],
        c.io,
      );
      expect(code).toBe(EXIT.ok);
      const { report } = JSON.parse(c.out()) as {
        report: {
          planned_cases: number;
          configs: {
            cases: {
              case_id: string;
              role: string;
              status: string;
              scores: {
                sql_checks: { pass: boolean; detail: { levels: { skipped: boolean }[] } };
              };
            }[];
          }[];
        };
      };
      expect(report.planned_cases).toBe(2);
      expect(report.configs[0]?.cases.map((r) => [r.case_id, r.role, r.status])).toEqual([
        ['chinook_001', 'admin', 'pass'],
        ['chinook_002', 'admin', 'pass'],
      ]);
      // The static checks ran all three levels (L2 against the database's schema) and found
      // nothing: the engine's LIMIT (its row cap + 1) is within what the checks accept.
      const checks = (report.configs[0]?.cases ?? []).map((r) => r.scores.sql_checks);
      expect(checks.map((k) => [k.pass, k.detail.levels.map((l) => l.skipped)])).toEqual([
        [true, [false, false, false]],
        [true, [false, false, false]],
      ]);
    },
    60_000,
  );

  test.skipIf(noChinook)(
    'a live progress line on a terminal, cleared before the board',
    async () => {
      const lines: string[] = [];
      const c = captureIo({ isTty: true, status: (t) => lines.push(t) });
      expect(await main(['eval', 'run', '--cases', 'chinook_001'], c.io)).toBe(EXIT.ok);
      expect(lines[0]).toMatch(/^\[1\/3\] 100\.0% passed, \$0\.0000 {2}chinook_001$/);
      expect(lines.at(-1)).toBe('');
      expect(c.out()).not.toContain('[1/3] plans');
      expect(c.err()).not.toContain('[1/3] plans');
    },
    60_000,
  );

  test.skipIf(noChinook)(
    "mode retrieval reports recall, spec 003's figures and the settings used; --top-k sets k",
    async () => {
      const c = captureIo();
      expect(
        await main(
          [
            'eval',
            'run',
            '--mode',
            'retrieval',
            '--json',
            '--top-k',
            '6',
            '--cases',
            'chinook_002,chinook_014,chinook_017',
          ],
          c.io,
        ),
      ).toBe(EXIT.ok);
      const { report } = JSON.parse(c.out()) as {
        report: {
          settings: { retrieval: Record<string, unknown> };
          configs: {
            config: { name: string };
            metrics: {
              retrieval: Record<string, unknown> & { cases: number; table_recall: number };
            };
          }[];
        };
      };
      expect(report.configs[0]?.config.name).toBe('retrieval');
      const r = report.configs[0]?.metrics.retrieval;
      expect(r?.cases).toBe(7);
      expect(r?.table_recall).toBeGreaterThan(0.5);
      // chinook_014 names nothing in the schema: its two case runs end in no_candidates.
      expect(r?.boundary_as_expected).toEqual({ count: 5, total: 7, rate: 5 / 7 });
      expect(r?.reference_matches).toMatchObject({ total: 7 });
      expect(r?.complete).toMatchObject({ total: 7 });
      expect(typeof r?.element_recall).toBe('number');
      expect(report.settings.retrieval).toMatchObject({
        full_snapshot_max_tables: 0,
        k_tables: 4,
        k_columns: 6,
        table_columns: 'all',
        path_completion: true,
      });

      // The board prints them.
      const board = captureIo();
      expect(
        await main(['eval', 'run', '--mode', 'retrieval', '--cases', 'chinook_002'], board.io),
      ).toBe(EXIT.ok);
      expect(board.out()).toMatch(/joins recall\s+100\.0%/);
      expect(board.out()).toMatch(/gold query on what was sent\s+3\/3/);
      expect(board.out()).toMatch(/state as expected\s+3\/3/);
    },
    60_000,
  );

  test.skipIf(noChinook)(
    "--reporter selection=FILE writes spec 003's report.json for mode retrieval, and only there",
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'nl2sql-selection-'));
      const file = join(dir, 'out', 'report.json');
      const c = captureIo();
      expect(
        await main(
          [
            'eval',
            'run',
            '--mode',
            'retrieval',
            '--cases',
            'chinook_002,chinook_014',
            '--reporter',
            `selection=${file}`,
          ],
          c.io,
        ),
      ).toBe(EXIT.ok);
      const json = JSON.parse(readFileSync(file, 'utf8')) as {
        settings: Record<string, unknown>;
        methods: {
          method: string;
          summary: Record<string, unknown>;
          cases: {
            id: string;
            role: string;
            status: string;
            reference_query?: { status: string };
          }[];
        }[];
        limitations: string[];
      };
      expect(json.methods.map((m) => m.method)).toEqual(['retrieval']);
      const method = json.methods[0]!;
      expect(method.summary).toMatchObject({
        scored_cases: 5,
        complete: { count: 3, of: 5 },
        reference_matches: { count: 3, of: 5 },
        boundary_as_expected: { count: 3, of: 5 },
      });
      const earn = method.cases.filter((x) => x.id === 'chinook_014');
      expect(earn.map((x) => [x.status, x.reference_query?.status])).toEqual([
        ['no_candidates', 'not_run_boundary_state'],
        ['no_candidates', 'not_run_boundary_state'],
      ]);
      expect(json.settings).toMatchObject({ k_columns: 12, dataset: 'chinook.yaml' });
      expect(json.limitations.length).toBeGreaterThan(0);

      const plans = captureIo();
      expect(
        await main(
          ['eval', 'run', '--cases', 'chinook_002', '--reporter', `selection=${file}`],
          plans.io,
        ),
      ).toBe(EXIT.usage);
      expect(plans.err()).toContain(
        '--reporter selection=FILE reports mode retrieval, not mode plans',
      );
      const bare = captureIo();
      expect(
        await main(['eval', 'run', '--mode', 'retrieval', '--reporter', 'selection'], bare.io),
      ).toBe(EXIT.usage);
      expect(bare.err()).toContain('selection=FILE');
      const external = captureIo();
      expect(
        await main(['eval', 'run', '--engine', 'http://127.0.0.1:9/', '--top-k', '3'], external.io),
      ).toBe(EXIT.usage);
      expect(external.err()).toContain('--top-k');
      const zero = captureIo();
      expect(await main(['eval', 'run', '--mode', 'retrieval', '--top-k', '0'], zero.io)).toBe(
        EXIT.usage,
      );
    },
    60_000,
  );

  test.skipIf(noChinook)(
    '--save writes the report and its records; --baseline gates against them',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'nl2sql-eval-'));
      const saved = join(dir, 'report.json');
      const c = captureIo();
      expect(await main(['eval', 'run', '--cases', 'chinook_001', '--save', saved], c.io)).toBe(
        EXIT.ok,
      );
      const report = readSavedReport(saved);
      expect(report.records).toHaveLength(1);
      expect(report.records[0]).toMatchObject({
        schema: 2,
        kind: 'plans',
        config: { name: 'plans' },
      });
      const benchmarks = join(dir, 'benchmarks');
      const first = report.records[0];
      if (!first) throw new Error('no record');
      writeRecord(benchmarks, first);
      const g = captureIo();
      expect(
        await main(['eval', 'run', '--cases', 'chinook_001', '--baseline', benchmarks], g.io),
      ).toBe(EXIT.ok);
      expect(g.out()).toContain('gate: PASS');
      expect(readFileSync(saved, 'utf8')).toContain('"format": "nl2sql-eval-report"');
      expect(c.err()).toContain(`saved ${saved} (1 record)`);
      expect(c.out()).not.toContain('saved');
    },
    60_000,
  );

  // Checked before the built-in project looks for Chinook: runs without it.
  test('usage errors exit 2: a bad mode, an unknown role, mode full without a cap', async () => {
    const a = captureIo();
    expect(await main(['eval', 'run', '--mode', 'fast'], a.io)).toBe(EXIT.usage);
    expect(a.err()).toContain('--mode must be one of plans, full, retrieval, got "fast"');
    const b = captureIo();
    expect(await main(['eval', 'run', '--roles', 'ceo'], b.io)).toBe(EXIT.usage);
    expect(b.err()).toContain('role "ceo"');
    const d = captureIo();
    expect(await main(['eval', 'run', '--mode', 'full', '--llm', 'gpt-5.4'], d.io)).toBe(
      EXIT.usage,
    );
    expect(d.err()).toContain('--max-cost');
  }, 60_000);

  // Checked before the built-in project looks for Chinook: runs without it.
  test('configuration errors exit 3: an unpriced model, a missing key, a missing suite', async () => {
    const a = captureIo();
    expect(
      await main(
        ['eval', 'run', '--mode', 'full', '--llm', 'ollama/llama3', '--max-cost', '1'],
        a.io,
      ),
    ).toBe(EXIT.config);
    expect(a.err()).toContain('No price for model "llama3"');
    const b = captureIo({ env: {} });
    expect(
      await main(['eval', 'run', '--mode', 'full', '--llm', 'gpt-5.4', '--max-cost', '1'], b.io),
    ).toBe(EXIT.config);
    expect(b.err()).toContain('OPENAI_API_KEY');
    const d = captureIo();
    expect(await main(['eval', 'run', '--suite', '/nonexistent/suite.yaml'], d.io)).toBe(
      EXIT.config,
    );
  }, 60_000);
});

describe('nl2sql eval run --journal / --resume', () => {
  test.skipIf(noChinook)(
    'a run cut short resumes from its journal and loses nothing',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'nl2sql-journal-'));
      const journal = join(dir, 'run.jsonl');
      const args = [
        'eval',
        'run',
        '--cases',
        'chinook_001,chinook_002,chinook_003',
        '--journal',
        journal,
      ];
      expect(await main(args, captureIo().io)).toBe(EXIT.ok);
      const lines = readFileSync(journal, 'utf8')
        .split('\n')
        .filter((l) => l !== '');
      expect(lines).toHaveLength(1 + 9);
      // As if killed after four case runs, in the middle of writing the fifth.
      writeFileSync(journal, `${lines.slice(0, 5).join('\n')}\n${lines[5]?.slice(0, 20)}`);
      const c = captureIo();
      expect(await main([...args, '--resume', '--json'], c.io)).toBe(EXIT.ok);
      expect(c.err()).toContain('resuming: 4 of 9 case runs already in the journal');
      const { report } = JSON.parse(c.out()) as {
        report: { completed_cases: number; configs: { cases: unknown[] }[] };
      };
      expect(report.completed_cases).toBe(9);
      expect(report.configs[0]?.cases).toHaveLength(9);
      expect(
        readFileSync(journal, 'utf8')
          .split('\n')
          .filter((l) => l !== ''),
      ).toHaveLength(1 + 9);
    },
    60_000,
  );

  test('--resume without --journal is a usage error', async () => {
    const c = captureIo();
    expect(await main(['eval', 'run', '--resume'], c.io)).toBe(EXIT.usage);
  });
});

describe('nl2sql eval run --engine URL', () => {
  test.skipIf(noChinook)(
    'an HTTP engine is kind engine, named by its host; an engine that only errs scored nothing: exit 3, in one line',
    async () => {
      const engine = await startEngineServer(errorReply('not implemented yet'));
      try {
        const c = captureIo();
        const code = await main(
          ['eval', 'run', '--cases', 'chinook_003', '--engine', engine.url],
          c.io,
        );
        // Every ask an engine error (INTERNAL_ERROR): nothing was scored (issue 24, item 4).
        expect(code).toBe(EXIT.config);
        expect(c.err()).toContain(
          `nl2sql: config ${new URL(engine.url).host} scored nothing: all 3 case run(s) ended in errors before an answer (3 INTERNAL_ERROR); first: chinook_003: not implemented yet`,
        );
        const host = new URL(engine.url).host;
        expect(c.out()).toContain(
          `nl2sql eval, engine ${engine.url}, reference rules (rows and outcomes), suite chinook.yaml`,
        );
        expect(c.out()).toContain(`config ${host}: engine unknown unknown at ${engine.url}`);
        expect(c.out()).toContain('[describe: HTTP 404 (the engine does not describe itself)]');
        expect(c.out()).toContain(
          'chinook_003 as admin: error: expected allowed, the engine answered INTERNAL_ERROR: not implemented yet',
        );
        expect(c.err()).not.toContain('mode plans');
      } finally {
        await engine.close();
      }
    },
    60_000,
  );

  test.skipIf(noChinook)(
    '--name names the config; GET /describe names the engine in the board, the record and the pages',
    async () => {
      const engine = await startEngineServer(failReply('no'), {
        describe: { name: 'acme-sql', version: '2.3.1', models: { planner: 'openai:gpt-5.4' } },
      });
      try {
        const dir = mkdtempSync(join(tmpdir(), 'nl2sql-engine-'));
        const saved = join(dir, 'report.json');
        const c = captureIo();
        const args = ['eval', 'run', '--cases', 'chinook_003', '--engine', engine.url];
        expect(await main([...args, '--name', 'acme', '--save', saved], c.io)).toBe(EXIT.ok);
        expect(c.out()).toContain(
          `config acme: engine acme-sql 2.3.1 (models: openai:gpt-5.4) at ${engine.url}`,
        );
        const record = readSavedReport(saved).records[0];
        expect(record).toMatchObject({
          kind: 'engine',
          engine_version: '2.3.1',
          config: { name: 'acme' },
          engine: { name: 'acme-sql', version: '2.3.1', models: { planner: 'openai:gpt-5.4' } },
          scoreboard: { settings: { mode: 'plans' } },
        });
        // Published: filed under benchmarks/engine/, listed in its own section.
        const readme = join(dir, 'README.md');
        writeFileSync(
          readme,
          '# x\n\n<!-- nl2sql:results:start -->\n<!-- nl2sql:results:end -->\n',
        );
        const p = captureIo({ cwd: dir });
        expect(await main(['eval', 'publish', saved], p.io)).toBe(EXIT.ok);
        expect(p.out()).toMatch(
          /recorded .*benchmarks\/engine\/chinook\/\d{4}-\d{2}-\d{2}_\w+_acme\.json/,
        );
        const page = readFileSync(join(dir, 'docs', 'benchmarks.md'), 'utf8');
        expect(page).toContain('## External engines (evaluated over HTTP)');
        expect(page).toContain('Engine acme-sql, scored in mode plans');
        expect(readFileSync(readme, 'utf8')).toContain('| engine | chinook | acme |');
        // A run of this engine gates against that record, and only of this engine.
        const g = captureIo();
        const gated = await main(
          [...args, '--name', 'acme', '--baseline', join(dir, 'benchmarks')],
          g.io,
        );
        expect(gated).toBe(EXIT.ok);
        expect(g.out()).toContain('gate: PASS');
      } finally {
        await engine.close();
      }
    },
    60_000,
  );

  // Checked before the built-in project looks for Chinook: runs without it.
  test('--name without --engine is a usage error; a URL that is not http(s) a configuration error', async () => {
    const a = captureIo();
    expect(await main(['eval', 'run', '--name', 'x'], a.io)).toBe(EXIT.usage);
    expect(a.err()).toContain('--name names an --engine URL');
    const b = captureIo();
    expect(await main(['eval', 'run', '--engine', 'ftp://x'], b.io)).toBe(EXIT.config);
    expect(b.err()).toContain('must be an http:// or https:// URL');
  });
});

describe('nl2sql eval run --baseline: partial runs and missing baselines', () => {
  let benchmarks: string;

  beforeAll(async () => {
    if (noChinook) return;
    const dir = mkdtempSync(join(tmpdir(), 'nl2sql-partial-'));
    const saved = join(dir, 'report.json');
    const code = await main(
      ['eval', 'run', '--cases', 'chinook_001,chinook_002', '--save', saved],
      captureIo().io,
    );
    expect(code).toBe(EXIT.ok);
    benchmarks = join(dir, 'benchmarks');
    for (const record of readSavedReport(saved).records) writeRecord(benchmarks, record);
  }, 60_000);

  test.skipIf(noChinook)(
    'a run that leaves baseline case runs unrun fails the gate and names them',
    async () => {
      const c = captureIo();
      const args = ['eval', 'run', '--cases', 'chinook_002', '--baseline', benchmarks];
      expect(await main(args, c.io)).toBe(EXIT.failed);
      expect(c.out()).toContain(
        'FAIL plans partial_run: 3 baseline case run(s) were not run (chinook_001 as admin, chinook_001 as catalog, chinook_001 as sales); run them all, or pass --allow-partial',
      );
      expect(c.out()).toContain('gate: FAIL');
      const allowed = captureIo();
      expect(await main([...args, '--allow-partial'], allowed.io)).toBe(EXIT.ok);
      expect(allowed.out()).toContain('note plans partial_run: 3 baseline case run(s)');
      expect(allowed.out()).toContain('gate: PASS');
    },
    60_000,
  );

  test.skipIf(noChinook)(
    '--roles and --tags leave case runs out too',
    async () => {
      const c = captureIo();
      const args = ['eval', 'run', '--cases', 'chinook_001,chinook_002', '--roles', 'admin'];
      expect(await main([...args, '--baseline', benchmarks], c.io)).toBe(EXIT.failed);
      expect(c.out()).toContain('4 baseline case run(s) were not run');
    },
    60_000,
  );

  test.skipIf(noChinook)(
    'no comparable record is a configuration error (exit 3) that says why',
    async () => {
      const empty = mkdtempSync(join(tmpdir(), 'nl2sql-empty-'));
      const c = captureIo();
      const args = ['eval', 'run', '--cases', 'chinook_001', '--baseline', empty];
      expect(await main(args, c.io)).toBe(EXIT.config);
      expect(c.err()).toContain(`no comparable baseline record in ${empty} (it holds no records)`);
      expect(c.err()).toContain('config plans: no record of kind plans, database chinook');
      expect(c.err()).toContain('--baseline-optional');
      // Another suite: the record is there, and the message says what differs.
      const suite = join(empty, 'one.yaml');
      const { CHINOOK_SUITE_PATH } = await import('@nl2sql/datasets');
      writeFileSync(suite, `${readFileSync(CHINOOK_SUITE_PATH, 'utf8')}\n`);
      const d = captureIo();
      expect(
        await main(
          ['eval', 'run', '--suite', suite, '--cases', 'chinook_001', '--baseline', benchmarks],
          d.io,
        ),
      ).toBe(EXIT.config);
      expect(d.err()).toContain('dataset.digest differs');
      // --baseline-optional: today's behaviour for a first run.
      const o = captureIo();
      expect(await main([...args, '--baseline-optional'], o.io)).toBe(EXIT.ok);
      expect(o.out()).toContain('nothing to gate against');
    },
    60_000,
  );

  test('--baseline-optional needs --baseline (--allow-partial also accepts a cap stop without one)', async () => {
    const c = captureIo();
    expect(await main(['eval', 'run', '--baseline-optional'], c.io)).toBe(EXIT.usage);
    expect(c.err()).toContain('--baseline-optional needs --baseline DIR');
  });
});

describe('nl2sql eval run: stdout is the board or the JSON, nothing else', () => {
  test.skipIf(noChinook)(
    '--json with progress on: stdout parses as one JSON document',
    async () => {
      const c = captureIo();
      expect(await main(['eval', 'run', '--json', '--cases', 'chinook_001'], c.io)).toBe(EXIT.ok);
      const parsed = JSON.parse(c.out()) as { report: { completed_cases: number } };
      expect(parsed.report.completed_cases).toBe(3);
      expect(c.err()).toContain('[3/3] plans chinook_001');
    },
    60_000,
  );
});

describe('nl2sql eval run --ask-timeout', () => {
  test.skipIf(noChinook)(
    'an ask past the limit is an error case run with code TIMEOUT',
    async () => {
      const engine = await startEngineServer(errorReply('late'), { delayMs: 2_000 });
      try {
        const c = captureIo();
        const code = await main(
          [
            'eval',
            'run',
            '--cases',
            'chinook_001',
            '--engine',
            engine.url,
            '--ask-timeout',
            '0.2',
            '--json',
          ],
          c.io,
        );
        // Every ask timed out: nothing was scored (exit 3).
        expect(code).toBe(EXIT.config);
        const { report } = JSON.parse(c.out()) as {
          report: { configs: { cases: { status: string; error: { code: string } | null }[] }[] };
        };
        expect(report.configs[0]?.cases.map((r) => [r.status, r.error?.code])).toEqual([
          ['error', 'TIMEOUT'],
          ['error', 'TIMEOUT'],
          ['error', 'TIMEOUT'],
        ]);
      } finally {
        await engine.close();
      }
    },
    60_000,
  );

  test('a value that is not seconds > 0 is a usage error', async () => {
    for (const value of ['0', '-1', 'soon', '']) {
      const c = captureIo();
      expect(await main(['eval', 'run', `--ask-timeout=${value}`], c.io)).toBe(EXIT.usage);
      expect(c.err()).toContain('--ask-timeout must be a positive number of seconds');
    }
  });
});

describe('nl2sql eval run: hard-coded answers are visible', () => {
  test.skipIf(noChinook)(
    'a case answered by a constant query is suspect on the board and in the saved record',
    async () => {
      const { CHINOOK_SUITE_PATH } = await import('@nl2sql/datasets');
      const { loadSuite } = await import('@nl2sql/suite');
      const suite = await loadSuite(CHINOOK_SUITE_PATH);
      const gold = new Map(suite.cases.map((c) => [c.question, c]));
      // The right rows, with SQL that writes them out instead of reading the database.
      const engine = await startEngineServer(({ question }) => {
        const c = gold.get(question);
        const rows = c?.rows ?? [];
        const literal = (v: unknown) => (typeof v === 'number' ? String(v) : `'${String(v)}'`);
        const sql = rows
          .map((row) => `SELECT ${row.map((v, i) => `${literal(v)} AS c${i}`).join(', ')}`)
          .join(' UNION ALL ');
        return {
          status: 'success',
          sql,
          results: [{ columns: (rows[0] ?? []).map((_, i) => `c${i}`), rows, truncated: false }],
          answer: null,
          error: null,
          usage: [],
          trace: { datasource: 'chinook' },
        };
      });
      try {
        const dir = mkdtempSync(join(tmpdir(), 'nl2sql-suspect-'));
        const saved = join(dir, 'report.json');
        const c = captureIo();
        const args = ['eval', 'run', '--cases', 'chinook_001', '--roles', 'admin'];
        const code = await main([...args, '--engine', engine.url, '--save', saved], c.io);
        expect([EXIT.ok, EXIT.failed]).toContain(code);
        expect(c.out()).toMatch(
          /suspect\s+1\/1 {2}passed with a constant query where the gold reads a table/,
        );
        expect(c.out()).toContain('Suspect case runs (1):');
        expect(c.out()).toMatch(/chinook_001 as admin: pass: the gold reads \w+.*constant query/);
        const record = readSavedReport(saved).records[0];
        expect(record?.metrics).toMatchObject({ suspect: { count: 1, total: 1 } });
        expect(record?.scoreboard.cases[0]?.suspect).toContain('constant query');
      } finally {
        await engine.close();
      }
    },
    60_000,
  );

  test.skipIf(noChinook)(
    "records the version the service describes, not this repository's",
    async () => {
      const { createServer } = await import('node:http');
      const server = createServer((req, res) => {
        req.resume();
        req.on('end', () => {
          res.writeHead(200, { 'content-type': 'application/json' });
          if (req.method === 'GET') {
            res.end(JSON.stringify({ name: 'acme-sql', version: '2.3.4' }));
            return;
          }
          res.end(
            JSON.stringify({
              status: 'success',
              sql: 'SELECT 1',
              results: [{ columns: ['x'], rows: [[1]], truncated: false }],
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
      const saved = join(mkdtempSync(join(tmpdir(), 'nl2sql-engine-version-')), 'run.json');
      try {
        const c = captureIo();
        await main(
          [
            'eval',
            'run',
            '--cases',
            'chinook_003',
            '--engine',
            `http://127.0.0.1:${port}`,
            '--save',
            saved,
          ],
          c.io,
        );
        const report = readSavedReport(saved);
        expect(report.records[0]?.engine_version).toBe('2.3.4');
      } finally {
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    },
    60_000,
  );
});
