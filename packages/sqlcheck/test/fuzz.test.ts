import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkSafety,
  checkSchema,
  checkSyntax,
  extractSql,
  readSet,
  runChecks,
} from '../src/index.js';
import { CHINOOK } from './fixtures/chinook-schema.js';

const TOKENS = [
  'SELECT',
  'FROM',
  'WHERE',
  'WITH',
  'AS',
  'JOIN',
  'ON',
  'USING',
  'GROUP',
  'BY',
  'ORDER',
  'LIMIT',
  'UNION',
  'ALL',
  'INTO',
  'FOR',
  'UPDATE',
  'DELETE',
  'INSERT',
  'DROP',
  'TABLE',
  'PRAGMA',
  'ATTACH',
  'COPY',
  'SET',
  'BEGIN',
  '(',
  ')',
  ',',
  ';',
  '.',
  '*',
  '=',
  '<',
  '+',
  '-',
  "'x'",
  '"Album"',
  '[Track]',
  '1',
  '-1',
  '1e9',
  'NULL',
  'Album',
  'Track',
  'a',
  't',
  'Name',
  'pg_sleep(1)',
  'COUNT(*)',
  'CASE',
  'WHEN',
  'THEN',
  'END',
  'OVER',
  'PARTITION',
  '--',
  '/*',
  '*/',
  '$1',
  '?',
  'LATERAL',
  'RECURSIVE',
];
const soup = fc.array(fc.constantFrom(...TOKENS), { maxLength: 40 }).map((t) => t.join(' '));
const anyText = fc.oneof(
  soup,
  fc.string({ maxLength: 200 }),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
);

describe('random token soup never throws', () => {
  it('L1, L2, L3, runChecks and readSet return values for any input', async () => {
    await fc.assert(
      fc.asyncProperty(anyText, fc.constantFrom('sqlite', 'postgres'), async (sql, dialect) => {
        const l1 = await checkSyntax(sql, dialect);
        const l2 = await checkSchema(sql, CHINOOK, dialect);
        const l3 = await checkSafety(sql, { dialect, allowedTables: ['Album'] });
        const all = await runChecks(sql, { dialect, schema: CHINOOK });
        await readSet(sql, CHINOOK, { dialect });
        // a query that fails L1 can never pass L2 or L3
        if (!l1.pass) {
          expect(l2.pass).toBe(false);
          expect(l3.pass).toBe(false);
          expect(all.pass).toBe(false);
        }
        for (const v of [...l1.violations, ...l2.violations, ...l3.violations]) {
          expect(v.rule).toMatch(/^[a-z-]+$/);
        }
      }),
      { numRuns: 400 },
    );
  });
  it('extractSql never throws and is idempotent', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const once = extractSql(text);
        expect(extractSql(once)).toBe(once);
      }),
      { numRuns: 1000 },
    );
  });
});
