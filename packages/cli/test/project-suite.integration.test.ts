// A project listing two suites: each one-suite command takes a suite by name or path, and
// without a choice stops (exit 2) naming both, before anything runs; never the first silently.
import { copyFile, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { CliError } from '../src/cli-error.js';
import { EXIT, main } from '../src/index.js';
import { chooseSuite } from '../src/project/project-suite.js';
import { writeShopProject } from './fixtures/shop-project.js';
import { captureIo } from './io-capture.js';

const ENV = { SHOP_ENGINE_TOKEN: 'token-for-the-suites-test' };

let dir: string;
async function cli(...args: string[]) {
  const c = captureIo({ cwd: dir, env: ENV });
  const code = await main(args, c.io);
  return { code, out: c.out(), err: c.err() };
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'nl2sql-suites-'));
  await writeShopProject(dir, 'http://127.0.0.1:9');
  // A second suite: the same cases under another file name, listed after the first.
  await copyFile(join(dir, 'suites', 'shop.yaml'), join(dir, 'suites', 'second.yaml'));
  const evals = await readFile(join(dir, 'evals.yaml'), 'utf8');
  await writeFile(
    join(dir, 'evals.yaml'),
    evals.replace('suites: [suites/shop.yaml]', 'suites: [suites/shop.yaml, suites/second.yaml]'),
  );
  for (const name of ['shop', 'second']) {
    const r = await cli('suite', 'regenerate', name);
    expect(r.code, r.err).toBe(EXIT.ok);
    expect(r.out).toContain(join('suites', `${name}.yaml`));
  }
});

describe('several suites in evals.yaml', () => {
  test.each([
    [['eval', 'run', '--engine', 'reference'], '--suite NAME'],
    [['suite', 'lint'], 'the suite (a NAME or PATH)'],
    [['suite', 'regenerate'], 'the suite (a NAME or PATH)'],
    [['suite', 'review'], 'the SUITE (a NAME or PATH)'],
    [['suite', 'import', 'pairs.csv'], '--suite NAME|PATH'],
  ])('%j without a choice: exit 2, naming both suites and how to choose', async (args, how) => {
    const r = await cli(...args);
    expect(r.code).toBe(EXIT.usage);
    expect(r.err).toContain('lists 2 suites');
    expect(r.err).toContain(
      `give ${how} with one of shop (suites/shop.yaml), second (suites/second.yaml)`,
    );
    expect(r.out).toBe('');
  });

  test('eval run says why: one run scores one suite', async () => {
    const r = await cli('eval', 'run', '--engine', 'reference');
    expect(r.err).toContain('and one run scores one suite');
  });

  test('eval run --suite NAME, NAME.yaml or a path runs that suite and no other', async () => {
    for (const choice of ['second', 'second.yaml', 'suites/second.yaml']) {
      const r = await cli('eval', 'run', '--engine', 'reference', '--suite', choice, '--json');
      expect(r.code, r.err).toBe(EXIT.ok);
      const { report } = JSON.parse(r.out) as { report: { dataset: { name: string } } };
      expect(report.dataset.name, choice).toBe('second.yaml');
    }
  });

  test('suite lint NAME and suite review NAME work on that suite', async () => {
    const lint = await cli('suite', 'lint', 'shop');
    expect(lint.code, lint.out + lint.err).toBe(EXIT.ok);
    const review = await cli('suite', 'review', 'second');
    expect(review.code, review.err).toBe(EXIT.ok);
  });

  test('a name naming no suite and no file is a missing file; a file that exists wins over a name', async () => {
    const r = await cli('eval', 'run', '--engine', 'reference', '--suite', 'third');
    expect(r.code).toBe(EXIT.config);
    expect(r.err).toContain(`--suite ${join(dir, 'third')}: no such file`);
    // ./shop.yaml in the working folder is taken as the path given, not the project's suite.
    const project = { file: join(dir, 'evals.yaml'), suites: [join(dir, 'suites', 'shop.yaml')] };
    await copyFile(join(dir, 'suites', 'shop.yaml'), join(dir, 'shop.yaml'));
    expect(chooseSuite(project, 'shop.yaml', dir, '--suite NAME')).toEqual({
      path: join(dir, 'shop.yaml'),
      index: null,
    });
    expect(chooseSuite(project, 'shop', dir, '--suite NAME')).toEqual({
      path: join(dir, 'suites', 'shop.yaml'),
      index: 0,
    });
  });

  test('a name two suites share asks for the path', () => {
    const project = { file: '/p/evals.yaml', suites: ['/p/a/shop.yaml', '/p/b/shop.yaml'] };
    expect(() => chooseSuite(project, 'shop', '/p', '--suite NAME')).toThrow(CliError);
    expect(() => chooseSuite(project, 'shop', '/p', '--suite NAME')).toThrow(
      'shop names 2 suites of /p/evals.yaml: /p/a/shop.yaml, /p/b/shop.yaml; give the path',
    );
    // One suite, or none given in a project of one: that suite, as before.
    expect(
      chooseSuite({ file: '/p/evals.yaml', suites: ['/p/a/shop.yaml'] }, undefined, '/p', 'x'),
    ).toEqual({
      path: '/p/a/shop.yaml',
      index: 0,
    });
  });
});
