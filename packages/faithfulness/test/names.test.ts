import { describe, expect, it } from 'vitest';
import { scanNames } from '../src/index.js';

const names = (text: string) => scanNames(text).map((c) => [c.kind, c.written]);

describe('scanNames', () => {
  it('finds bold and quoted names in order, with offsets', () => {
    const text = 'Top: **Rock**, then "Latin" and __Metal__.';
    expect(names(text)).toEqual([
      ['bold', 'Rock'],
      ['quoted', 'Latin'],
      ['bold', 'Metal'],
    ]);
    const [rock] = scanNames(text);
    expect(text.slice(rock!.start, rock!.end)).toBe('**Rock**');
  });

  it('applies the bold skip rules: digit, trailing colon, more than six words', () => {
    expect(names('**Top 5** **Note:** **a b c d e f g** **a b c d e f**')).toEqual([
      ['bold', 'a b c d e f'],
    ]);
    expect(names('**Note\uff1a** **\uff15 stars**')).toEqual([]); // full-width colon and digit
  });

  it('skips bold quotations and bold without letters, but not a name before a colon', () => {
    expect(names('**Rock**: 5. **"Jazz"** **--**')).toEqual([
      ['bold', 'Rock'],
      ['quoted', 'Jazz'],
    ]);
  });

  it('needs a closer on the same line, and no space inside the asterisks', () => {
    expect(names('**Rock\nand** ** Jazz ** 2 ** 3')).toEqual([]);
    // A run that cannot open or close does not hide a bold span after it.
    expect(names('2 ** 3 and **Rock**, a ** b **Jazz**')).toEqual([
      ['bold', 'Rock'],
      ['bold', 'Jazz'],
    ]);
  });

  it('reads bold-italic and longer runs', () => {
    expect(names('***Rock*** and ****Jazz****')).toEqual([
      ['bold', 'Rock'],
      ['bold', 'Jazz'],
    ]);
  });

  it('reads every kind of quote and skips quotes with no letter', () => {
    expect(
      names(
        '"Jazz" \u201cRock\u201d \u2018Pop\u2019 \u00abLatin\u00bb \u300cMetal\u300d \u300eBlues\u300f \'Soul\' "1,297" ""',
      ),
    ).toEqual([
      ['quoted', 'Jazz'],
      ['quoted', 'Rock'],
      ['quoted', 'Pop'],
      ['quoted', 'Latin'],
      ['quoted', 'Metal'],
      ['quoted', 'Blues'],
      ['quoted', 'Soul'],
    ]);
  });

  it('does not take apostrophes for quotes', () => {
    expect(names("Guns N' Roses, the artists' names, don't, rock 'n' roll")).toEqual([
      ['quoted', 'n'],
    ]);
  });

  it('does not pair quotes across lines', () => {
    expect(names('"Rock\nJazz"')).toEqual([]);
  });
});

describe('scanNames and code', () => {
  it('reads no names inside code, as checkAnswer does', () => {
    expect(names('`"Customer"` and **Rock**\n```\n**Polka**\n```')).toEqual([['bold', 'Rock']]);
  });
});
