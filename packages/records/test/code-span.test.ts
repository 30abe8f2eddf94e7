import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codeSpan } from '../src/code-span.js';
import { oneLine } from '../src/markdown-text.js';
import { HOSTILE_TEXTS, hostileText } from './hostile-text.js';
import { expectOnlyPageMarkup, htmlText, render, tableRows } from './markdown-render.js';

/** What a reader sees for `text`: code when a span can hold it, else the plain text. */
function shown(text: string): string {
  const line = oneLine(text);
  if (line === '') return '-';
  return /[<>&|]/.test(line) ? htmlText(line) : `<code>${htmlText(line)}</code>`;
}

describe('codeSpan', () => {
  it('property: shows exactly the text, as code where it can, in a cell and in a sentence', () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        const span = codeSpan(text);
        expect(span).not.toMatch(/[<>\n\r\u2028\u2029\u0085]/);
        const cellHtml = render(`| a | b |\n| --- | --- |\n| ${span} | end |\n`);
        expectOnlyPageMarkup(cellHtml, { paths: [], comments: [] });
        expect(tableRows(cellHtml)[0]?.[1]).toEqual([shown(text), 'end']);
        expect(render(`Suite ${span}.`)).toBe(`<p>Suite ${shown(text)}.</p>`);
      }),
      { numRuns: 300 },
    );
  });

  it('holds backticks with a longer fence, padded where the text starts or ends with one', () => {
    expect(codeSpan('chinook.yaml')).toBe('`chinook.yaml`');
    expect(codeSpan('a`b')).toBe('``a`b``');
    expect(codeSpan('``a`b``')).toBe('``` ``a`b`` ```');
    expect(codeSpan('`')).toBe('`` ` ``');
    expect(render(codeSpan('` x `'))).toBe('<p><code>` x `</code></p>');
  });

  it('falls back to escaped text where a span cannot hold the text', () => {
    expect(codeSpan('a|b.yaml')).toBe('a\\|b.yaml');
    expect(codeSpan('<!-- nl2sql:results:end -->')).toBe('&lt;!-- nl2sql\\:results\\:end --&gt;');
    for (const text of HOSTILE_TEXTS) {
      expectOnlyPageMarkup(render(`x ${codeSpan(text)} y`), { paths: [], comments: [] });
    }
  });
});
