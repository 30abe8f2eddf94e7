import { createHash } from 'node:crypto';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  formatRecord,
  RESULTS_END,
  RESULTS_START,
  type RunRecord,
  readRecords,
} from '@nl2sql/records';
import { renderHistorySvg } from '@nl2sql/report';
import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, test } from 'vitest';
import { EXIT, main } from '../src/index.js';
import { captureIo } from './io-capture.js';

/** A real record: the committed mode plans run on Chinook. */
const COMMITTED = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  '..',
  'benchmarks',
  'plans',
  'chinook',
  '2026-11-29_c55bb63_plans.json',
);

const README = `# project\n\n${RESULTS_START}\n${RESULTS_END}\n`;

/** The committed record as a later run, with some fields changed. */
function run(changes: Partial<RunRecord> = {}): RunRecord {
  const record = JSON.parse(readFileSync(COMMITTED, 'utf8')) as RunRecord;
  return { ...record, recorded_at: '2026-12-01T09:00:00Z', ...changes };
}

/** A repo root with a README (markers given) and the record files given, no benchmarks yet. */
function repo(readme: string, files: Record<string, string> = {}): string {
  const root = mkdtempSync(join(tmpdir(), 'nl2sql-publish-'));
  writeFileSync(join(root, 'README.md'), readme);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, name), text);
  return root;
}

/** Every file and folder under `root`, each file with the SHA-256 of its bytes. */
function treeHash(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    const path = join(root, name);
    let hash = 'folder';
    try {
      hash = createHash('sha256').update(readFileSync(path)).digest('hex');
    } catch {
      // a folder
    }
    out[relative(root, path)] = hash;
  }
  return out;
}

function recordFiles(root: string): string[] {
  return readdirSync(join(root, 'benchmarks'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.json'))
    .sort();
}

async function publish(root: string, ...args: string[]) {
  const c = captureIo({ cwd: root });
  const code = await main(['eval', 'publish', ...args], c.io);
  return { code, out: c.out(), err: c.err() };
}

/** Runs a publish that must fail with exit 3, and checks the tree is byte for byte as it was. */
async function expectFailsUnchanged(root: string, ...args: string[]): Promise<string> {
  const before = treeHash(root);
  const result = await publish(root, ...args);
  expect(result.code).toBe(EXIT.config);
  expect(result.out).toBe('');
  expect(treeHash(root)).toEqual(before);
  return result.err;
}

describe('nl2sql eval publish: all or nothing', () => {
  test('a README without the markers: exit 3, no record written', async () => {
    const root = repo('# project\n', { 'run.json': formatRecord(run()) });
    expect(await expectFailsUnchanged(root, 'run.json')).toContain('has no results markers');
  });

  test('a README with the markers twice: exit 3, no record written', async () => {
    const root = repo(`${README}${README}`, { 'run.json': formatRecord(run()) });
    expect(await expectFailsUnchanged(root, 'run.json')).toContain(
      'has the results markers more than once',
    );
  });

  test('an invalid report among good ones: exit 3, none of them recorded', async () => {
    const bad = { ...run({ recorded_at: '2026-12-02T09:00:00Z' }), git_commit: 'not a commit' };
    const saved = { format: 'nl2sql-eval-report', version: 1, report: {}, records: [bad] };
    const root = repo(README, {
      'good.json': formatRecord(run()),
      'saved.json': JSON.stringify(saved),
    });
    expect(await expectFailsUnchanged(root, 'good.json', 'saved.json')).toContain(
      'saved.json record 1: not a valid record: git_commit',
    );
  });

  test('a target that cannot be written: exit 3 with the file named, nothing written', async () => {
    const root = repo(README, { 'run.json': formatRecord(run()) });
    // The page's folder is a file.
    expect(
      await expectFailsUnchanged(root, 'run.json', '--page', 'README.md/benchmarks.md'),
    ).toContain(`cannot write ${join(root, 'README.md', 'benchmarks.md')}`);
    // The record's mode folder is a file.
    mkdirSync(join(root, 'benchmarks'));
    writeFileSync(join(root, 'benchmarks', 'plans'), 'not a folder\n');
    expect(await expectFailsUnchanged(root, 'run.json')).toContain(
      `cannot write ${join(root, 'benchmarks', 'plans', 'chinook', '2026-12-01_c55bb63_plans.json')}`,
    );
  });

  test('the same report again: already recorded, no -2, the tree unchanged', async () => {
    const root = repo(README, { 'run.json': formatRecord(run()) });
    const first = await publish(root, 'run.json');
    expect(first.code).toBe(EXIT.ok);
    expect(first.out).toContain('recorded ');
    const before = treeHash(root);
    const again = await publish(root, 'run.json');
    expect(again).toEqual({
      code: EXIT.ok,
      out: `already recorded ${join(root, 'benchmarks', 'plans', 'chinook', '2026-12-01_c55bb63_plans.json')}\npages unchanged`,
      err: '',
    });
    expect(treeHash(root)).toEqual(before);
    expect(recordFiles(root)).toEqual(['plans/chinook/2026-12-01_c55bb63_plans.json']);
  });

  test('retries after fixing the cause write exactly one record', async () => {
    const root = repo('# project\n', { 'run.json': formatRecord(run()) });
    for (let i = 0; i < 3; i++) expect((await publish(root, 'run.json')).code).toBe(EXIT.config);
    writeFileSync(join(root, 'README.md'), README);
    expect((await publish(root, 'run.json')).code).toBe(EXIT.ok);
    expect((await publish(root, 'run.json')).code).toBe(EXIT.ok);
    expect(recordFiles(root)).toEqual(['plans/chinook/2026-12-01_c55bb63_plans.json']);
  });
});

describe('nl2sql eval publish: user text on the pages', () => {
  test('a hostile note and config name are written as text, and publish keeps working', async () => {
    const hostile = run({
      note: '<img src=x onerror=alert(1)> [x](javascript:alert(1))',
      config: { name: `${RESULTS_END}<img src=x>`, nodes: {} },
    });
    const root = repo(README, { 'run.json': formatRecord(hostile) });
    expect((await publish(root, 'run.json')).code).toBe(EXIT.ok);
    const page = readFileSync(join(root, 'docs', 'benchmarks.md'), 'utf8');
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    expect(page).toContain('| &lt;img src=x onerror=alert(1)&gt; \\[x\\](javascript\\:alert(1)) |');
    expect(page).not.toContain('<img');
    expect(readme.split(RESULTS_END)).toHaveLength(2);
    expect(readme).not.toContain('<img');
    const again = await publish(root);
    expect(again).toMatchObject({ code: EXIT.ok, out: 'pages unchanged' });
    expect((await publish(root, '--check')).code).toBe(EXIT.ok);
  });
});

describe('nl2sql eval publish: the history chart', () => {
  const svgPath = (root: string) => join(root, 'docs', 'history.svg');

  test('writes docs/history.svg from every record, shown on both pages, byte-identical when run again', async () => {
    const root = repo(README, {
      'a.json': formatRecord(run()),
      'b.json': formatRecord(run({ recorded_at: '2026-12-02T09:00:00Z' })),
    });
    const first = await publish(root, 'a.json', 'b.json');
    expect(first.code).toBe(EXIT.ok);
    expect(first.out).toContain(`wrote ${svgPath(root)}`);
    const svg = readFileSync(svgPath(root), 'utf8');
    expect(svg).toBe(renderHistorySvg(readRecords(join(root, 'benchmarks'))));
    expect(XMLValidator.validate(svg)).toBe(true);
    // One point per record: each has its hover text.
    expect(svg.match(/<title>2026-12-0[12]/g)).toHaveLength(2);
    expect(readFileSync(join(root, 'docs', 'benchmarks.md'), 'utf8')).toContain(
      '![Accuracy over time, per mode and database](history.svg)',
    );
    expect(readFileSync(join(root, 'README.md'), 'utf8')).toContain(
      '![Accuracy over time, per mode and database](docs/history.svg)',
    );
    const before = treeHash(root);
    const mtime = statSync(svgPath(root)).mtimeMs;
    expect(await publish(root)).toMatchObject({ code: EXIT.ok, out: 'pages unchanged' });
    expect(treeHash(root)).toEqual(before);
    expect(statSync(svgPath(root)).mtimeMs).toBe(mtime);
  });

  test('--check covers the chart: edited or missing is stale (exit 1), nothing written', async () => {
    const root = repo(README, { 'run.json': formatRecord(run()) });
    expect((await publish(root, 'run.json')).code).toBe(EXIT.ok);
    expect(await publish(root, '--check')).toMatchObject({
      code: EXIT.ok,
      out: 'pages are up to date',
    });
    writeFileSync(svgPath(root), '<svg xmlns="http://www.w3.org/2000/svg"/>\n');
    let before = treeHash(root);
    const edited = await publish(root, '--check');
    expect(edited.code).toBe(EXIT.failed);
    expect(edited.out).toBe(
      `stale: ${svgPath(root)} differ from what the records in ${join(root, 'benchmarks')} make; run nl2sql eval publish`,
    );
    expect(treeHash(root)).toEqual(before);
    rmSync(svgPath(root));
    before = treeHash(root);
    expect((await publish(root, '--check')).code).toBe(EXIT.failed);
    expect(treeHash(root)).toEqual(before);
    expect((await publish(root)).out).toBe(`wrote ${svgPath(root)}`);
    expect((await publish(root, '--check')).code).toBe(EXIT.ok);
  });

  test('--history puts the chart elsewhere, linked from each page relatively', async () => {
    const root = repo(README, { 'run.json': formatRecord(run()) });
    expect((await publish(root, 'run.json', '--history', 'site/charts/history.svg')).code).toBe(
      EXIT.ok,
    );
    expect(readFileSync(join(root, 'site', 'charts', 'history.svg'), 'utf8')).toContain('<svg');
    expect(readFileSync(join(root, 'docs', 'benchmarks.md'), 'utf8')).toContain(
      '](../site/charts/history.svg)',
    );
    expect(readFileSync(join(root, 'README.md'), 'utf8')).toContain('](site/charts/history.svg)');
  });

  test('a chart path that cannot be written: exit 3, no record and no page written', async () => {
    const root = repo(README, { 'run.json': formatRecord(run()) });
    mkdirSync(svgPath(root), { recursive: true });
    expect(await expectFailsUnchanged(root, 'run.json')).toContain('history.svg is a folder');
  });

  test('a hostile config name is text in the chart too', async () => {
    const hostile = run({ config: { name: '</svg><script>alert(1)</script>&', nodes: {} } });
    const root = repo(README, { 'run.json': formatRecord(hostile) });
    expect((await publish(root, 'run.json')).code).toBe(EXIT.ok);
    const svg = readFileSync(svgPath(root), 'utf8');
    expect(XMLValidator.validate(svg)).toBe(true);
    expect(svg).not.toContain('<script');
  });
});
