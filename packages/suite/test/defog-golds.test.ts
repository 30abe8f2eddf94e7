import { readSet } from '@nl2sql/sqlcheck';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DefogQueryError,
  defogGolds,
  expandGold,
  expansionCount,
  MAX_EXPANDED_GOLDS,
  splitGolds,
} from '../src/index.js';

const COLUMNS = ['id', 'name', 'email', 'country', 'city'];
const schema = { tables: [{ name: 'people', columns: COLUMNS.map((name) => ({ name })) }] };

/** The non-empty choices of a group, as sql-eval reads `{a, b}`: 2^n - 1. */
const choicesOf = (n: number) => 2 ** n - 1;

describe('defog golds', () => {
  it('splits golds on ; outside quotes and comments', () => {
    expect(splitGolds('SELECT \'a;b\' FROM t; SELECT 2 -- x;y\n;  ;SELECT "c;" FROM t;')).toEqual([
      "SELECT 'a;b' FROM t",
      'SELECT 2 -- x;y',
      'SELECT "c;" FROM t',
    ]);
  });

  it('expands {a, b} into every non-empty choice in order, and {} repeats the choice before it', () => {
    expect(expandGold('SELECT {p.id, p.name}, COUNT(*) FROM people p GROUP BY {}')).toEqual([
      'SELECT p.id, COUNT(*) FROM people p GROUP BY p.id',
      'SELECT p.name, COUNT(*) FROM people p GROUP BY p.name',
      'SELECT p.id, p.name, COUNT(*) FROM people p GROUP BY p.id, p.name',
    ]);
    // Braces and commas in a literal are text; a comma inside parentheses is one choice's.
    expect(expandGold("SELECT {COALESCE(a, b), '{x,y}'} FROM t")).toEqual([
      'SELECT COALESCE(a, b) FROM t',
      "SELECT '{x,y}' FROM t",
      "SELECT COALESCE(a, b), '{x,y}' FROM t",
    ]);
    expect(expandGold("SELECT '{not, a, group}' FROM t")).toEqual([
      "SELECT '{not, a, group}' FROM t",
    ]);
  });

  it('refuses broken groups with a reason, and a product over the cap', () => {
    const reason = (f: () => unknown) => {
      try {
        f();
      } catch (error) {
        expect(error).toBeInstanceOf(DefogQueryError);
        return (error as Error).message;
      }
      throw new Error('expected a DefogQueryError');
    };
    expect(reason(() => expandGold('SELECT {a, b FROM t'))).toBe(
      'a { without its } at character 8',
    );
    expect(reason(() => expandGold('SELECT a} FROM t'))).toBe('a } without its { at character 9');
    expect(reason(() => expandGold('SELECT {a, {b}} FROM t'))).toMatch(/a \{ inside a \{ \} group/);
    expect(reason(() => expandGold('SELECT {a,, b} FROM t'))).toMatch(/an empty choice/);
    expect(reason(() => expandGold('SELECT a FROM t GROUP BY {}'))).toMatch(
      /no \{ \} group before/,
    );
    expect(reason(() => defogGolds(' ; ;'))).toBe('it holds no SQL');
    // 7 choices a group: 7^3 = 343 queries.
    expect(reason(() => expandGold('SELECT {a, b, c}, {d, e, f}, {g, h, i} FROM t'))).toBe(
      `its { } groups expand into 343 queries, over the limit of ${MAX_EXPANDED_GOLDS}; write the golds out, separated by ;`,
    );
  });

  it('property: as many queries as the product of 2^n - 1 over the groups, each a valid query reading exactly its choice', async () => {
    const group = fc.uniqueArray(fc.constantFrom(...COLUMNS), { minLength: 1, maxLength: 3 });
    await fc.assert(
      fc.asyncProperty(fc.array(group, { minLength: 1, maxLength: 2 }), async (groups) => {
        const sql = `SELECT ${groups.map((g) => `{${g.join(', ')}}`).join(', ')} FROM people`;
        const expected = groups.reduce((n, g) => n * choicesOf(g.length), 1);
        expect(expansionCount(sql)).toBe(expected);
        const queries = expandGold(sql);
        // (Two groups can spell one query twice; defogGolds drops the repeat.)
        expect(queries).toHaveLength(expected);
        for (const q of queries) {
          expect(q).not.toMatch(/[{}]/);
          const reads = await readSet(q, schema, { dialect: 'sqlite' });
          expect(reads, q).toBeDefined();
          const selected = q.slice('SELECT '.length, q.indexOf(' FROM')).split(', ');
          // Each group's choice is a non-empty run of its own columns, in their order.
          expect(selected.every((c) => groups.flat().includes(c))).toBe(true);
          expect(reads?.columns).toEqual([...new Set(selected)].map((c) => `people.${c}`).sort());
        }
      }),
      { numRuns: 60 },
    );
  });

  it('property: golds of several statements are each statement expanded, without repeats', () => {
    fc.assert(
      fc.property(
        fc.array(fc.uniqueArray(fc.constantFrom(...COLUMNS), { minLength: 1, maxLength: 3 }), {
          minLength: 1,
          maxLength: 3,
        }),
        (statements) => {
          const query = statements.map((g) => `SELECT {${g.join(', ')}} FROM people`).join(';');
          const all = statements.flatMap((g) => expandGold(`SELECT {${g.join(', ')}} FROM people`));
          expect(defogGolds(query)).toEqual([...new Set(all)]);
        },
      ),
      { numRuns: 200 },
    );
  });
});
