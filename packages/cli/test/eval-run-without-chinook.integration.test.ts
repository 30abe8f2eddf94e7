// `eval run` without evals.yaml (the built-in Chinook project) on a machine where the Chinook
// file cannot be found: everything that needs no database is still checked first and reported
// with its own exit code and place; the missing database is reported only for a run that
// could otherwise start. The lookup failing is simulated (this checkout has the file beside
// it): locateChinook throws the DatasetError it throws when it finds nothing.
import { mkdtemp, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test, vi } from 'vitest';
import { EXIT, main } from '../src/index.js';
import { LONE_SUITE, NOT_FOUND } from './chinook-not-found.js';
import { captureIo } from './io-capture.js';

vi.mock('@nl2sql/datasets', async (original) =>
  (await import('./chinook-not-found.js')).datasetsWithoutChinook(original),
);

async function suiteFile(text: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'nl2sql-nochinook-'));
  const file = join(dir, 'lone.yaml');
  await writeFile(file, text);
  return file;
}

const lineOf = (text: string, needle: string): number =>
  text.slice(0, text.indexOf(needle)).split('\n').length;

/** `eval run` in a folder with no evals.yaml. */
async function run(...args: string[]) {
  const cwd = await mkdtemp(join(tmpdir(), 'nl2sql-nochinook-cwd-'));
  const c = captureIo({ cwd });
  const code = await main(['eval', 'run', ...args], c.io);
  return { code, out: c.out(), err: c.err() };
}

describe('eval run, built-in project, Chinook not found: what needs no database comes first', () => {
  test('a valid suite gets as far as the database, and its absence is exit 3 with the places tried', async () => {
    const r = await run('--suite', await suiteFile(LONE_SUITE));
    expect(r.code).toBe(EXIT.config);
    expect(r.err).toContain(NOT_FOUND);
    expect(r.out).toBe('');
  });

  test('an --engine name the project lacks: exit 3 naming the engines, not the database', async () => {
    const r = await run('--engine', 'nosuch');
    expect(r.code).toBe(EXIT.config);
    expect(r.err).toBe(
      'nl2sql: --engine: the built-in Chinook project (no evals.yaml): engines: no engine named nosuch (engines: reference)',
    );
  });

  test('a suite file that is not there: exit 3 naming it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'nl2sql-nochinook-'));
    const r = await run('--suite', join(dir, 'gone.yaml'));
    expect(r.code).toBe(EXIT.config);
    expect(r.err).toBe(`nl2sql: --suite ${join(dir, 'gone.yaml')}: no such file`);
  });

  test('a YAML alias in the suite: exit 3 at its line', async () => {
    const text = LONE_SUITE.replace('tables: [ Artist ]', 'tables: &t [ Artist ]').replace(
      'columns: []',
      'columns: *t',
    );
    const file = await suiteFile(text);
    const r = await run('--suite', file);
    expect(r.code).toBe(EXIT.config);
    expect(r.err).toBe(
      `nl2sql: ${file}:${lineOf(text, '*t')}: YAML alias *t is not allowed in a suite: write the value out`,
    );
  });

  test('a suite over the size limit: exit 3 before it is read', async () => {
    const file = await suiteFile(LONE_SUITE);
    await truncate(file, 200 * 1024 * 1024); // sparse: 200 MiB in name only
    const r = await run('--suite', file);
    expect(r.code).toBe(EXIT.config);
    expect(r.err).toContain('the suite is 200.0 MiB, above the 128.0 MiB limit');
    expect(r.err).not.toContain(NOT_FOUND);
  });

  test('a case without gold rows: exit 3 naming it', async () => {
    const text = LONE_SUITE.replace('    rows:\n      - [ 275 ]\n', '');
    const r = await run('--suite', await suiteFile(text));
    expect(r.code).toBe(EXIT.config);
    expect(r.err).toContain('artists');
    expect(r.err).not.toContain(NOT_FOUND);
  });

  test('lint errors that read no schema (a duplicate id, an unknown datasource): exit 3 listing them', async () => {
    const second = LONE_SUITE.slice(LONE_SUITE.indexOf('  - id: artists')).replace(
      'datasource: chinook',
      'datasource: warehouse',
    );
    const r = await run('--suite', await suiteFile(`${LONE_SUITE}\n${second}`));
    expect(r.code).toBe(EXIT.config);
    expect(r.err).toContain('lint error(s) for mode plans');
    expect(r.err).toContain('duplicate-id');
    expect(r.err).toContain('unknown-datasource');
    expect(r.err).not.toContain(NOT_FOUND);
  });

  test('--datasource naming a datasource the project lacks: exit 2 naming its datasources', async () => {
    const r = await run('--suite', await suiteFile(LONE_SUITE), '--datasource', 'warehouse');
    expect(r.code).toBe(EXIT.usage);
    expect(r.err).toBe(
      'nl2sql: --datasource: warehouse is not a datasource of the project (chinook)',
    );
  });

  test('flags the chosen engine does not take: exit 2', async () => {
    const name = await run('--name', 'x');
    expect(name.code).toBe(EXIT.usage);
    expect(name.err).toContain('--name names an --engine URL');
    const llm = await run('--llm', 'gpt-5.4');
    expect(llm.code).toBe(EXIT.usage);
    expect(llm.err).toBe('nl2sql: --llm applies to mode full, not mode plans');
    const topK = await run('--engine', 'http://127.0.0.1:9/', '--top-k', '3');
    expect(topK.code).toBe(EXIT.usage);
    expect(topK.err).toContain("--top-k sets the reference engine's retriever");
  });

  test("mode full's LLM configs: an unpriced model or a missing key is exit 3", async () => {
    const unpriced = await run('--mode', 'full', '--llm', 'ollama/llama3', '--max-cost', '1');
    expect(unpriced.code).toBe(EXIT.config);
    expect(unpriced.err).toContain('No price for model "llama3"');
    const keyless = await run('--mode', 'full', '--llm', 'gpt-5.4', '--max-cost', '1');
    expect(keyless.code).toBe(EXIT.config);
    expect(keyless.err).toContain('OPENAI_API_KEY');
    expect(keyless.err).not.toContain(NOT_FOUND);
  });

  test('--roles naming a role no case has: exit 2', async () => {
    const r = await run('--suite', await suiteFile(LONE_SUITE), '--roles', 'nobody');
    expect(r.code).toBe(EXIT.usage);
    expect(r.err).toContain('--roles: role "nobody" is in no case\'s outcome map');
  });
});
