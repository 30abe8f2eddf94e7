import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkAnswer, type ResultRows, scanNumbers } from '../src/index.js';

const rows = (columns: string[], data: unknown[][]): ResultRows => ({ columns, rows: data });
const say = (summary: string, result: ResultRows, question = '') =>
  checkAnswer({ summary }, result, question);

// The spec's own examples (000_*, "Answer faithfulness"; 001_*, section 9), verbatim.
describe('the spec examples', () => {
  const table = [
    // A number: 1,297, 1234.5, $523.06, -5 -- it equals a value in the rows at the precision written
    { text: '1,297', cells: [1297], faithful: true },
    { text: '1234.5', cells: [1234.5], faithful: true },
    { text: '$523.06', cells: [523.06], faithful: true },
    { text: '-5', cells: [-5], faithful: true },
    // 523.1 and 523 match 523.06; 523.60 does not
    { text: '523.1', cells: [523.06], faithful: true },
    { text: '523', cells: [523.06], faithful: true },
    { text: '523.60', cells: [523.06], faithful: false },
    // A percentage: 37.2% -- or it is a share in the rows times 100 (0.3718)
    { text: '37.2%', cells: [0.3718], faithful: true },
    // 1,300 for 1297 ... unsupported
    { text: '1,300', cells: [1297], faithful: false },
  ];
  it.each(table)('"$text" against $cells', ({ text, cells, faithful }) => {
    const verdict = say(`The answer is ${text}.`, rows(['value'], [cells]));
    expect(verdict.faithful).toBe(faithful);
    expect(verdict.unsupported_numbers).toEqual(faithful ? [] : [text]);
    expect(verdict.checked).toBe(1);
  });

  it('a number inside a text cell or the question: the year of 2009-01-01, Symphony No. 5, top 5, in 2013', () => {
    const result = rows(['InvoiceDate', 'Name'], [['2009-01-01 00:00:00', 'Symphony No. 5']]);
    const question = 'What were the top 5 tracks in 2013?';
    for (const text of ['2009', '5', '2013']) {
      expect(say(`It was ${text} then.`, result, question)).toMatchObject({
        faithful: true,
        checked: 1,
      });
    }
  });

  it('a quoted ("Jazz") or bold (**Rock**) name is supported by a text cell', () => {
    const result = rows(['Name'], [['Jazz'], ['Rock']]);
    expect(say('The genres are "Jazz" and **Rock**.', result)).toEqual({
      faithful: true,
      unsupported_numbers: [],
      unsupported_entities: [],
      checked: 2,
    });
  });

  it('never checks ordinals (2nd), list markers (1.), glued numbers (chinook_001, MPEG-4, #7) or month and day', () => {
    const answer = 'The 2nd case is chinook_001 in MPEG-4, see #7.\n1. It ran on 2013-12-22.';
    const verdict = say(answer, rows(['year'], [[2013]]));
    expect(verdict).toEqual({
      faithful: true,
      unsupported_numbers: [],
      unsupported_entities: [],
      checked: 1, // only the year 2013
    });
  });

  it('skips bold spans with a digit, ending in : (**Note:**), or longer than six words', () => {
    const answer = '**Note:** **Top 5** **one two three four five six seven** and **Polka**.';
    const verdict = say(answer, rows(['Name'], [['Rock']]));
    expect(verdict.unsupported_entities).toEqual(['Polka']);
    expect(verdict.checked).toBe(2); // the 5 inside **Top 5** and the name Polka
  });

  it('1,300 for 1297, a 2013 that neither the rows nor the question hold, and a bold genre the rows do not list are all unsupported', () => {
    const result = rows(['Genre', 'Tracks'], [['Rock', 1297]]);
    const verdict = say(
      '**Rock** has 1,300 tracks in 2013, ahead of **Polka**.',
      result,
      'Which genre has the most tracks?',
    );
    expect(verdict).toEqual({
      faithful: false,
      unsupported_numbers: ['1,300', '2013'],
      unsupported_entities: ['Polka'],
      checked: 4,
    });
  });

  // 001_* section 9: ungrounded_numbers(...) examples, with this package's verdicts.
  it.each([
    ['EMEA revenue was $4.12M in Q3.', [['EMEA', 4_118_530.0]], []],
    ['EMEA revenue was $5.2M in Q3.', [['EMEA', 4_118_530.0]], ['$5.2M']],
    ['EMEA revenue was 4.12 million.', [['EMEA', '4118530.00']], []],
  ] as const)('%s', (text, data, unsupported) => {
    const verdict = say(
      text,
      rows(
        ['region', 'revenue'],
        data.map((r) => [...r]),
      ),
    );
    expect(verdict.unsupported_numbers).toEqual(unsupported);
    expect(verdict.checked).toBe(1); // the 3 of Q3 is glued to a word
  });
});

describe('one rule at a time', () => {
  const one = (cell: unknown) => rows(['v'], [[cell]]);

  it('numbers: written precision accepts rounding either way at the half unit', () => {
    expect(say('2.68', one(2.675)).faithful).toBe(true); // 2.675 is 2.67499... in binary
    expect(say('2.67', one(2.675)).faithful).toBe(true);
    expect(say('39.1', one(39.05)).faithful).toBe(true);
    expect(say('39.2', one(39.05)).faithful).toBe(false);
    expect(say('2', one(1.99)).faithful).toBe(true);
    expect(say('1.9', one(1.99)).faithful).toBe(false);
  });

  it('numbers: trailing zeros are precision, not rounding (1,300 is not 1297)', () => {
    expect(say('2,328.60', one(2328.6)).faithful).toBe(true);
    expect(say('1300', one(1297)).faithful).toBe(false);
    expect(say('1,300', one(1297)).faithful).toBe(false);
  });

  it('separators: commas and no-break, narrow no-break and thin spaces group thousands', () => {
    for (const text of [
      '1,234,567',
      '1\u00a0234\u00a0567',
      '1\u202f234\u202f567',
      '1\u2009234\u2009567',
    ]) {
      expect(say(`${text} bytes`, one(1_234_567))).toMatchObject({ faithful: true, checked: 1 });
    }
    // A comma list is not a thousands group: 1,2 is two numbers.
    expect(scanNumbers('1,2 and 12,34').map((c) => c.written)).toEqual(['1', '2', '12', '34']);
  });

  it('currency: symbols before (or after) the number, with a code against the symbol', () => {
    for (const text of [
      '$523.06',
      '\u20ac523.06',
      '\u00a3523.06',
      '523.06 \u20ac',
      'US$523.06',
      'R$523.06',
    ]) {
      expect(say(text, one(523.06))).toMatchObject({ faithful: true, checked: 1 });
    }
  });

  it('negatives: hyphen, minus sign and en dash, before or after the currency', () => {
    for (const text of ['-5', '\u22125', '\u20135', '-$5', '$-5', '(-5)']) {
      expect(say(`It was ${text}.`, one(-5))).toMatchObject({ faithful: true, checked: 1 });
    }
    // A signed number must match the sign; an unsigned one may state a negative's size.
    expect(say('It fell by 5.', one(-5)).faithful).toBe(true);
    expect(say('It was -5.', one(5)).faithful).toBe(false);
    expect(say('It was +5.', one(-5)).faithful).toBe(false);
  });

  it("an unsigned number states a negative's size only when its clause does not say it went up", () => {
    // Issue 30: "rose by 26.95" was faithful to -26.95.
    expect(say('Revenue rose by 26.95.', one(-26.95)).faithful).toBe(false);
    expect(say('Sales increased 26.95 this year.', one(-26.95)).faithful).toBe(false);
    expect(say('The total grew by 26.95.', one(-26.95)).faithful).toBe(false);
    // Falling, or no direction at all: the rule stands.
    expect(say('Revenue fell by 26.95.', one(-26.95)).faithful).toBe(true);
    expect(say('Sales decreased 26.95 this year.', one(-26.95)).faithful).toBe(true);
    expect(say('The change was 26.95.', one(-26.95)).faithful).toBe(true);
    // The nearest direction word in the number's own clause decides.
    expect(say('It rose in May; then it dropped 26.95.', one(-26.95)).faithful).toBe(true);
    expect(say('It fell in May, then rose 26.95.', one(-26.95)).faithful).toBe(false);
    expect(say('Last year it rose. This year it fell by 26.95.', one(-26.95)).faithful).toBe(true);
    // A rise of a positive value is what it says.
    expect(say('Revenue rose by 26.95.', one(26.95)).faithful).toBe(true);
  });

  it('ranges: a dash between two numbers is not a minus', () => {
    const claims = scanNumbers('from 2009-2013 and 5\u201310');
    expect(claims.map((c) => [c.written, c.sign])).toEqual([
      ['2009', 'none'],
      ['2013', 'none'],
      ['5', 'none'],
      ['10', 'none'],
    ]);
  });

  it('row count: a count of the rows is supported', () => {
    const result = rows(['Name'], [['a'], ['b'], ['c']]);
    expect(say('There are 3 of them.', result).faithful).toBe(true);
    expect(say('There are 4 of them.', result).faithful).toBe(false);
  });

  it('sum: the sum of a numeric column is supported, at written precision', () => {
    const result = rows(
      ['country', 'revenue'],
      [
        ['USA', 523.06],
        ['Canada', 303.96],
        ['France', 195.1],
      ],
    );
    expect(say('1,022.12 in all', result).faithful).toBe(true);
    expect(say('about 1,022 in all', result).faithful).toBe(true);
    expect(say('1,022.21 in all', result).faithful).toBe(false);
  });

  it('sum: a column with a text cell has no sum', () => {
    const result = rows(['v'], [[1], [2], ['n/a']]);
    expect(say('3 in all', result).faithful).toBe(true); // the row count is 3
    expect(say('4 in all', rows(['v'], [[1], [3], ['x'], ['y'], ['z']])).faithful).toBe(false);
  });

  it('percentages: a value as written, or a share times 100', () => {
    expect(say('37.03%', one(37.03)).faithful).toBe(true);
    expect(say('37.0%', one(0.3703)).faithful).toBe(true);
    expect(say('37 percent', one(0.3703)).faithful).toBe(true);
    expect(say('37 per cent', one(0.3703)).faithful).toBe(true);
    expect(say('37.2%', one(0.3703)).faithful).toBe(false);
    // A share times 100 supports only a percentage, not a bare number.
    expect(say('37.0', one(0.3703)).faithful).toBe(false);
  });

  it('text cells and the question: any number inside them is supported', () => {
    const result = rows(['Name'], [['Symphony No. 104 in D Major "London"']]);
    expect(say('It is number 104.', result).faithful).toBe(true);
    expect(say('It is number 105.', result).faithful).toBe(false);
    expect(say('Over 12k rows.', one(1), 'Which of the 12k rows?').faithful).toBe(true);
    expect(say('Over 12,000 rows.', one(1), 'Which of the 12k rows?').faithful).toBe(true);
  });

  it('ordinals: 1st, 2nd, 3rd, 4th, 21ST and 1\u00ba are not numbers', () => {
    expect(scanNumbers('1st 2nd 3rd 4th 21ST 1\u00ba 2nd-highest')).toEqual([]);
  });

  it('list markers: 1. and 1) at the start of a line, indented or quoted, are not numbers', () => {
    expect(scanNumbers('1. Rock\n  2) Jazz\n> 3. Blues')).toEqual([]);
    // Not a marker: mid-line, followed by nothing, or a decimal.
    expect(scanNumbers('see 1. Rock').map((c) => c.written)).toEqual(['1']);
    expect(scanNumbers('3.').map((c) => c.written)).toEqual(['3']);
    expect(scanNumbers('1.5 million').map((c) => c.written)).toEqual(['1.5 million']);
  });

  it('glued: numbers inside words or identifiers are not numbers', () => {
    expect(
      scanNumbers('chinook_001 MPEG-4 #7 Q3 mp3 3D 5kg 4-star v1.2.3 192.168.0.1 No.5 @2 COVID-19'),
    ).toEqual([]);
  });

  it('dates: month and day are skipped in every common form, the year is checked', () => {
    const forms = [
      '2013-12-22',
      '2013/12/22',
      '2013.12.22',
      '22/12/2013',
      '12/22/2013',
      '22.12.2013',
      'December 22, 2013',
      'Dec. 22 2013',
      '22 December 2013',
      '22nd of December 2013',
      '2013-12',
      '12/2013',
      '2013-12-22 00:00:00',
      '2013-12-22T10:30:15.250',
    ];
    for (const form of forms) {
      expect(
        scanNumbers(`on ${form}.`).map((c) => c.written),
        form,
      ).toEqual(['2013']);
    }
    expect(scanNumbers('at 10:30')).toEqual([]);
    expect(say('on 22/12/2014', rows(['d'], [['2013-12-22']])).unsupported_numbers).toEqual([
      '2014',
    ]);
  });

  it('scale words: 4.12M, 4.12 million, 12k, 3bn are supported when they round to a value', () => {
    expect(say('4.12M', one(4_118_530)).faithful).toBe(true);
    expect(say('4.12 million', one(4_118_530)).faithful).toBe(true);
    expect(say('4.12\u00a0million', one(4_118_530)).faithful).toBe(true);
    expect(say('4.1m', one(4_118_530)).faithful).toBe(true);
    expect(say('4M', one(4_118_530)).faithful).toBe(true);
    expect(say('4.11M', one(4_118_530)).faithful).toBe(false);
    expect(say('12k', one(12_345)).faithful).toBe(true);
    expect(say('12.4K', one(12_345)).faithful).toBe(false);
    expect(say('$3bn', one(3_049_000_000)).faithful).toBe(true);
    expect(say('3 billion', one(3_049_000_000)).faithful).toBe(true);
    expect(say('117.4 billion', one(117_386_255_350)).faithful).toBe(true);
    expect(say('2 trillion', one(2e12)).faithful).toBe(true);
    // A lone letter after a space is a unit, not a scale: 5 m stays 5.
    expect(scanNumbers('5 m').map((c) => c.written)).toEqual(['5']);
  });

  it('quoted names: straight, curly, single and CJK quotes; apostrophes do not open a quote', () => {
    const result = rows(['Name'], [['Jazz'], ["Guns N' Roses"]]);
    for (const text of [
      '"Jazz"',
      '\u201cJazz\u201d',
      "'Jazz'",
      '\u300cJazz\u300d',
      '\u00abJazz\u00bb',
    ]) {
      expect(say(`Genre ${text}.`, result), text).toMatchObject({ faithful: true, checked: 1 });
    }
    expect(say("the artists' names, Guns N' Roses and don't", result).checked).toBe(0);
    expect(say('"Polka" is missing.', result).unsupported_entities).toEqual(['Polka']);
  });

  it('names: a text cell, column name or the question contains it, or it contains a text cell', () => {
    const result = rows(['BillingCountry'], [['Heavy Metal'], ['Rock']]);
    const q = 'Which genre sells best in Sao Paulo?';
    expect(say('**Metal**', result).faithful).toBe(true); // a cell contains it
    expect(say('**Rock And Roll**', result).faithful).toBe(true); // it contains a cell
    expect(say('**billing country**', result).faithful).toBe(false); // words differ from the column name
    expect(say('**BillingCountry**', result).faithful).toBe(true); // a column name
    expect(say('**São Paulo**', result, q).faithful).toBe(true); // the question, accents ignored
    expect(say('**Meta**', result).faithful).toBe(false); // whole words only
    expect(say('**Rocket**', result).faithful).toBe(false);
  });

  it('names: a name does not match across two cells', () => {
    const result = rows(['first', 'last'], [['Heavy', 'Metal']]);
    expect(say('**Heavy Metal**', result).faithful).toBe(true); // it contains the cell "Heavy"
    expect(say('**Metal Heavy Rock**', result).faithful).toBe(true);
    expect(say('**Light Metallic**', result).faithful).toBe(false);
  });

  it('bold: only a colon inside the asterisks skips the span, so name lists are checked', () => {
    expect(say('**Answer:** 5', one(5)).checked).toBe(1);
    expect(
      say(
        '- **Rock**: 1,297\n- **Polka**: 5',
        rows(
          ['g', 'n'],
          [
            ['Rock', 1297],
            ['Jazz', 5],
          ],
        ),
      ),
    ).toEqual({
      faithful: false,
      unsupported_numbers: [],
      unsupported_entities: ['Polka'],
      checked: 4,
    });
    // __init__ between spaces is bold in Markdown; inside a word it is not.
    expect(
      say('__Polka__ and __init__ and snake__case__word', one(5)).unsupported_entities,
    ).toEqual(['Polka', 'init']);
  });

  it('code is not checked: fenced blocks and inline spans', () => {
    const answer = {
      summary: 'The count is `SELECT COUNT(*) ... LIMIT 10` = 59.',
      content: '```sql\nSELECT * FROM "Customer" LIMIT 100\n```\nThat is 59.',
    };
    expect(checkAnswer(answer, one(59), 'How many?')).toEqual({
      faithful: true,
      unsupported_numbers: [],
      unsupported_entities: [],
      checked: 2,
    });
  });

  it('unicode: full-width digits are text, Han and kana do not glue, NBSP before a scale word', () => {
    expect(scanNumbers('\uff11\uff12\uff13 \uff15\uff19')).toEqual([]);
    expect(scanNumbers('3\uff11')).toEqual([]); // a full-width digit glues like a letter
    expect(scanNumbers('\u5171\u67093\u9996\u6b4c').map((c) => c.written)).toEqual(['3']);
    expect(scanNumbers('\u7b2c3\u540d')).toEqual([]); // 第3: an ordinal
    expect(say('\u5171\u670959\u4f4d\u5ba2\u6237', one(59)).faithful).toBe(true);
    // Astral characters: an emoji does not glue, a mathematical bold digit is text.
    expect(scanNumbers('\u{1F3B5}5 tracks').map((c) => c.written)).toEqual(['5']);
    expect(scanNumbers('\u{1D7D3} tracks and \u{1D7D3}5')).toEqual([]);
    expect(say('**Mot\u00f6rhead \u{1F918}**', rows(['Name'], [['Motorhead']])).faithful).toBe(
      true,
    );
  });

  it('summary and content are both checked; unsupported values are listed once, in order', () => {
    const verdict = checkAnswer(
      {
        summary: 'We have 60 and 61.',
        content: 'Again 61, then 60, and **Polka** twice: **Polka**.',
      },
      one(59),
    );
    expect(verdict).toEqual({
      faithful: false,
      unsupported_numbers: ['60', '61'],
      unsupported_entities: ['Polka'],
      checked: 6,
    });
  });

  it('an empty, null or missing answer has nothing to check', () => {
    for (const answer of [{}, { summary: null, content: null }, { summary: '', content: '' }]) {
      expect(checkAnswer(answer, one(1))).toEqual({
        faithful: true,
        unsupported_numbers: [],
        unsupported_entities: [],
        checked: 0,
      });
    }
  });

  it('cells of every driver type: numeric strings, bigint, Date, boolean, null, bytes', () => {
    const result = rows(
      ['a', 'b', 'c', 'd', 'e', 'f'],
      [
        [
          '4118530.00',
          9007199254740993n,
          new Date('2013-12-22T00:00:00Z'),
          true,
          null,
          new Uint8Array([7]),
        ],
      ],
    );
    expect(say('4.12M, 9007199254740993 and 2013', result).faithful).toBe(true);
    expect(say('7', result).faithful).toBe(false);
    expect(say('**true**', result).faithful).toBe(true);
  });
});

// Rows of small integers and lower-case names from a-m; evidence nothing from n-z can match.
const cellName = fc.stringMatching(/^[a-m]{3,8}$/);
const resultArb = fc
  .array(
    fc.tuple(cellName, fc.integer({ min: 0, max: 1000 }), fc.integer({ min: -99999, max: 99999 })),
    {
      minLength: 1,
      maxLength: 20,
    },
  )
  .map((data) =>
    rows(
      ['name', 'count', 'cents'],
      data.map(([name, count, cents]) => [name, count, cents / 100]),
    ),
  );

describe('properties', () => {
  it('an answer that only restates row values verbatim is faithful', () => {
    fc.assert(
      fc.property(resultArb, fc.boolean(), (result, bold) => {
        const lines = result.rows.map(([name, count, amount]) => {
          const label = bold ? `**${name}**` : `"${name}"`;
          return `- ${label}: ${count} items, ${String(amount)} dollars`;
        });
        const verdict = checkAnswer({ content: lines.join('\n') }, result);
        expect(verdict.unsupported_numbers).toEqual([]);
        expect(verdict.unsupported_entities).toEqual([]);
        expect(verdict.faithful).toBe(true);
        expect(verdict.checked).toBe(result.rows.length * 3);
      }),
    );
  });

  it('adding a number found nowhere makes it unfaithful, and it is reported as written', () => {
    fc.assert(
      fc.property(resultArb, fc.integer({ min: 1_000_000, max: 9_999_999 }), (result, stray) => {
        const written = stray.toLocaleString('en-US');
        const restated = result.rows.map(([name, count]) => `${name} has ${count}`).join('; ');
        const verdict = checkAnswer({ summary: `${restated}. Overall ${written}.` }, result);
        expect(verdict.faithful).toBe(false);
        expect(verdict.unsupported_numbers).toEqual([written]);
      }),
    );
  });

  it('adding a bold or quoted name found nowhere makes it unfaithful', () => {
    fc.assert(
      fc.property(
        resultArb,
        fc.stringMatching(/^[n-z]{3,10}$/),
        fc.boolean(),
        (result, stray, bold) => {
          const name = bold ? `**${stray}**` : `"${stray}"`;
          const verdict = checkAnswer({ summary: `It is ${name}.` }, result);
          expect(verdict.unsupported_entities).toEqual([stray]);
        },
      ),
    );
  });

  it('any value rounded at any precision it can be written at is supported', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -10_000_000, max: 10_000_000 }),
        fc.integer({ min: 0, max: 2 }),
        (cents, digits) => {
          const value = cents / 100;
          const written = Math.abs(value).toFixed(digits);
          expect(say(`about ${written}`, rows(['v'], [[value]])).faithful).toBe(true);
        },
      ),
    );
  });

  it('any large value written in millions at two decimals is supported; one hundredth off is not', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1_000_000, max: 999_999_999 }), (value) => {
        const millions = Math.round(value / 10_000) / 100;
        const result = rows(['v'], [[value]]);
        expect(say(`$${millions.toFixed(2)}M`, result).faithful).toBe(true);
        expect(say(`$${(millions + 0.01).toFixed(2)}M`, result).faithful).toBe(false);
      }),
    );
  });

  it('never throws, and the verdict is consistent, on arbitrary text', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 200 }),
        fc.string({ maxLength: 50 }),
        (text, question) => {
          const verdict = checkAnswer(
            { summary: text, content: text },
            rows(['v'], [[1], ['x']]),
            question,
          );
          expect(verdict.faithful).toBe(
            verdict.unsupported_numbers.length === 0 && verdict.unsupported_entities.length === 0,
          );
          expect(verdict.checked).toBeGreaterThanOrEqual(
            verdict.unsupported_numbers.length + verdict.unsupported_entities.length,
          );
        },
      ),
    );
  });

  it('unsupported numbers are exactly written numbers of the answer', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9a-z ,.$%\n*"'-]{0,80}$/), (text) => {
        const verdict = checkAnswer({ summary: text }, rows(['v'], [[1]]));
        const written = new Set(scanNumbers(text).map((c) => c.written));
        for (const number of verdict.unsupported_numbers) expect(written.has(number)).toBe(true);
      }),
    );
  });
});
