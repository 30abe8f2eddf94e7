import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeHtml, inlineJson } from '../src/index.js';
import { HOSTILE_TEXTS } from './hostile-text.js';

describe('escapeHtml', () => {
  it.each(HOSTILE_TEXTS)('leaves no markup character in %j', (text) => {
    expect(escapeHtml(text)).not.toMatch(/[<>"']/);
  });

  it('any text: no markup character, no control but tab and line breaks, no lone surrogate', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const out = escapeHtml(text);
        expect(out).not.toMatch(/[<>"']|(?![\t\n\r])\p{Cc}/u);
        expect(out).not.toMatch(/[\ud800-\udfff]/u);
        // Every & starts an entity this function wrote.
        expect(out.replace(/&(amp|lt|gt|quot|#39);/g, '')).not.toContain('&');
      }),
    );
  });

  it('keeps ordinary text as it is', () => {
    expect(escapeHtml('SELECT a, b\n\tFROM t 😀 é')).toBe('SELECT a, b\n\tFROM t 😀 é');
  });
});

describe('inlineJson', () => {
  it('round-trips any value and never holds </script, <!-- or a raw U+2028', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(...HOSTILE_TEXTS), (value, hostile) => {
        const input = { value, hostile, [hostile]: [hostile] };
        const out = inlineJson(input);
        expect(out).not.toMatch(/<|>|&|\u2028|\u2029/);
        expect(JSON.parse(out)).toEqual(JSON.parse(JSON.stringify(input)));
      }),
    );
  });
});
