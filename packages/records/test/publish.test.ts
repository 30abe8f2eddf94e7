import { cpSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  publish,
  RESULTS_END,
  RESULTS_START,
  RecordError,
  type RunRecord,
  readRecords,
  renderBenchmarksPage,
  renderResultsBlock,
  replaceResultsBlock,
} from '../src/index.js';
import { FIXTURE_BENCHMARKS, fixture, tempDir, variant } from './fixtures.js';

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
