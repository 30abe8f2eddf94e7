import { describe, expect, it } from 'vitest';
import { nameWords, Vocabulary } from '../src/name-words.js';

describe('nameWords', () => {
  it('lower-cases, drops accents, apostrophes and punctuation', () => {
    expect(nameWords("Guns N' Roses")).toEqual(['guns', 'n', 'roses']);
    expect(nameWords('Mot\u00f6rhead')).toEqual(['motorhead']);
    expect(nameWords('AC/DC')).toEqual(['ac', 'dc']);
    expect(nameWords('90\u2019s Music')).toEqual(['90s', 'music']);
    expect(nameWords('\uff21\uff22\uff23 Rock')).toEqual(['abc', 'rock']); // full-width letters
    expect(nameWords('  --  ')).toEqual([]);
    expect(nameWords('\u5317\u4eac Beijing')).toEqual(['\u5317\u4eac', 'beijing']);
  });

  it('gives each word one id', () => {
    const vocabulary = new Vocabulary();
    expect(vocabulary.intern('rock')).toBe(0);
    expect(vocabulary.intern('jazz')).toBe(1);
    expect(vocabulary.intern('rock')).toBe(0);
    expect(vocabulary.lookup('jazz')).toBe(1);
    expect(vocabulary.lookup('polka')).toBe(-1);
  });
});
