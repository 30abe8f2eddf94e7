import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CheckReport, runChecks } from '../src/index.js';
import { BENIGN_CHINOOK } from './fixtures/chinook-corpus.js';
import { CHINOOK } from './fixtures/chinook-schema.js';

const options = {
  dialect: 'sqlite' as const,
  schema: CHINOOK,
  allowedTables: CHINOOK.tables.map((t) => t.name),
};

const verdictOf = (r: CheckReport) => r.levels.map((l) => l.violations.map((v) => v.rule));

/** The offsets of the spaces outside quotes, brackets and comments (where a comment can go). */
function gaps(sql: string): number[] {
  const out: number[] = [];
  let quote: string | null = null;
  for (let i = 0; i < sql.length; i++) {
    const c = sql[i] as string;
    if (quote !== null) {
      if (quote === '\n' ? c === '\n' : quote === '*/' ? sql.startsWith('*/', i - 1) : c === quote)
        quote = null;
    } else if (sql.startsWith('--', i)) quote = '\n';
    else if (sql.startsWith('/*', i)) {
      quote = '*/';
      i++;
    } else if (c === "'" || c === '"' || c === '`') quote = c;
    else if (c === '[') quote = ']';
    else if (c === ' ' || c === '\n') out.push(i);
  }
  return out;
}

describe('comments never change a verdict', () => {
  it('accepts the issue 25 examples: a comment in the select list or an expression', async () => {
    for (const sql of [
      "SELECT 'a' /* x */ AS b LIMIT 1",
      'SELECT COUNT(*) /* c */ FROM Genre LIMIT 1',
      'SELECT Name FROM Track WHERE Milliseconds > 1000 /* long */ AND GenreId = 1 -- rock\nLIMIT 5',
      'SELECT upper(/* n */ Name) AS n FROM Artist LIMIT 3',
    ]) {
      const r = await runChecks(sql, options);
      expect(verdictOf(r), sql).toEqual([[], [], []]);
    }
  });

  it('a refused query stays refused with a comment inside it', async () => {
    const r = await runChecks("SELECT load_extension('x') /* c */ AS a LIMIT 1", options);
    expect(r.levels[2].violations.map((v) => v.rule)).toContain('dangerous-function');
  });

  it('property: a comment at any gap of a benign query leaves every level as it was', async () => {
    const samples = BENIGN_CHINOOK.filter((_, i) => i % 3 === 0);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...samples),
        fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
        fc.constantFrom('/* c */', '/* multi\nline */', '-- note\n'),
        async (sql, picks, comment) => {
          const at = gaps(sql);
          if (at.length === 0) return;
          const chosen = new Set(picks.map((p) => at[p % at.length] as number));
          let commented = '';
          for (let i = 0; i < sql.length; i++) {
            commented += chosen.has(i) ? ` ${comment} ` : sql[i];
          }
          const before = verdictOf(await runChecks(sql, options));
          const after = verdictOf(await runChecks(commented, options));
          expect(after).toEqual(before);
        },
      ),
      { numRuns: 150 },
    );
  });
});
