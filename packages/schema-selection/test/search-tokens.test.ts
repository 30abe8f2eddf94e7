import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { searchTokens } from '../src/index.js';

describe('searchTokens: Latin text, as the reference engine tokenizes it', () => {
  it.each([
    ['InvoiceLine', ['invoice', 'line']],
    ['BillingCountry', ['billing', 'country']],
    ['HTMLParser', ['html', 'parser']],
    ['order_lines.unit_price_cents', ['order', 'line', 'unit', 'price', 'cent']],
    ['How many tracks per genre?', ['track', 'genre']],
    ['categories and albums', ['category', 'album']],
    ['', []],
  ])('%j -> %j', (text, tokens) => {
    expect(searchTokens(text)).toEqual(tokens);
  });
});

describe('searchTokens: CJK text becomes character bigrams', () => {
  it.each([
    [
      '按客户名称汇总发票金额',
      ['按客', '客户', '户名', '名称', '称汇', '汇总', '总发', '发票', '票金', '金额'],
    ],
    // Punctuation and Latin text end a run; a lone character is a token of its own.
    ['客户，名称', ['客户', '名称']],
    ['按 customer 汇总', ['按', 'customer', '汇总']],
    ['客户Name', ['客户', 'name']],
    ['9月1日至7日', ['9', '月', '1', '日至', '7', '日']],
    // Katakana with the prolonged sound mark, then Han: one run.
    ['カテゴリー名', ['カテ', 'テゴ', 'ゴリ', 'リー', 'ー名']],
    ['고객 이름', ['고객', '이름']],
    // Full-width letters and digits are read as ASCII (NFKC).
    ['ＳＱＬ　２０２４年', ['sql', '2024', '年']],
  ])('%j -> %j', (text, tokens) => {
    expect(searchTokens(text)).toEqual(tokens);
  });

  const alphabet = [...'abcXYZ_019 .,客户名称金额カナ고객，、'];
  const text = fc
    .array(fc.constantFrom(...alphabet), { maxLength: 30 })
    .map((chars) => chars.join(''));
  const cjk = /[\p{Script=Han}\p{Script=Katakana}\p{Script=Hangul}]/u;

  it('tokenizes text split at a space as the two halves (tokens never cross a space)', () => {
    fc.assert(
      fc.property(text, text, (a, b) => {
        expect(searchTokens(`${a} ${b}`)).toEqual([...searchTokens(a), ...searchTokens(b)]);
      }),
    );
  });

  it('emits a run of n >= 2 CJK characters as its n - 1 bigrams, each found in the text', () => {
    fc.assert(
      fc.property(text, (t) => {
        const tokens = searchTokens(t);
        const runs = t.match(/[\p{Script=Han}\p{Script=Katakana}\p{Script=Hangul}]+/gu) ?? [];
        const expected = runs.reduce((n, run) => n + Math.max(1, [...run].length - 1), 0);
        const cjkTokens = tokens.filter((x) => cjk.test(x));
        expect(cjkTokens.length).toBe(expected);
        for (const token of cjkTokens) {
          expect([...token].length).toBeLessThanOrEqual(2);
          expect(t).toContain(token);
        }
      }),
    );
  });
});
