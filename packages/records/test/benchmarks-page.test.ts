import { join, relative } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  RESULTS_END,
  RESULTS_START,
  type RunRecord,
  renderBenchmarksPage,
  type StoredRecord,
} from '../src/index.js';
import { wellFormed } from '../src/markdown-text.js';
import {
  anyTexts,
  type RecordTexts,
  shownCode,
  shownCommit,
  shownText,
  withTexts,
} from './hostile-records.js';
import { hostileName } from './hostile-text.js';
import { expectOnlyPageMarkup, PAGE_COMMENT, render, tableRows } from './markdown-render.js';

const ROOT = join('/', 'repo');
const PAGE_DIR = join(ROOT, 'docs');

/** The caption a reader sees above a series' table. */
function shownCaption(record: RunRecord): string {
  const db = record.database;
  const parts = [
    `Suite ${shownCode(record.dataset.name)} (${shownCode(record.dataset.digest.slice(0, 12))})`,
    `schema ${shownCode(db.schema_fingerprint.slice(0, 12))} (${shownText(db.engine)}, ${db.tables} tables, ${db.columns} columns)`,
  ];
  if (record.kind === 'full') {
    const roles = [...new Set(record.scoreboard.settings.roles)].sort();
    parts.push(`roles ${roles.length === 0 ? '(none)' : roles.map(shownText).join(', ')}`);
    parts.push(`curated answers ${record.scoreboard.settings.curated ? 'on' : 'off'}`);
  }
  return `${parts.join(', ')}.`;
}

describe('renderBenchmarksPage with hostile text in every field', () => {
  it('property: only the page markup, every text shown as written, a table cell for each column', () => {
    const texts = fc.tuple(anyTexts, anyTexts, anyTexts);
    const folders = fc.array(hostileName, { minLength: 1, maxLength: 3 });
    fc.assert(
      fc.property(texts, folders, (three: RecordTexts[], folder) => {
        const records: StoredRecord[] = (['plansOld', 'full', 'retrieval'] as const).map(
          (name, i) => ({
            path: join(ROOT, 'benchmarks', ...folder, `${i}.json`),
            record: withTexts(name, three[i] as RecordTexts),
          }),
        );
        const page = renderBenchmarksPage(records, { pageDir: PAGE_DIR });
        // No results marker and no comment but the page's own, in the Markdown itself.
        expect(page).not.toContain(RESULTS_START);
        expect(page).not.toContain(RESULTS_END);
        expect(page.split('<!--')).toHaveLength(2);

        const html = render(page);
        const paths = records.map((s) => wellFormed(relative(PAGE_DIR, s.path)));
        expectOnlyPageMarkup(html, { paths, comments: [PAGE_COMMENT] });
        const headings = [...html.matchAll(/<h3>(.*)<\/h3>/g)].map((m) => m[1]);
        expect(headings).toEqual(records.map((s) => shownText(s.record.database.datasource_id)));
        const captions = [...html.matchAll(/<p>(Suite .*)<\/p>/g)].map((m) => m[1]);
        expect(captions).toEqual(records.map((s) => shownCaption(s.record)));

        const tables = tableRows(html);
        expect(tables).toHaveLength(3);
        tables.forEach((rows, i) => {
          const record = records[i]?.record as RunRecord;
          const [header, row, ...more] = rows;
          expect(more).toEqual([]);
          expect(row).toHaveLength(header?.length ?? -1);
          expect(row?.[0]).toMatch(/^<a href="[^"]*">2026-10-1\d<\/a>$/);
          expect(row?.[1]).toBe(shownCommit(record));
          expect(row?.at(-1)).toBe(record.note === null ? '-' : shownText(record.note));
          if (record.kind !== 'retrieval') expect(row?.[2]).toBe(shownText(record.config.name));
        });
      }),
      { numRuns: 80 },
    );
  });

  it('shows a note with HTML and a script link as text', () => {
    const record: RunRecord = {
      ...withTexts('plansOld', {
        note: '<img src=x onerror=alert(1)> [x](javascript:alert(1))',
        engineVersion: '0.7.0',
        suite: 'chinook`s.yaml',
        digest: 'abc',
        engine: '<b>sqlite</b>',
        fingerprint: 'f',
        datasource: 'chinook',
        config: '<!-- nl2sql:results:end --><img src=x>',
        nodes: {},
        roles: [],
        commit: '3f9c2a1d8e7b',
      }),
    };
    const page = renderBenchmarksPage([record]);
    expect(page).toContain(
      '| &lt;!-- nl2sql\\:results\\:end --&gt;&lt;img src=x&gt; | 100.0% (61.0-100.0) |',
    );
    expect(page).toContain('| &lt;img src=x onerror=alert(1)&gt; \\[x\\](javascript\\:alert(1)) |');
    expect(page).toContain(
      'Suite ``chinook`s.yaml`` (`abc`), schema `f` (&lt;b&gt;sqlite&lt;/b&gt;,',
    );
    expect(render(page)).not.toMatch(/<img|<b>|href="javascript/);
  });
});
