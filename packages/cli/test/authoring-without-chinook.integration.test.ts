// The authoring commands without evals.yaml (the built-in Chinook project, or the Chinook file
// as their default database) on a machine where the Chinook file cannot be found: what needs
// no database (the suite, the pairs or labels file, the proposal ids, the LLM config, a
// packaged suite) is reported first with its own exit code; the missing database only for a
// command that could otherwise go on. The lookup failing is simulated as in
// eval-run-without-chinook.integration.test.ts: locateChinook throws the DatasetError it
// throws when it finds nothing.
import { mkdtemp, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatAltSqlProposals } from '@nl2sql/suite';
import { describe, expect, test, vi } from 'vitest';
import { EXIT, main } from '../src/index.js';
import { LONE_SUITE, NOT_FOUND } from './chinook-not-found.js';
import { captureIo } from './io-capture.js';

vi.mock('@nl2sql/datasets', async (original) =>
  (await import('./chinook-not-found.js')).datasetsWithoutChinook(original),
);

/** A folder with no evals.yaml. */
const folder = () => mkdtemp(join(tmpdir(), 'nl2sql-nochinook-authoring-'));

async function cli(cwd: string, env: Record<string, string>, ...args: string[]) {
  const c = captureIo({ cwd, env });
  const code = await main(args, c.io);
  return { code, out: c.out(), err: c.err() };
}

describe('suite import, built-in project, Chinook not found', () => {
  test('a --suite file that is not there: exit 3 naming it', async () => {
    const dir = await folder();
    await writeFile(join(dir, 'p.csv'), 'question,sql\nq,SELECT 1\n');
    const r = await cli(dir, {}, 'suite', 'import', 'p.csv', '--suite', 'mine.yaml');
    expect(r.code).toBe(EXIT.config);
    expect(r.err).toBe(
      `nl2sql: ${join(dir, 'mine.yaml')}: no such suite file (nl2sql init writes an empty one)`,
    );
  });

  test('a pairs file it cannot read, or that is not there: exit 3 at its line', async () => {
    const dir = await folder();
    await writeFile(join(dir, 'mine.yaml'), 'name: mine\nversion: 1\ncases: []\n');
    await writeFile(join(dir, 'bad.csv'), 'question,sql\nok,SELECT 1\n"open,SELECT 2\n');
    const bad = await cli(dir, {}, 'suite', 'import', 'bad.csv', '--suite', 'mine.yaml');
    expect(bad.code).toBe(EXIT.config);
    expect(bad.err).toMatch(/^nl2sql: bad\.csv:\d+: /);
    expect(bad.err).not.toContain(NOT_FOUND);
    const gone = await cli(dir, {}, 'suite', 'import', 'gone.csv', '--suite', 'mine.yaml');
    expect(gone.code).toBe(EXIT.config);
    expect(gone.err).toContain('gone.csv');
    expect(gone.err).not.toContain(NOT_FOUND);
  });

  test('a suite over the size limit: exit 3 before it is read', async () => {
    const dir = await folder();
    await writeFile(join(dir, 'p.csv'), 'question,sql\nq,SELECT 1\n');
    await writeFile(join(dir, 'mine.yaml'), 'name: mine\nversion: 1\ncases: []\n');
    await truncate(join(dir, 'mine.yaml'), 200 * 1024 * 1024); // sparse: 200 MiB in name only
    const r = await cli(dir, {}, 'suite', 'import', 'p.csv', '--suite', 'mine.yaml');
    expect(r.code).toBe(EXIT.config);
    expect(r.err).toContain('the suite is 200.0 MiB, above the 128.0 MiB limit');
  });

  test('valid input gets as far as the database, whose absence is exit 3', async () => {
    const dir = await folder();
    await writeFile(join(dir, 'p.csv'), 'question,sql\nq,SELECT 1\n');
    await writeFile(join(dir, 'mine.yaml'), 'name: mine\nversion: 1\ncases: []\n');
    const r = await cli(dir, {}, 'suite', 'import', 'p.csv', '--suite', 'mine.yaml');
    expect(r.code).toBe(EXIT.config);
    expect(r.err).toContain(NOT_FOUND);
  });
});

describe('suite regenerate, no evals.yaml, Chinook not found', () => {
  test('the packaged Chinook suite (the default) is refused first: exit 3 saying how', async () => {
    const r = await cli(await folder(), {}, 'suite', 'regenerate');
    expect(r.code).toBe(EXIT.config);
    expect(r.err).toMatch(/ships inside the package @nl2sql\/datasets/);
    expect(r.err).toContain('--allow-packaged');
    expect(r.err).not.toContain(NOT_FOUND);
  });

  test('a suite that is not there, or malformed: exit 3 naming it', async () => {
    const dir = await folder();
    const gone = await cli(dir, {}, 'suite', 'regenerate', 'gone.yaml');
    expect(gone.code).toBe(EXIT.config);
    expect(gone.err).toBe(`nl2sql: ${join(dir, 'gone.yaml')}: no such file`);
    await writeFile(join(dir, 'lone.yaml'), LONE_SUITE.replace('version: 1', 'version: one'));
    const bad = await cli(dir, {}, 'suite', 'regenerate', 'lone.yaml');
    expect(bad.code).toBe(EXIT.config);
    expect(bad.err).toContain('lone.yaml');
    expect(bad.err).not.toContain(NOT_FOUND);
  });

  test('a suite of its own gets as far as the database, whose absence is exit 3', async () => {
    const dir = await folder();
    await writeFile(join(dir, 'lone.yaml'), LONE_SUITE);
    const r = await cli(dir, {}, 'suite', 'regenerate', 'lone.yaml');
    expect(r.code).toBe(EXIT.config);
    expect(r.err).toContain(NOT_FOUND);
  });
});

describe('suite review --approve-proposal, no evals.yaml, Chinook not found', () => {
  async function suiteWithQueue(): Promise<string> {
    const dir = await folder();
    await writeFile(join(dir, 'lone.yaml'), LONE_SUITE);
    const proposal = {
      case_id: 'artists',
      roles: ['admin'],
      reason: 'the same count.',
      judge: 'fake:judge',
      proposed_at: '2026-11-30',
    };
    await writeFile(
      join(dir, 'lone.proposals.yaml'),
      formatAltSqlProposals({
        suite: 'lone',
        proposals: [
          // one roles list shared by both: the writer writes it out twice (no YAML alias)
          { ...proposal, alt_sql: 'SELECT COUNT(ArtistId) FROM Artist' },
          { ...proposal, alt_sql: 'SELECT COUNT(Name) FROM Artist' },
        ],
      }),
    );
    return dir;
  }

  test('proposal ids the queue lacks, or that name a case of several: exit 2 naming the queue', async () => {
    const dir = await suiteWithQueue();
    for (const [id, why] of [
      ['nope', 'no such proposal in the queue'],
      ['artists#3', 'no such proposal in the queue'],
      ['artists', 'the case has 2 proposals; name one: artists#1, artists#2'],
    ] as const) {
      const r = await cli(dir, {}, 'suite', 'review', 'lone.yaml', '--approve-proposal', id);
      expect(r.code).toBe(EXIT.usage);
      expect(r.err).toContain(`lone.proposals.yaml: proposal ${id}: ${why}`);
      expect(r.err).not.toContain(NOT_FOUND);
    }
  });

  test('one proposal both approved and rejected: exit 2', async () => {
    const dir = await suiteWithQueue();
    const r = await cli(
      dir,
      {},
      'suite',
      'review',
      'lone.yaml',
      '--approve-proposal',
      'artists#1',
      '--reject-proposal',
      'artists#1',
    );
    expect(r.code).toBe(EXIT.usage);
    expect(r.err).toContain('asked to approve and to reject it at once');
  });

  test('a proposal that can be approved gets as far as the database, whose absence is exit 3', async () => {
    const dir = await suiteWithQueue();
    const r = await cli(dir, {}, 'suite', 'review', 'lone.yaml', '--approve-proposal', 'artists#1');
    expect(r.code).toBe(EXIT.config);
    expect(r.err).toContain(NOT_FOUND);
  });
});

describe('judge calibrate, Chinook not found', () => {
  const KEY = { OPENAI_API_KEY: 'sk-test-not-used' };

  test('a labels file that is not a calibration set, or not there: exit 3 naming it', async () => {
    const dir = await folder();
    await writeFile(join(dir, 'labels.yaml'), 'pairs: 3\n');
    for (const labels of ['labels.yaml', 'gone.yaml']) {
      const r = await cli(dir, KEY, 'judge', 'calibrate', '--llm', 'gpt-5.4', '--labels', labels);
      expect(r.code).toBe(EXIT.config);
      expect(r.err).toContain(join(dir, labels));
      expect(r.err).not.toContain(NOT_FOUND);
    }
  });

  test("the judge's LLM config: a missing key or an unpriced model is exit 3", async () => {
    const dir = await folder();
    const keyless = await cli(dir, {}, 'judge', 'calibrate', '--llm', 'gpt-5.4');
    expect(keyless.code).toBe(EXIT.config);
    expect(keyless.err).toContain('OPENAI_API_KEY');
    expect(keyless.err).not.toContain(NOT_FOUND);
    const unpriced = await cli(dir, {}, 'judge', 'calibrate', '--llm', 'ollama/llama3');
    expect(unpriced.code).toBe(EXIT.config);
    expect(unpriced.err).toContain('No price for model "llama3"');
  });

  test('an --out that is a folder: exit 3 before any pair is judged', async () => {
    const dir = await folder();
    const r = await cli(dir, KEY, 'judge', 'calibrate', '--llm', 'gpt-5.4', '--out', dir);
    expect(r.code).toBe(EXIT.config);
    expect(r.err).toBe(`nl2sql: --out: ${dir} is a folder, not a file`);
  });

  test('valid input gets as far as the database, whose absence is exit 3', async () => {
    const r = await cli(await folder(), KEY, 'judge', 'calibrate', '--llm', 'gpt-5.4');
    expect(r.code).toBe(EXIT.config);
    expect(r.err).toContain(NOT_FOUND);
  });
});

// These already read everything but the database first; pinned so they stay that way.
describe('suite testsuite, suite cross-check, suite lint: the suite before the Chinook file', () => {
  test('a suite that is not there: exit 3 naming it', async () => {
    const dir = await folder();
    for (const command of ['testsuite', 'cross-check', 'lint']) {
      const r = await cli(dir, {}, 'suite', command, 'gone.yaml');
      expect(r.code, command).not.toBe(EXIT.ok);
      expect(r.err, command).toContain(join(dir, 'gone.yaml'));
      expect(r.err, command).not.toContain(NOT_FOUND);
    }
  });

  test('a suite over the size limit: refused before the database is looked for', async () => {
    const dir = await folder();
    await writeFile(join(dir, 'lone.yaml'), LONE_SUITE);
    await truncate(join(dir, 'lone.yaml'), 200 * 1024 * 1024); // sparse: 200 MiB in name only
    for (const command of ['testsuite', 'cross-check', 'lint']) {
      const r = await cli(dir, {}, 'suite', command, 'lone.yaml');
      expect(r.code, command).not.toBe(EXIT.ok);
      expect(r.err, command).toContain('the suite is 200.0 MiB, above the 128.0 MiB limit');
      expect(r.err, command).not.toContain(NOT_FOUND);
    }
  });

  test('testsuite refuses the packaged suite, cross-check a suite of its own without --db and --postgres', async () => {
    const dir = await folder();
    const packaged = await cli(dir, {}, 'suite', 'testsuite');
    expect(packaged.code).toBe(EXIT.config);
    expect(packaged.err).toContain('--allow-packaged');
    await writeFile(join(dir, 'lone.yaml'), LONE_SUITE);
    const cross = await cli(dir, {}, 'suite', 'cross-check', 'lone.yaml');
    expect(cross.code).toBe(EXIT.usage);
    expect(cross.err).toContain('needs its databases: --db PATH --postgres URL');
  });
});
