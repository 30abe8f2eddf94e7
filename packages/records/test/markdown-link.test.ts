import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { linkDestination, markdownLink } from '../src/markdown-link.js';
import { wellFormed } from '../src/markdown-text.js';
import { hostileText } from './hostile-text.js';
import { expectOnlyPageMarkup, render } from './markdown-render.js';

describe('markdownLink', () => {
  it('property: links to exactly the path given, relative, whatever its folder and file names', () => {
    const segment = fc.oneof(
      hostileText,
      fc.constantFrom('..', '.', 'benchmarks', 'javascript:alert(1)'),
    );
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 5 }), (segments) => {
        const path = segments.join('/');
        const html = render(`See ${markdownLink('2026-10-15', path)}.`);
        expectOnlyPageMarkup(html, { paths: [wellFormed(path)], comments: [] });
        expect(html).toMatch(/^<p>See <a href="[^"]*">2026-10-15<\/a>\.<\/p>$/);
      }),
      { numRuns: 300 },
    );
  });

  it('leaves plain record paths as they are and encodes what would end the link', () => {
    const path = '../benchmarks/plans/chinook/2026-11-29_c55bb63_plans.json';
    expect(linkDestination(path)).toBe(path);
    expect(linkDestination('a b/(x).json')).toBe('a%20b/%28x%29.json');
    expect(linkDestination('javascript:alert(1)')).toBe('javascript%3Aalert%281%29');
  });
});
