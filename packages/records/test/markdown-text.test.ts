import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { markdownText, oneLine, wellFormed } from '../src/markdown-text.js';
import { HOSTILE_TEXTS, hostileText } from './hostile-text.js';
import { expectOnlyPageMarkup, htmlText, render, tableRows } from './markdown-render.js';

// LF, CR, VT, FF, NEL, LS, PS: every character Unicode counts as ending a line.
const LINE_TERMINATORS = /[\n\r\v\f\u0085\u2028\u2029]/;

describe('oneLine', () => {
  it('property: one line, trimmed, no control or bidirectional character, well formed', () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const line = oneLine(text);
        expect(line).not.toMatch(LINE_TERMINATORS);
        expect(line).not.toMatch(/[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u);
        expect(line).not.toMatch(/ {2}/);
        expect(line).toBe(line.trim());
        expect(wellFormed(line)).toBe(line);
        expect(oneLine(line)).toBe(line);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps ordinary text as it is', () => {
    expect(oneLine('first gpt-5.4 run on the 0.7 suite')).toBe(
      'first gpt-5.4 run on the 0.7 suite',
    );
    expect(oneLine('😀 👩‍💻 日本語 zero\u200bwidth')).toBe('😀 👩‍💻 日本語 zero\u200bwidth');
    expect(oneLine(' a\r\n\u2028b\u0085 ')).toBe('a b');
    expect(oneLine('x\u202ey\u0000z\ud800')).toBe('x\ufffdy\ufffdz\ufffd');
  });
});

describe('markdownText', () => {
  it('property: a table cell shows exactly the text, with no markup from it', () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const escaped = markdownText(text);
        expect(escaped).not.toMatch(/[<>]/);
        expect(escaped).not.toMatch(LINE_TERMINATORS);
        const html = render(`| a | b |\n| --- | --- |\n| ${escaped || '-'} | end |\n`);
        expectOnlyPageMarkup(html, { paths: [], comments: [] });
        expect(tableRows(html)).toEqual([
          [
            ['a', 'b'],
            [htmlText(oneLine(text)) || '-', 'end'],
          ],
        ]);
      }),
      { numRuns: 300 },
    );
  });

  it('property: a sentence and a heading show exactly the text', () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const escaped = markdownText(text);
        fc.pre(escaped !== '');
        const shown = htmlText(oneLine(text));
        expect(render(`Suite ${escaped}, schema.`)).toBe(`<p>Suite ${shown}, schema.</p>`);
        expect(render(`### ${escaped}`)).toBe(`<h3>${shown}</h3>`);
      }),
      { numRuns: 300 },
    );
  });

  it('escapes the curated hostile texts', () => {
    for (const text of HOSTILE_TEXTS) {
      const html = render(`| a |\n| --- |\n| ${markdownText(text) || '-'} |\n`);
      expectOnlyPageMarkup(html, { paths: [], comments: [] });
    }
    expect(markdownText('<img src=x onerror=alert(1)> [x](javascript:alert(1))')).toBe(
      '&lt;img src=x onerror=alert(1)&gt; \\[x\\](javascript\\:alert(1))',
    );
    expect(markdownText('<!-- nl2sql:results:end -->')).toBe(
      '&lt;!-- nl2sql\\:results\\:end --&gt;',
    );
    expect(markdownText('a | b\nc')).toBe('a \\| b c');
    expect(markdownText('www.example.com')).toBe('www\\.example.com');
  });

  it('leaves names readable: an underscore inside a word, dots, dashes and slashes', () => {
    for (const name of ['chinook_v2', 'gpt-5.4', 'openrouter/meta-llama/llama-3.3-70b', 'plans']) {
      expect(markdownText(name)).toBe(name);
    }
    expect(markdownText('a._b_.c')).toBe('a.\\_b\\_.c');
    expect(markdownText('_x')).toBe('\\_x');
  });
});
