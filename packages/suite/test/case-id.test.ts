import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EvalCaseSchema } from '../src/case.js';
import { pairCaseId } from '../src/index.js';

const ID_PATTERN = new RegExp(EvalCaseSchema.properties.id.pattern as string);

describe('pairCaseId', () => {
  it('is a valid case id for any datasource, question and SQL (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (d, q, s) => {
        expect(pairCaseId(d, q, s)).toMatch(ID_PATTERN);
      }),
      { numRuns: 1000 },
    );
  });

  it('is the same for the same pair, whatever its whitespace (property)', () => {
    const words = fc.array(fc.stringMatching(/^[A-Za-z0-9*(),=']{1,8}$/), {
      minLength: 1,
      maxLength: 6,
    });
    const spacing = fc.constantFrom(' ', '  ', '\n', '\t', ' \n  ');
    fc.assert(
      fc.property(words, words, spacing, spacing, (q, s, a, b) => {
        expect(pairCaseId('shop', q.join(a), ` ${s.join(b)}\n`)).toBe(
          pairCaseId('shop', q.join(' '), s.join(' ')),
        );
      }),
    );
  });

  it('differs when the datasource, the question or the SQL differ (property)', () => {
    fc.assert(
      fc.property(
        fc.tuple(
          fc.constantFrom('a', 'b'),
          fc.string({ minLength: 1 }),
          fc.string({ minLength: 1 }),
        ),
        fc.tuple(
          fc.constantFrom('a', 'b'),
          fc.string({ minLength: 1 }),
          fc.string({ minLength: 1 }),
        ),
        (x, y) => {
          const squash = (s: string) => s.trim().replace(/\s+/g, ' ');
          fc.pre(x[0] !== y[0] || squash(x[1]) !== squash(y[1]) || squash(x[2]) !== squash(y[2]));
          expect(pairCaseId(...x)).not.toBe(pairCaseId(...y));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('starts with a few words of the question, or q when it has no ASCII word', () => {
    expect(pairCaseId('shop', 'How many orders did Ada place in 2024?', 'SELECT 1')).toMatch(
      /^how_many_orders_did_ada_[0-9a-f]{10}$/,
    );
    expect(pairCaseId('shop', '每个客户有多少订单？', 'SELECT 1')).toMatch(/^q_[0-9a-f]{10}$/);
  });
});
