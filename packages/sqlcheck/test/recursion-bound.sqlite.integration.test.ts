// The counter proof against the real thing: random recursive counters (anchors, steps,
// comparison and bound), and every one L3 accepts is run by SQLite with the CTE cut off
// far beyond the cap. An accepted counter must make at most the row cap's rows; a refused
// one may make any number, that direction is only a false positive.
import fc from 'fast-check';
import sqlite3 from 'sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkSafety } from '../src/index.js';

const CAP = 200;
/** Far above the cap, so an unbounded counter shows as this many rows instead of hanging. */
const CUT = 20 * CAP;
let db: sqlite3.Database;

const count = (sql: string) =>
  new Promise<number>((resolve, reject) =>
    db.get(sql, (err: Error | null, row: { n: number } | undefined) =>
      err ? reject(err) : resolve(row?.n ?? -1),
    ),
  );

beforeAll(() => {
  db = new sqlite3.Database(':memory:');
});
afterAll(() => new Promise<void>((resolve) => db.close(() => resolve())));

const int = fc.integer({ min: -300, max: 300 }).map(String);
const step = fc.oneof(
  fc.tuple(fc.constantFrom('+', '-', '*'), fc.constantFrom('0', '1', '2', '3', '7', '0.5')),
);
const compare = fc.constantFrom('<', '<=', '>', '>=');

describe('an accepted recursive counter stops within the row cap on SQLite', () => {
  it('property: random counters, L3 against the rows SQLite makes', async () => {
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(int, { minLength: 1, maxLength: 3 }),
        step,
        compare,
        int,
        fc.boolean(),
        async (anchors, [op, k], cmp, bound, flipped) => {
          const guard = flipped
            ? `${bound} ${({ '<': '>', '<=': '>=', '>': '<', '>=': '<=' } as const)[cmp]} n`
            : `n ${cmp} ${bound}`;
          const cte = `WITH RECURSIVE c(n) AS (${anchors.map((a) => `SELECT ${a}`).join(' UNION ALL ')} UNION ALL SELECT n ${op} ${k} FROM c WHERE ${guard})`;
          const verdict = await checkSafety(`${cte} SELECT COUNT(*) AS n FROM c LIMIT 1`, {
            dialect: 'sqlite',
            maxLimit: CAP,
          });
          const rows = await count(
            `${cte.replace(/\)$/, ` LIMIT ${CUT})`)} SELECT COUNT(*) AS n FROM c`,
          );
          if (!verdict.violations.some((v) => v.rule === 'unbounded-recursion')) {
            accepted++;
            expect(rows, cte).toBeLessThanOrEqual(CAP);
          }
        },
      ),
      { numRuns: 400 },
    );
    // the property says something only if it accepted some
    expect(accepted).toBeGreaterThan(20);
  });
});
