import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonArrayRecords, PairsFileError } from '../src/index.js';

describe('jsonArrayRecords', () => {
  it('gives each element the line it starts on, strings with brackets and escapes included', () => {
    const text =
      '[\n  {"q": "a [b] {c}", "s": "x\\"]"},\n\n  {"q": "two"}, 3,\n  [1, {"x": 2}]\n]\n';
    expect(jsonArrayRecords(text, 'dev.json')).toEqual([
      { value: { q: 'a [b] {c}', s: 'x"]' }, line: 2 },
      { value: { q: 'two' }, line: 4 },
      { value: 3, line: 4 },
      { value: [1, { x: 2 }], line: 5 },
    ]);
  });

  it('places every element of any array at its line (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue(), { maxLength: 8 }), (values) => {
        const text = `[\n${values.map((v) => JSON.stringify(v, null, 1)).join(',\n')}\n]`;
        let line = 2;
        const expected = values.map((v) => {
          const at = line;
          line += JSON.stringify(v, null, 1).split('\n').length;
          return at;
        });
        expect(jsonArrayRecords(text, 'f.json').map((r) => r.line)).toEqual(expected);
      }),
    );
  });

  it('refuses text that is not JSON, or not an array, located', () => {
    expect(() => jsonArrayRecords('[\n{"a": 1},\n{"a": }\n]', 'dev.json')).toThrow(PairsFileError);
    try {
      jsonArrayRecords('[\n{"a": 1},\n{"a": }\n]', 'dev.json');
    } catch (error) {
      expect((error as PairsFileError).message).toMatch(/^dev\.json:3: not JSON: /);
    }
    expect(() => jsonArrayRecords('{"a": 1}', 'dev.json')).toThrow(
      'dev.json:1: expected a JSON array of records',
    );
  });
});
