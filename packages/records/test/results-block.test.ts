import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  RESULTS_END,
  RESULTS_START,
  type RunRecord,
  renderResultsBlock,
  replaceResultsBlock,
} from '../src/index.js';
import { wellFormed } from '../src/markdown-text.js';
import {
  anyTexts,
  type RecordTexts,
  shownCommit,
  shownText,
  withTexts,
} from './hostile-records.js';
import { hostileName } from './hostile-text.js';
import { BLOCK_COMMENT, expectOnlyPageMarkup, render, tableRows } from './markdown-render.js';

const README = `# project\n\n${RESULTS_START}\nold\n${RESULTS_END}\n\nafter\n`;

describe('renderResultsBlock with hostile text in every field', () => {
  it('property: markers exactly once, only the block markup, every text shown as written, and the block can be replaced again', () => {
    const pageLink = fc.array(hostileName, { minLength: 1, maxLength: 3 }).map((p) => p.join('/'));
    fc.assert(
      fc.property(
        fc.tuple(anyTexts, anyTexts, anyTexts),
        pageLink,
        (three: RecordTexts[], link) => {
          const records: RunRecord[] = (['plansOld', 'full', 'retrieval'] as const).map((name, i) =>
            withTexts(name, three[i] as RecordTexts),
          );
          const block = renderResultsBlock(records, link);
          const readme = replaceResultsBlock(README, block);
          expect(readme.split(RESULTS_START)).toHaveLength(2);
          expect(readme.split(RESULTS_END)).toHaveLength(2);
          expect(readme.split('<!--')).toHaveLength(4);
          // The next publish finds the markers and gives the same bytes.
          expect(replaceResultsBlock(readme, block)).toBe(readme);

          const html = render(block);
          expectOnlyPageMarkup(html, {
            paths: [wellFormed(link)],
            comments: [RESULTS_START, BLOCK_COMMENT, RESULTS_END],
          });
          const [rows] = tableRows(html);
          expect(rows).toHaveLength(4);
          records.forEach((record, i) => {
            const row = rows?.[i + 1];
            expect(row).toHaveLength(6);
            expect(row?.slice(0, 5)).toEqual([
              record.kind,
              shownText(record.database.datasource_id),
              shownText(record.config.name),
              record.recorded_at.slice(0, 10),
              shownCommit(record),
            ]);
          });
        },
      ),
      { numRuns: 80 },
    );
  });

  it('writes a config named like the end marker as text, and publish still finds the markers', () => {
    const record = withTexts('plansOld', {
      note: null,
      engineVersion: '0.7.0',
      suite: 'chinook.yaml',
      digest: 'abc',
      engine: 'sqlite',
      fingerprint: 'f',
      datasource: 'chinook',
      config: `${RESULTS_END}<img src=x onerror=alert(1)>`,
      nodes: {},
      roles: [],
      commit: '3f9c2a1d8e7b',
    });
    const readme = replaceResultsBlock(README, renderResultsBlock([record]));
    expect(readme).toContain(
      '| plans | chinook | &lt;!-- nl2sql\\:results\\:end --&gt;&lt;img src=x onerror=alert(1)&gt; | 2026-10-15 |',
    );
    expect(() => replaceResultsBlock(readme, renderResultsBlock([record]))).not.toThrow();
  });
});
