import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EvalCase } from '../src/index.js';
import { canonicalDigest, canonicalJson, goldPin, suiteDigest } from '../src/index.js';

const sha = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

const gold: EvalCase = {
  id: 'c1',
  question: 'How many artists are there?',
  datasource: 'chinook',
  source: 'hand',
  approved: true,
  tags: ['single-table', 'aggregation'],
  order_matters: false,
  outcome: { admin: 'allowed' },
  tables: ['Artist'],
  columns: [],
  sql: 'SELECT COUNT(*) FROM Artist',
  rows: [[275]],
  plan: { select: [{ expr: { kind: 'aggregate', func: 'count' } }], from: { table: 'Artist' } },
};

describe('suiteDigest', () => {
  it('is the SHA-256 of the LF bytes', () => {
    expect(suiteDigest('a\nb\n')).toBe(sha('a\nb\n'));
    expect(suiteDigest('a\r\nb\r\n')).toBe(sha('a\nb\n'));
    expect(suiteDigest(Buffer.from('a\r\nb\n'))).toBe(sha('a\nb\n'));
    expect(suiteDigest('')).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
  });

  it('is the same for a CRLF checkout of any text (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.string().map((s) => s.replace(/[\r\n]/g, ''))), (lines) => {
        expect(suiteDigest(lines.join('\r\n'))).toBe(suiteDigest(lines.join('\n')));
      }),
    );
  });
});

describe('goldPin', () => {
  it('hashes the canonical JSON of the gold fields', () => {
    const expected = sha(
      canonicalJson({
        alt_rows: [],
        alt_sql: [],
        columns: [],
        outcome: { admin: 'allowed' },
        plan: gold.plan,
        question: gold.question,
        rows: [[275]],
        sql: gold.sql,
        tables: ['Artist'],
      }),
    );
    expect(goldPin(gold)).toBe(expected);
  });

  it('changes with every gold field', () => {
    const pin = goldPin(gold);
    const edits: Array<Partial<EvalCase>> = [
      { question: 'How many artists?' },
      { sql: 'SELECT COUNT(ArtistId) FROM Artist' },
      { rows: [[274]] },
      { alt_sql: ['SELECT 275'], alt_rows: [[[275]]] },
      {
        alt_sql: ['SELECT 275'],
        alt_rows: [[[275]]],
        alt_reads: [{ tables: ['Album'], columns: [] }],
      },
      { outcome: { admin: 'refused' } },
      { tables: ['Album'] },
      { columns: ['Artist.ArtistId'] },
      { plan: { select: [{ expr: { kind: 'literal', value: 275 } }], from: { table: 'Artist' } } },
    ];
    for (const edit of edits) expect(goldPin({ ...gold, ...edit })).not.toBe(pin);
  });

  it('ignores review metadata and key order', () => {
    const pin = goldPin(gold);
    expect(goldPin({ ...gold, tags: ['single-table'], notes: 'x', approved: false, id: 'z' })).toBe(
      pin,
    );
    const reordered = Object.fromEntries(Object.entries(gold).reverse()) as unknown as EvalCase;
    expect(goldPin(reordered)).toBe(pin);
  });
});

describe('canonicalJson', () => {
  it('sorts keys at every level and drops undefined', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { f: 2, e: null }], c: undefined } })).toBe(
      '{"a":{"d":[1,{"e":null,"f":2}]},"b":1}',
    );
  });
});

describe('canonicalDigest', () => {
  it('is the digest of the canonical JSON, for any value and any size of text', () => {
    // Values of every kind canonicalJson meets, undefined fields and sparse arrays included,
    // with texts long enough to cross the hashing chunk (carriage returns too).
    const text = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.constantFrom('a\r\nb\rc', 'x'.repeat(70_000)),
    );
    const value = fc.letrec<{ value: unknown }>((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        text,
        fc.double(),
        fc.constantFrom(null, true, undefined, -0),
        fc.array(tie('value'), { maxLength: 4 }),
        fc.sparseArray(tie('value'), { maxLength: 4 }),
        fc.dictionary(fc.string({ maxLength: 3 }), tie('value'), { maxKeys: 4 }),
      ),
    })).value;
    fc.assert(
      fc.property(value, (v) => {
        expect(canonicalDigest(v)).toBe(suiteDigest(canonicalJson(v)));
      }),
      { numRuns: 300 },
    );
  });

  it('gives a suite the digest runEval has always given it', () => {
    const suite = { name: 's', version: 1, cases: [gold, { ...gold, id: 'c2', notes: 'a\r\nb' }] };
    expect(canonicalDigest(suite)).toBe(sha(canonicalJson(suite)));
  });
});
