import { describe, expect, it } from 'vitest';
import { exprKey } from '../src/expr-key.js';
import { col, lit } from './plan-builders.js';

describe('exprKey', () => {
  it('ignores key order and absent/null/false optional fields', () => {
    expect(exprKey({ kind: 'aggregate', func: 'count', arg: col('t', 'a') })).toBe(
      exprKey({
        distinct: false,
        arg: { column: 'a', table: 't', kind: 'column' },
        func: 'count',
        kind: 'aggregate',
      }),
    );
    expect(exprKey({ kind: 'aggregate', func: 'count', arg: null })).toBe(
      exprKey({ kind: 'aggregate', func: 'count' }),
    );
  });

  it('keeps literal values, including null and false', () => {
    expect(exprKey(lit(null))).not.toBe(exprKey(lit(false)));
    expect(exprKey(lit(false))).not.toBe(exprKey(lit(0)));
    expect(exprKey(lit('1'))).not.toBe(exprKey(lit(1)));
  });

  it('tells different expressions apart', () => {
    expect(exprKey(col('t', 'a'))).not.toBe(exprKey(col('t', 'b')));
    expect(
      exprKey({ kind: 'aggregate', func: 'count', arg: col('t', 'a'), distinct: true }),
    ).not.toBe(exprKey({ kind: 'aggregate', func: 'count', arg: col('t', 'a') }));
  });
});
