import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MIN_SECRET_LENGTH, Redactor, redact } from '../src/redactor.js';
import { MASK } from '../src/secret-patterns.js';

/** True when no stretch of `out` between masks holds `secret`. */
function survives(out: string, secret: string): boolean {
  return out.split(MASK).some((part) => part.includes(secret));
}

const base64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

describe('Redactor: known values', () => {
  it('masks a value as is, URL-encoded, JSON-escaped and base64-encoded', () => {
    const secret = 'p@ss w/"rd"';
    const r = new Redactor([secret], { patterns: false });
    const text = [
      `raw ${secret}`,
      `url ${encodeURIComponent(secret)}`,
      `json ${JSON.stringify({ k: secret })}`,
      `basic ${base64(secret)}`,
    ].join('\n');
    const out = r.redact(text);
    expect(out).toBe(
      [`raw ${MASK}`, `url ${MASK}`, `json {"k":"${MASK}"}`, `basic ${MASK}`].join('\n'),
    );
  });

  it('masks user:password inside a Basic header by its base64', () => {
    const r = new Redactor(['alice:hunter2'], { patterns: false });
    expect(r.redact(`Authorization: Basic ${base64('alice:hunter2')}`)).toBe(
      `Authorization: Basic ${MASK}`,
    );
  });

  it('takes Secret-like objects; ignores empty, missing and too-short values', () => {
    const r = new Redactor([{ reveal: () => 'sekrit-value' }, '', null, undefined, 'abc']);
    expect(r.size).toBe(1);
    expect(r.redact('sekrit-value and abc')).toBe(`${MASK} and abc`);
    expect('abc'.length).toBeLessThan(MIN_SECRET_LENGTH);
  });

  it('masks the longer of two overlapping secrets whole', () => {
    const r = new Redactor(['abcd', 'abcdefgh'], { patterns: false });
    expect(r.redact('xx abcdefgh yy abcd')).toBe(`xx ${MASK} yy ${MASK}`);
  });

  it('with() adds values without changing the original', () => {
    const r = new Redactor(['first-secret']);
    const more = r.with('second-secret');
    expect(more.redact('first-secret second-secret')).toBe(`${MASK} ${MASK}`);
    expect(r.redact('second-secret')).toBe('second-secret');
  });

  it('redact() is a one-off Redactor with patterns', () => {
    expect(redact('key hunter2hunter2, OPENAI_API_KEY=sk-x', ['hunter2hunter2'])).toBe(
      `key ${MASK}, OPENAI_API_KEY=${MASK}`,
    );
  });
});

describe('Redactor: properties', () => {
  const secretArb = fc.string({ unit: 'binary', minLength: MIN_SECRET_LENGTH, maxLength: 40 });
  const textArb = fc.string({ unit: 'binary', maxLength: 120 });

  it('a secret planted anywhere in arbitrary text never survives, in any form', () => {
    fc.assert(
      fc.property(
        fc.array(textArb, { minLength: 1, maxLength: 4 }),
        secretArb,
        fc.constantFrom<(s: string) => string>(
          (s) => s,
          encodeURIComponent,
          (s) => JSON.stringify(s).slice(1, -1),
          base64,
        ),
        (pieces, secret, encode) => {
          const planted = encode(secret);
          const text = pieces.join(planted);
          for (const patterns of [true, false]) {
            const out = new Redactor([secret], { patterns }).redact(text);
            expect(survives(out, secret)).toBe(false);
            if (planted.replace(/=+$/, '').length >= MIN_SECRET_LENGTH) {
              expect(survives(out, planted.replace(/=+$/, ''))).toBe(false);
            }
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('text that holds no secret comes back unchanged (values only)', () => {
    fc.assert(
      fc.property(textArb, secretArb, (text, secret) => {
        const encoded = [
          secret,
          encodeURIComponent(secret),
          JSON.stringify(secret).slice(1, -1),
          base64(secret).replace(/=+$/, ''),
        ];
        fc.pre(encoded.every((form) => !text.includes(form)));
        fc.pre(
          !text.includes(base64(secret).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')),
        );
        expect(new Redactor([secret], { patterns: false }).redact(text)).toBe(text);
      }),
      { numRuns: 500 },
    );
  });

  // Text an evaluation stores: SQL, numbers, digests, UUIDs, case ids, timings, prose.
  const word = fc.oneof(
    fc.constantFrom(
      'SELECT',
      'FROM Track t JOIN Genre g ON g.GenreId = t.GenreId',
      "WHERE Country = 'Brazil'",
      'GROUP BY 1 ORDER BY 2 DESC LIMIT 5',
      'PRIMARY KEY (CustomerId)',
      'Rock',
      'the answer is',
      'max_tokens: 4096',
      'input_tokens',
      'http://127.0.0.1:8080/ask',
      'sk-SK',
      'Basic',
      '\n',
    ),
    fc.integer().map(String),
    fc.double({ noNaN: true }).map(String),
    fc.uuid(),
    fc.stringMatching(/^[0-9a-f]{64}$/).map((h) => `sha256:${h}`),
    fc.integer({ min: 1, max: 999 }).map((n) => `chinook_${String(n).padStart(3, '0')}`),
    fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
  );
  it('ordinary evaluation text comes back unchanged (patterns on)', () => {
    fc.assert(
      fc.property(fc.array(word, { maxLength: 30 }), (words) => {
        const text = words.join(' ');
        expect(new Redactor(['never-in-this-text-0193']).redact(text)).toBe(text);
      }),
      { numRuns: 500 },
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(textArb, secretArb, (text, secret) => {
        const r = new Redactor([secret]);
        const once = r.redact(`${text}${secret}${text}`);
        expect(r.redact(once)).toBe(once);
      }),
    );
  });
});

describe('Redactor.redactValue', () => {
  it('keeps an own key named __proto__ (as JSON.parse makes one) as a key, masked', () => {
    const r = new Redactor(['sk-secret-123456']);
    const parsed = JSON.parse('{"__proto__": {"token": "sk-secret-123456"}, "a": 1}') as object;
    const out = r.redactValue(parsed);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(JSON.stringify(out)).toBe(`{"__proto__":{"token":"${MASK}"},"a":1}`);
  });

  it('redacts every string of a JSON-shaped value and keeps keys and numbers', () => {
    const r = new Redactor(['hunter2hunter2']);
    const record = {
      error: { code: 'AUTH', message: 'HTTP 401: bad key hunter2hunter2' },
      usage: [{ input: 10, note: 'Bearer abc123def456' }],
      ok: false,
      when: null,
    };
    expect(r.redactValue(record)).toEqual({
      error: { code: 'AUTH', message: `HTTP 401: bad key ${MASK}` },
      usage: [{ input: 10, note: `Bearer ${MASK}` }],
      ok: false,
      when: null,
    });
    expect(record.error.message).toContain('hunter2hunter2');
  });

  it('survives cycles and leaves class instances alone', () => {
    const r = new Redactor(['hunter2hunter2']);
    const loop: Record<string, unknown> = { s: 'hunter2hunter2' };
    loop.self = loop;
    const out = r.redactValue(loop);
    expect(out.s).toBe(MASK);
    expect(out.self).toBe(out);
    const when = new Date(0);
    expect(r.redactValue({ when }).when).toBe(when);
  });
});
