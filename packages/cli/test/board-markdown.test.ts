import { boardMarkdown, SUMMARY_FAILURES } from '@nl2sql/reporters';
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import { describe, expect, test } from 'vitest';
import { board, caseRun, failingRun, gated, HOSTILE, runReport } from './reporter-fixture.js';

/** As GitHub renders a job summary (GFM), raw HTML and any link scheme passed through. */
const render = (markdown: string) =>
  micromark(markdown, {
    extensions: [gfm()],
    htmlExtensions: [gfmHtml()],
    allowDangerousHtml: true,
    allowDangerousProtocol: true,
  });

describe('boardMarkdown', () => {
  test('the gate first, each config as a table, failing case runs with why, the gate checks and deltas', () => {
    const baseline = runReport([
      board('plans', [caseRun('artists', 'admin'), caseRun('albums', 'admin')]),
    ]);
    const current = runReport([
      board('plans', [failingRun('artists', 'admin', 'wrong count'), caseRun('albums', 'admin')]),
    ]);
    const markdown = boardMarkdown(current, gated(baseline, current));
    const lines = markdown.split('\n');
    expect(lines[0]).toBe('## nl2sql eval: mode plans, suite shop.yaml (bbbbbbbbbbbb)');
    expect(lines[2]).toBe('**Gate: FAIL**');
    expect(markdown).toContain('| case runs | 2/2 |');
    expect(markdown).toContain('| artists as admin | fail | wrong count |');
    expect(markdown).toContain('| plans | strict | 2/2 100.0% | 1/2 50.0% | -50.0 pts |');
    const html = render(markdown);
    expect(html.match(/<table>/g)).toHaveLength(4);
  });

  test(`lists the first ${SUMMARY_FAILURES} failing case runs and counts the rest`, () => {
    const runs = Array.from({ length: SUMMARY_FAILURES + 3 }, (_, i) =>
      failingRun(`c${i}`, 'admin', 'wrong'),
    );
    const markdown = boardMarkdown(runReport([board('plans', runs)]), { status: 'not asked' });
    expect(markdown).toContain(`#### Failing case runs (${SUMMARY_FAILURES + 3})`);
    expect(markdown).toContain('and 3 more (every case run is in the JUnit and HTML reports).');
    expect(markdown).toContain('Not gated (no `--baseline`).');
  });

  test('hostile text from a run becomes no markup: no HTML, link, image, emphasis or extra cell', () => {
    const report = runReport([board(HOSTILE, [failingRun(HOSTILE, HOSTILE, HOSTILE)])]);
    const html = render(boardMarkdown(report, { status: 'no baseline', message: HOSTILE }));
    expect(html).not.toMatch(/<(a|img|x|strong|em|script)\b/);
    const failing = html.slice(html.lastIndexOf('<table>'));
    // Every body row of the failing table has exactly its three cells.
    for (const row of failing.split('<tr>').slice(2)) expect(row.match(/<td>/g)).toHaveLength(3);
  });
});
