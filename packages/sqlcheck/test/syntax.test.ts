import { describe, expect, it } from 'vitest';
import { checkSyntax, UnsupportedDialectError } from '../src/index.js';

describe('checkSyntax (L1)', () => {
  it('spec 001 §3.2: "SELEC x" parses as an alias, which is not a query', async () => {
    const v = await checkSyntax('SELEC x', 'postgres');
    expect(v.pass).toBe(false);
    expect(v.violations[0]?.rule).toBe('not-a-query');
    expect(v.statementKinds).toEqual(['alias']);
  });
  it('accepts one query in either dialect, with or without a trailing semicolon', async () => {
    for (const d of ['sqlite', 'postgres', 'postgresql'] as const) {
      expect((await checkSyntax('SELECT a FROM t WHERE x = 1;', d)).pass).toBe(true);
    }
    expect(
      (await checkSyntax('WITH a AS (SELECT 1) SELECT * FROM a', 'sqlite')).statementKinds,
    ).toEqual(['select']);
    expect((await checkSyntax('(SELECT 1) UNION (SELECT 2)', 'postgres')).pass).toBe(true);
    expect((await checkSyntax('VALUES (1, 2)', 'sqlite')).pass).toBe(true);
  });
  it('reports parse errors with their position', async () => {
    const v = await checkSyntax('SELECT 1 +', 'postgres');
    expect(v.violations[0]?.rule).toBe('parse-error');
    expect(v.violations[0]?.message).toMatch(/line 1, column \d+/);
  });
  it('rejects several statements, empty input and non-queries', async () => {
    expect((await checkSyntax('SELECT 1; SELECT 2', 'sqlite')).violations[0]?.rule).toBe(
      'multiple-statements',
    );
    expect((await checkSyntax('  -- only a comment', 'sqlite')).violations[0]?.rule).toBe('empty');
    expect((await checkSyntax('DROP TABLE orders', 'sqlite')).violations[0]).toEqual({
      rule: 'not-a-query',
      message: 'top-level drop_table is not a query',
    });
  });
  it('throws a typed error for an unsupported dialect', async () => {
    await expect(checkSyntax('SELECT 1', 'oracle')).rejects.toBeInstanceOf(UnsupportedDialectError);
  });
});
