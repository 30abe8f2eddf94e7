import {
  cpSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyPublish,
  formatRecord,
  planPublish,
  publish,
  RESULTS_END,
  RESULTS_START,
  RecordError,
  type RunRecord,
  readRecords,
  renderBenchmarksPage,
  renderResultsBlock,
  replaceResultsBlock,
  sortRecords,
} from '../src/index.js';
import { wellFormed } from '../src/markdown-text.js';
import { FIXTURE_BENCHMARKS, fixture, tempDir, variant } from './fixtures.js';
import { type RecordTexts, validTexts, withTexts } from './hostile-records.js';
import { expectOnlyPageMarkup, PAGE_COMMENT, render } from './markdown-render.js';
import { treeHash } from './tree-hash.js';

const README = `# nl2sql-evals\n\nIntro.\n\n## Results\n\n${RESULTS_START}\nold results\n${RESULTS_END}\n\n## License\n\nMIT\n`;

/** A repo root with the fixture records under benchmarks/ and a README with markers. */
function project(): { root: string; readmePath: string; pagePath: string; benchmarks: string } {
  const root = tempDir('records-publish-');
  const benchmarks = join(root, 'benchmarks');
  cpSync(FIXTURE_BENCHMARKS, benchmarks, { recursive: true });
  writeFileSync(join(root, 'README.md'), README);
  return {
    root,
    benchmarks,
    readmePath: join(root, 'README.md'),
    pagePath: join(root, 'docs', 'benchmarks.md'),
  };
}

describe('publish', () => {
  it('writes docs/benchmarks.md and the README block, and is byte-identical when run again', () => {
    const p = project();
    const first = publish({ records: readRecords(p.benchmarks), ...p });
    expect(first.written).toEqual([p.pagePath, p.readmePath]);
    const page = readFileSync(p.pagePath, 'utf8');
    const readme = readFileSync(p.readmePath, 'utf8');
    expect(page).toBe(first.page);
    expect(readme).toBe(first.readme);
    const mtime = statSync(p.pagePath).mtimeMs;
    const second = publish({ records: readRecords(p.benchmarks), ...p });
    expect(second).toMatchObject({ pageChanged: false, readmeChanged: false, written: [] });
    expect(readFileSync(p.pagePath, 'utf8')).toBe(page);
    expect(readFileSync(p.readmePath, 'utf8')).toBe(readme);
    expect(statSync(p.pagePath).mtimeMs).toBe(mtime);
  });

  it('leaves the README outside the markers alone and links the page and records relatively', () => {
    const p = project();
    const { readme, page } = publish({ records: readRecords(p.benchmarks), ...p });
    expect(
      readme.startsWith(
        '# nl2sql-evals\n\nIntro.\n\n## Results\n\n<!-- nl2sql:results:start -->\n',
      ),
    ).toBe(true);
    expect(readme.endsWith('<!-- nl2sql:results:end -->\n\n## License\n\nMIT\n')).toBe(true);
    expect(readme).not.toContain('old results');
    expect(readme).toContain('([every run](docs/benchmarks.md))');
    expect(page).toContain(
      '[2026-10-20](../benchmarks/plans/chinook/2026-10-20_8b41d07_plans.json)',
    );
  });

  it('with check, writes nothing and says the pages are stale', () => {
    const p = project();
    const result = publish({ records: readRecords(p.benchmarks), ...p, check: true });
    expect(result).toMatchObject({ pageChanged: true, readmeChanged: true, written: [] });
    expect(readFileSync(p.readmePath, 'utf8')).toBe(README);
    publish({ records: readRecords(p.benchmarks), ...p });
    expect(publish({ records: readRecords(p.benchmarks), ...p, check: true })).toMatchObject({
      pageChanged: false,
      readmeChanged: false,
    });
  });

  it('refuses a README without the markers, naming the file', () => {
    const p = project();
    writeFileSync(p.readmePath, '# no markers\n');
    expect(() => publish({ records: [], ...p })).toThrow(RecordError);
    expect(() => publish({ records: [], ...p })).toThrow(
      `${p.readmePath} has no results markers: add a line ${RESULTS_START}`,
    );
  });
});

describe('renderBenchmarksPage', () => {
  const stored = readRecords(FIXTURE_BENCHMARKS);

  it('property: the same records in any order give the same bytes', () => {
    const expected = renderBenchmarksPage(stored, { pageDir: 'docs' });
    const block = renderResultsBlock(stored);
    fc.assert(
      fc.property(fc.shuffledSubarray(stored, { minLength: stored.length }), (shuffled) => {
        expect(renderBenchmarksPage(shuffled, { pageDir: 'docs' })).toBe(expected);
        expect(renderResultsBlock(shuffled)).toBe(block);
      }),
    );
  });

  it('shows each accuracy with its Wilson interval recomputed from the counts', () => {
    const page = renderBenchmarksPage(stored);
    // 5 of 6 strict (the chinook_014@analyst regression), 6 of 6 lenient.
    expect(page).toContain(
      '| 2026-10-20 | `8b41d07` (dirty) | plans | 83.3% (43.6-97.0) | 100.0% (61.0-100.0) | - | 6 of 6 (100.0%) | $0.0000 ($0.0000 per run) | 39 ms / 121 ms | 6/6 | slim prompts |',
    );
    expect(page).toContain(
      '| 2026-10-18 | `3f9c2a1` | gpt-5.4 | 87.5% (52.9-97.8) | 100.0% (67.6-100.0) | 75.0% / 100.0% of 4 cases, k=2 | 8 of 8 (100.0%) | 7 of 8 (87.5%) | 5 of 6 (83.3%) | 3 of 4 cases | 61240 in (18432 cached), 5120 out | $0.0857 ($0.0107 per run) | 2.35 s / 4.51 s | 8/8 | first gpt-5.4 run on the 0.7 suite |',
    );
    expect(page).toContain(
      '| 2026-10-15 | `3f9c2a1` | 90.0% | 75.0% | 3 of 4 | 2 of 4 | 7.75 tables, 21.50 columns | - | 4/4 | - |',
    );
  });

  it('puts the spec example 27 of 47 at 57.4% (43.3-70.5)', () => {
    const record = fixture('plansOld') as RunRecord & { metrics: { accuracy: unknown } };
    const strict = { count: 27, total: 47, rate: 27 / 47, lower: 0.433, upper: 0.705 };
    const changed = {
      ...record,
      metrics: { ...record.metrics, accuracy: { execution: { strict, lenient: strict } } },
    } as RunRecord;
    expect(renderBenchmarksPage([changed])).toContain('| 57.4% (43.3-70.5) | 57.4% (43.3-70.5) |');
  });

  it('starts a new table for a new series and lists modes plans, full, retrieval', () => {
    const newSuite = variant('plansNew', {
      recorded_at: '2026-10-30T10:00:00Z',
      dataset: { name: 'chinook.yaml', digest: 'ffffeeeeddddccccbbbbaaaa' },
    });
    const page = renderBenchmarksPage([...stored, newSuite]);
    expect(page.match(/^Suite `chinook.yaml`/gm)).toHaveLength(4);
    expect(page).toContain('Suite `chinook.yaml` (`ffffeeeedddd`)');
    const order = ['## Mode plans', '## Mode full', '## Mode retrieval'].map((h) =>
      page.indexOf(h),
    );
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(page.endsWith('\n')).toBe(true);
    expect(page).not.toContain('\r');
  });

  it('marks a stopped run, an unknown commit and escapes pipes in notes', () => {
    const record = variant('plansOld', {
      git_commit: 'unknown',
      git_dirty: 'unknown',
      note: 'a | b\nc',
      scoreboard: { ...fixture('plansOld').scoreboard, completed_cases: 4, stopped: 'max_cost' },
    });
    const page = renderBenchmarksPage([record]);
    expect(page).toContain('| 2026-10-15 | unknown | plans |');
    expect(page).toContain('| 4/6 (stopped: max_cost) | a \\| b c |');
  });

  it('says when there are no runs', () => {
    expect(renderBenchmarksPage([])).toContain('\nNo runs recorded yet.\n');
    expect(renderResultsBlock([])).toContain('No runs recorded yet');
  });
});

describe('renderResultsBlock', () => {
  it('lists the newest record of each mode, database and config', () => {
    const block = renderResultsBlock(readRecords(FIXTURE_BENCHMARKS));
    const rows = block.split('\n').filter((line) => /^\| (plans|full|retrieval) /.test(line));
    expect(rows).toEqual([
      '| plans | chinook | plans | 2026-10-20 | `8b41d07` (dirty) | strict 83.3% (43.6-97.0), lenient 100.0% (61.0-100.0) over 6 case runs |',
      '| full | chinook | gpt-5.4 | 2026-10-18 | `3f9c2a1` | strict 87.5% (52.9-97.8), lenient 100.0% (67.6-100.0) over 8 case runs |',
      '| retrieval | chinook | retrieval | 2026-10-15 | `3f9c2a1` | table recall 90.0%, column recall 75.0%, 7.75 tables and 21.50 columns sent on average |',
    ]);
    expect(block.startsWith(RESULTS_START)).toBe(true);
    expect(block.endsWith(RESULTS_END)).toBe(true);
  });
});

describe('replaceResultsBlock', () => {
  it('replaces only between the markers', () => {
    expect(replaceResultsBlock(`a\n${RESULTS_START}\nx\n${RESULTS_END}\nb`, 'NEW')).toBe(
      'a\nNEW\nb',
    );
  });

  it('refuses missing, repeated or reversed markers', () => {
    for (const text of [
      'none',
      `${RESULTS_START}\n${RESULTS_END}\n${RESULTS_START}\n${RESULTS_END}`,
      `${RESULTS_END}\n${RESULTS_START}`,
    ]) {
      expect(() => replaceResultsBlock(text, 'x', 'README.md')).toThrow(/^README\.md has /);
    }
  });
});

describe('publish page dir', () => {
  it('creates docs/ when it does not exist', () => {
    const root = tempDir();
    writeFileSync(join(root, 'README.md'), `${RESULTS_START}\n${RESULTS_END}\n`);
    mkdirSync(join(root, 'benchmarks'));
    const pagePath = join(root, 'docs', 'benchmarks.md');
    publish({ records: [], readmePath: join(root, 'README.md'), pagePath });
    expect(readFileSync(pagePath, 'utf8')).toContain('No runs recorded yet.');
  });
});

/** The RecordError `run` throws. */
function recordError(run: () => unknown): RecordError {
  try {
    run();
  } catch (error) {
    if (error instanceof RecordError) return error;
    throw error;
  }
  throw new Error('expected a RecordError');
}

/** A fixture record as a new run: a later time, so it takes a name of its own. */
function newRun(hour: number, changes: Partial<RunRecord> = {}): RunRecord {
  return variant('plansNew', {
    recorded_at: `2026-11-0${1 + (hour % 9)}T${String(hour).padStart(2, '0')}:00:00Z`,
    ...changes,
  });
}

function jsonFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.json'))
    .sort();
}

describe('publish with new records (add)', () => {
  it('writes each new record at its first free name and lists it on the pages', () => {
    const p = project();
    const result = publish({
      records: readRecords(p.benchmarks),
      ...p,
      add: { benchmarksDir: p.benchmarks, records: [newRun(1), newRun(1, { note: 'again' })] },
    });
    const dir = join(p.benchmarks, 'plans', 'chinook');
    expect(result.recorded).toEqual([
      join(dir, '2026-11-02_8b41d07_plans.json'),
      join(dir, '2026-11-02_8b41d07_plans-2.json'),
    ]);
    expect(result.page).toContain(
      '[2026-11-02](../benchmarks/plans/chinook/2026-11-02_8b41d07_plans-2.json)',
    );
    // What publish wrote is what the records make: publishing them again changes nothing.
    const again = publish({ records: readRecords(p.benchmarks), ...p });
    expect(again).toMatchObject({ pageChanged: false, readmeChanged: false, written: [] });
  });

  it('does not record again a record already stored byte for byte (a retry)', () => {
    const p = project();
    const record = newRun(2);
    publish({
      records: readRecords(p.benchmarks),
      ...p,
      add: { benchmarksDir: p.benchmarks, records: [record] },
    });
    const before = treeHash(p.root);
    const again = publish({
      records: readRecords(p.benchmarks),
      ...p,
      add: { benchmarksDir: p.benchmarks, records: [record, record] },
    });
    expect(again.recorded).toEqual([]);
    expect(again.alreadyRecorded.map((s) => s.path)).toEqual([
      join(p.benchmarks, 'plans', 'chinook', '2026-11-03_8b41d07_plans.json'),
    ]);
    expect(treeHash(p.root)).toEqual(before);
  });
});

describe('publish is all or nothing', () => {
  /** Runs a publish that must fail, and checks it left every file and folder as it was. */
  function expectUnchanged(root: string, run: () => unknown, code: string): RecordError {
    const before = treeHash(root);
    const error = recordError(run);
    expect(error.code).toBe(code);
    expect(treeHash(root)).toEqual(before);
    return error;
  }

  function publishNew(p: ReturnType<typeof project>, records: RunRecord[]) {
    return () =>
      publish({
        records: readRecords(p.benchmarks),
        ...p,
        add: { benchmarksDir: p.benchmarks, records },
      });
  }

  it('a README without markers or with them twice: no record, no page', () => {
    const p = project();
    writeFileSync(p.readmePath, '# no markers\n');
    expectUnchanged(p.root, publishNew(p, [newRun(3)]), 'MISSING_MARKERS');
    writeFileSync(p.readmePath, `${README}${RESULTS_START}\n${RESULTS_END}\n`);
    expectUnchanged(p.root, publishNew(p, [newRun(3)]), 'MISSING_MARKERS');
    rmSync(p.readmePath);
    expectUnchanged(p.root, publishNew(p, [newRun(3)]), 'MISSING_MARKERS');
  });

  it('an invalid record, to add or among the records given: nothing written', () => {
    const p = project();
    const bad = { ...newRun(4), scoreboard: { ...newRun(4).scoreboard, completed_cases: 99 } };
    expectUnchanged(p.root, publishNew(p, [newRun(5), bad]), 'INVALID_RECORD');
    const unread = { ...newRun(6), git_commit: 'not hex' };
    expectUnchanged(
      p.root,
      () => publish({ records: [...readRecords(p.benchmarks), unread], ...p }),
      'INVALID_RECORD',
    );
  });

  it('a target that cannot be written: nothing written', () => {
    const p = project();
    // benchmarks/full is a file, so the new full record's folder cannot be made.
    rmSync(join(p.benchmarks, 'full'), { recursive: true });
    writeFileSync(join(p.benchmarks, 'full'), 'not a folder\n');
    const full = { ...fixture('full'), recorded_at: '2026-11-05T10:00:00Z' };
    expectUnchanged(p.root, publishNew(p, [newRun(7), full]), 'FILE_ERROR');
    // The page path is a folder.
    mkdirSync(p.pagePath, { recursive: true });
    expectUnchanged(p.root, publishNew(p, [newRun(7)]), 'FILE_ERROR');
    // docs is a file.
    rmSync(join(p.root, 'docs'), { recursive: true });
    writeFileSync(join(p.root, 'docs'), 'not a folder\n');
    expectUnchanged(p.root, publishNew(p, [newRun(7)]), 'FILE_ERROR');
  });

  it('a record name taken by another writer after the plan: every write undone', () => {
    const p = project();
    publish({ records: readRecords(p.benchmarks), ...p }); // pages present, to be replaced
    const plan = planPublish({
      records: readRecords(p.benchmarks),
      ...p,
      add: { benchmarksDir: p.benchmarks, records: [newRun(8), newRun(8, { note: 'second' })] },
    });
    const [, second] = plan.newRecords;
    writeFileSync(second?.path ?? '', 'another writer\n');
    const error = expectUnchanged(p.root, () => applyPublish(plan), 'RECORD_EXISTS');
    expect(error.file).toBe(second?.path);
    expect(error.message).toMatch(/run publish again; nothing was written$/);
  });

  it('a retry after fixing the cause writes exactly one record', () => {
    const p = project();
    writeFileSync(p.readmePath, '# no markers\n');
    const before = jsonFiles(p.benchmarks);
    for (let i = 0; i < 3; i++) recordError(publishNew(p, [newRun(9)]));
    writeFileSync(p.readmePath, README);
    const result = publishNew(p, [newRun(9)])();
    expect(jsonFiles(p.benchmarks)).toEqual(
      [...before, 'plans/chinook/2026-11-01_8b41d07_plans.json'].sort(),
    );
    expect(result.recorded).toHaveLength(1);
    expect(result.written).toEqual([p.pagePath, p.readmePath]);
  });
});

describe('publish with hostile text in every field', () => {
  it('property: records written and read back, pages that parse, and a second publish byte-identical', () => {
    fc.assert(
      fc.property(fc.tuple(validTexts, validTexts, validTexts), (three: RecordTexts[]) => {
        const p = project();
        const add = (['plansOld', 'full', 'retrieval'] as const).map((name, i) => ({
          ...withTexts(name, three[i] as RecordTexts),
          recorded_at: `2026-11-20T0${i}:00:00Z`,
        }));
        const first = publish({
          records: readRecords(p.benchmarks),
          ...p,
          add: { benchmarksDir: p.benchmarks, records: add },
        });
        expect(first.recorded).toHaveLength(3);
        const stored = readRecords(p.benchmarks);
        for (const record of add) {
          expect(stored.map((s) => formatRecord(s.record))).toContain(formatRecord(record));
        }
        const readme = readFileSync(p.readmePath, 'utf8');
        expect(readme.split(RESULTS_START)).toHaveLength(2);
        expect(readme.split(RESULTS_END)).toHaveLength(2);
        const paths = stored.map((s) => wellFormed(relative(dirname(p.pagePath), s.path)));
        expectOnlyPageMarkup(render(readFileSync(p.pagePath, 'utf8')), {
          paths,
          comments: [PAGE_COMMENT],
        });
        const before = treeHash(p.root);
        const second = publish({ records: stored, ...p });
        expect(second).toMatchObject({ pageChanged: false, readmeChanged: false, written: [] });
        expect(publish({ records: stored, ...p, check: true })).toMatchObject({
          pageChanged: false,
          readmeChanged: false,
        });
        expect(treeHash(p.root)).toEqual(before);
      }),
      { numRuns: 25 },
    );
  });
});

describe('publish with a history chart', () => {
  /** A stand-in for @nl2sql/report's renderHistorySvg: one line per record, in the order given. */
  const history = (path: string) => ({
    path,
    render: (records: readonly { path: string; record: RunRecord }[]) =>
      `<svg>\n${records.map((s) => `${s.record.kind} ${s.record.recorded_at} ${s.record.config.name}`).join('\n')}\n</svg>\n`,
  });

  it('writes the chart with the pages, shows it on both, and a rerun writes nothing', () => {
    const p = project();
    const chart = history(join(p.root, 'docs', 'history.svg'));
    const first = publish({ records: readRecords(p.benchmarks), ...p, history: chart });
    expect(first.written).toEqual([p.pagePath, p.readmePath, chart.path]);
    expect(first.historyChanged).toBe(true);
    expect(readFileSync(chart.path, 'utf8')).toBe(
      chart.render(sortRecords(readRecords(p.benchmarks))),
    );
    expect(first.page).toContain('![Accuracy over time, per mode and database](history.svg)');
    expect(first.readme).toContain(
      '![Accuracy over time, per mode and database](docs/history.svg)\n\n<!-- nl2sql:results:end -->',
    );
    const mtime = statSync(chart.path).mtimeMs;
    const again = publish({ records: readRecords(p.benchmarks), ...p, history: chart });
    expect(again).toMatchObject({ historyChanged: false, written: [] });
    expect(statSync(chart.path).mtimeMs).toBe(mtime);
  });

  it('draws the chart from every record the pages list, new ones included, each once', () => {
    const p = project();
    const chart = history(join(p.root, 'docs', 'history.svg'));
    const record = newRun(3);
    const result = publish({
      records: readRecords(p.benchmarks),
      ...p,
      history: chart,
      add: { benchmarksDir: p.benchmarks, records: [record] },
    });
    const text = readFileSync(chart.path, 'utf8');
    expect(text.split('\n').filter((l) => l.includes(record.recorded_at))).toHaveLength(1);
    // Publishing the same report again (a retry) does not count the record twice.
    const retry = publish({
      records: readRecords(p.benchmarks),
      ...p,
      history: chart,
      add: { benchmarksDir: p.benchmarks, records: [record] },
    });
    expect(retry.alreadyRecorded).toHaveLength(1);
    expect(retry.historyChanged).toBe(false);
    expect(result.recorded).toHaveLength(1);
  });

  it('with check, a missing or stale chart is reported and nothing is written', () => {
    const p = project();
    const chart = history(join(p.root, 'docs', 'history.svg'));
    const check = () =>
      publish({ records: readRecords(p.benchmarks), ...p, history: chart, check: true });
    publish({ records: readRecords(p.benchmarks), ...p, history: chart });
    expect(check()).toMatchObject({
      pageChanged: false,
      readmeChanged: false,
      historyChanged: false,
    });
    writeFileSync(chart.path, '<svg>edited by hand</svg>\n');
    let before = treeHash(p.root);
    expect(check()).toMatchObject({ pageChanged: false, historyChanged: true, written: [] });
    expect(treeHash(p.root)).toEqual(before);
    rmSync(chart.path);
    before = treeHash(p.root);
    expect(check().historyChanged).toBe(true);
    expect(treeHash(p.root)).toEqual(before);
  });

  it('a chart path that cannot be written: no record, no page, no chart', () => {
    const p = project();
    const chart = history(join(p.root, 'docs', 'history.svg'));
    mkdirSync(chart.path, { recursive: true });
    const before = treeHash(p.root);
    const error = recordError(() =>
      publish({
        records: readRecords(p.benchmarks),
        ...p,
        history: chart,
        add: { benchmarksDir: p.benchmarks, records: [newRun(4)] },
      }),
    );
    expect(error.code).toBe('FILE_ERROR');
    expect(treeHash(p.root)).toEqual(before);
    // The chart's folder is a file: the commit fails after staging the others, and undoes them.
    rmSync(join(p.root, 'docs'), { recursive: true });
    const other = history(join(p.root, 'charts', 'history.svg'));
    writeFileSync(join(p.root, 'charts'), 'not a folder\n');
    const before2 = treeHash(p.root);
    expect(
      recordError(() =>
        publish({
          records: readRecords(p.benchmarks),
          ...p,
          history: other,
          add: { benchmarksDir: p.benchmarks, records: [newRun(5)] },
        }),
      ).code,
    ).toBe('FILE_ERROR');
    expect(treeHash(p.root)).toEqual(before2);
  });

  it('links the chart relative to each page wherever the pages are', () => {
    const p = project();
    const chart = history(join(p.root, 'site', 'img', 'history (all).svg'));
    const result = publish({ records: readRecords(p.benchmarks), ...p, history: chart });
    expect(result.page).toContain('](../site/img/history%20%28all%29.svg)');
    expect(result.readme).toContain('](site/img/history%20%28all%29.svg)');
  });

  it('a README block with no records shows no chart', () => {
    expect(renderResultsBlock([], 'docs/benchmarks.md', 'docs/history.svg')).not.toContain(
      'history.svg',
    );
  });
});
