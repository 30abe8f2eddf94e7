import { describe, expect, it } from 'vitest';
import type { ColumnProfile } from '../src/column-profile.js';
import { generateMutants, MUTATION_OPERATORS, type Mutant } from '../src/mutants.js';
import { loadParser } from '../src/sql-ast.js';

const byOperator = (mutants: Mutant[], operator: string) =>
  mutants.filter((m) => m.operator === operator).map((m) => m.sql);

describe('generateMutants', () => {
  it('drops and negates each WHERE and HAVING conjunct, and flips < / <=', async () => {
    const { mutants, roundTrip } = await generateMutants(
      'g',
      "SELECT a FROM t WHERE a < 5 AND b = 'x' GROUP BY a HAVING COUNT(*) >= 2",
      { orderMatters: false },
    );
    expect(roundTrip).toBe(
      "SELECT a FROM t WHERE a < 5 AND b = 'x' GROUP BY a HAVING COUNT(*) >= 2",
    );
    expect(byOperator(mutants, 'drop-predicate')).toEqual([
      "SELECT a FROM t WHERE b = 'x' GROUP BY a HAVING COUNT(*) >= 2",
      'SELECT a FROM t WHERE a < 5 GROUP BY a HAVING COUNT(*) >= 2',
      "SELECT a FROM t WHERE a < 5 AND b = 'x' GROUP BY a",
    ]);
    expect(byOperator(mutants, 'negate-predicate')).toContain(
      "SELECT a FROM t WHERE NOT (a < 5) AND b = 'x' GROUP BY a HAVING COUNT(*) >= 2",
    );
    expect(byOperator(mutants, 'flip-comparison')).toEqual([
      "SELECT a FROM t WHERE a <= 5 AND b = 'x' GROUP BY a HAVING COUNT(*) >= 2",
      "SELECT a FROM t WHERE a < 5 AND b = 'x' GROUP BY a HAVING COUNT(*) > 2",
    ]);
  });

  it('moves number and date literals to their neighbours (the wrong year among them)', async () => {
    const { mutants } = await generateMutants(
      'g',
      "SELECT id FROM orders WHERE placed >= '2025-01-01' AND qty > 1.5",
      { orderMatters: false },
    );
    const literal = byOperator(mutants, 'literal-neighbour');
    expect(literal).toContain("SELECT id FROM orders WHERE placed >= '2024-01-01' AND qty > 1.5");
    expect(literal).toContain("SELECT id FROM orders WHERE placed >= '2026-01-01' AND qty > 1.5");
    expect(literal).toContain("SELECT id FROM orders WHERE placed >= '2024-12-31' AND qty > 1.5");
    expect(literal).toContain("SELECT id FROM orders WHERE placed >= '2025-01-01' AND qty > 1.4");
    expect(literal).toContain("SELECT id FROM orders WHERE placed >= '2025-01-01' AND qty > 1.6");
  });

  it("takes a string literal's neighbours from its column's values", async () => {
    const profile: ColumnProfile = {
      table: 'Genre',
      column: 'Name',
      kind: 'text',
      nullable: true,
      nullShare: 0,
      sample: ['Blues', 'Jazz', 'Metal', 'Rock'],
    };
    const { mutants } = await generateMutants(
      'g',
      "SELECT COUNT(*) FROM Track t JOIN Genre g ON g.GenreId = t.GenreId WHERE g.Name = 'Jazz'",
      {
        orderMatters: false,
        schema: {
          tables: [
            { name: 'Genre', columns: [{ name: 'GenreId' }, { name: 'Name' }] },
            { name: 'Track', columns: [{ name: 'TrackId' }, { name: 'GenreId' }] },
          ],
        },
        profiles: new Map([['Genre.Name', profile]]),
      },
    );
    const literal = byOperator(mutants, 'literal-neighbour');
    expect(literal).toEqual([
      "SELECT COUNT(*) FROM Track AS t JOIN Genre AS g ON g.GenreId = t.GenreId WHERE g.Name = 'Blues'",
      "SELECT COUNT(*) FROM Track AS t JOIN Genre AS g ON g.GenreId = t.GenreId WHERE g.Name = 'Metal'",
    ]);
    expect(byOperator(mutants, 'join-type')).toEqual([
      "SELECT COUNT(*) FROM Track AS t LEFT JOIN Genre AS g ON g.GenreId = t.GenreId WHERE g.Name = 'Jazz'",
    ]);
    // The join key itself is never dropped or negated: that is a cross product, not a neighbour.
    expect(mutants.some((m) => m.description.includes('ON condition'))).toBe(false);
  });

  it('widens and narrows a LIKE pattern', async () => {
    const { mutants } = await generateMutants('g', "SELECT 1 FROM t WHERE n LIKE 'Where%'", {
      orderMatters: false,
    });
    expect(byOperator(mutants, 'literal-neighbour')).toEqual([
      "SELECT 1 FROM t WHERE n LIKE '%Where%'",
      "SELECT 1 FROM t WHERE n LIKE 'Where'",
    ]);
  });

  it('swaps aggregates, drops DISTINCT, counts rows instead of values', async () => {
    const { mutants } = await generateMutants(
      'g',
      'SELECT SUM(x), MIN(y), COUNT(DISTINCT z), COUNT(w) FROM t',
      { orderMatters: false },
    );
    expect(byOperator(mutants, 'swap-aggregate')).toEqual([
      'SELECT AVG(x), MIN(y), COUNT(DISTINCT z), COUNT(w) FROM t',
      'SELECT SUM(x), MAX(y), COUNT(DISTINCT z), COUNT(w) FROM t',
    ]);
    expect(byOperator(mutants, 'drop-distinct')).toEqual([
      'SELECT SUM(x), MIN(y), COUNT(z), COUNT(w) FROM t',
    ]);
    expect(byOperator(mutants, 'count-star')).toEqual([
      'SELECT SUM(x), MIN(y), COUNT(DISTINCT z), COUNT(*) FROM t',
    ]);
    // An aggregated select has one row per group: adding DISTINCT is not offered.
    expect(byOperator(mutants, 'add-distinct')).toEqual([]);
  });

  it('edits LIMIT, OFFSET and ORDER BY only where order can change the answer', async () => {
    const limited = await generateMutants(
      'g',
      'SELECT a FROM t ORDER BY b DESC, a LIMIT 5 OFFSET 1',
      { orderMatters: false },
    );
    expect(byOperator(limited.mutants, 'limit-off-by-one')).toEqual([
      'SELECT a FROM t ORDER BY b DESC, a LIMIT 6 OFFSET 1',
      'SELECT a FROM t ORDER BY b DESC, a LIMIT 4 OFFSET 1',
    ]);
    expect(byOperator(limited.mutants, 'offset-off-by-one')).toEqual([
      'SELECT a FROM t ORDER BY b DESC, a LIMIT 5 OFFSET 2',
      'SELECT a FROM t ORDER BY b DESC, a LIMIT 5 OFFSET 0',
    ]);
    expect(byOperator(limited.mutants, 'drop-order-by')).toEqual([
      'SELECT a FROM t LIMIT 5 OFFSET 1',
    ]);
    expect(byOperator(limited.mutants, 'drop-order-key')).toEqual([
      'SELECT a FROM t ORDER BY b DESC LIMIT 5 OFFSET 1',
    ]);
    expect(byOperator(limited.mutants, 'flip-order-direction')).toEqual([
      'SELECT a FROM t ORDER BY b, a LIMIT 5 OFFSET 1',
    ]);
    const unordered = await generateMutants('g', 'SELECT a FROM t ORDER BY a', {
      orderMatters: false,
    });
    expect(unordered.mutants.filter((m) => m.operator.includes('order'))).toEqual([]);
    const ordered = await generateMutants('g', 'SELECT a FROM t ORDER BY a', {
      orderMatters: true,
    });
    expect(byOperator(ordered.mutants, 'drop-order-by')).toEqual(['SELECT a FROM t']);
  });

  it('mutates subqueries and LEFT joins too', async () => {
    const { mutants } = await generateMutants(
      'g',
      'SELECT e.name FROM emp e LEFT JOIN emp m ON m.id = e.manager WHERE e.dept IN (SELECT id FROM dept WHERE budget > 10)',
      { orderMatters: false },
    );
    expect(byOperator(mutants, 'join-type')).toEqual([
      'SELECT e.name FROM emp AS e JOIN emp AS m ON m.id = e.manager WHERE e.dept IN (SELECT id FROM dept WHERE budget > 10)',
    ]);
    expect(byOperator(mutants, 'flip-comparison')).toEqual([
      'SELECT e.name FROM emp AS e LEFT JOIN emp AS m ON m.id = e.manager WHERE e.dept IN (SELECT id FROM dept WHERE budget >= 10)',
    ]);
  });

  it('emits only distinct queries that parse, none equal to the gold, each labelled', async () => {
    const sdk = await loadParser();
    const gold =
      "SELECT c.Country, COUNT(DISTINCT c.City) AS n FROM Customer c LEFT JOIN Invoice i ON i.CustomerId = c.CustomerId AND i.Total > 1 WHERE c.Country <> 'USA' AND (c.State IS NULL OR c.Fax IS NOT NULL) GROUP BY c.Country HAVING SUM(i.Total) BETWEEN 5 AND 50 ORDER BY n DESC, c.Country LIMIT 3";
    const { mutants, roundTrip } = await generateMutants('g', gold, { orderMatters: true });
    expect(mutants.length).toBeGreaterThan(15);
    const texts = mutants.map((m) => m.sql);
    expect(new Set(texts).size).toBe(texts.length);
    expect(texts).not.toContain(roundTrip);
    for (const m of mutants) {
      expect(sdk.parse(m.sql, sdk.Dialect.SQLite).success).toBe(true);
      expect(MUTATION_OPERATORS).toContain(m.operator);
      expect(m.description.length).toBeGreaterThan(0);
      expect(m.id).toMatch(/^g~\d+$/);
    }
  });

  it('makes no mutants of SQL that is not one query', async () => {
    expect(await generateMutants('g', 'SELEC oops FROM', { orderMatters: false })).toEqual({
      roundTrip: undefined,
      mutants: [],
    });
    expect(
      (await generateMutants('g', 'SELECT 1; SELECT 2', { orderMatters: false })).mutants,
    ).toEqual([]);
  });
});
