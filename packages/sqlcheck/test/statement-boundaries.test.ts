import { describe, expect, it } from 'vitest';
import type { SqlDialect } from '../src/index.js';
import { checkSafety, runChecks } from '../src/index.js';

const rules = async (sql: string, dialect: SqlDialect) =>
  (await checkSafety(sql, { dialect })).violations.map((v) => v.rule);

// Issue 11 item 1: the parser read `-- note\r; DROP TABLE track` as one comment, PostgreSQL
// ends the comment at CR and runs the DROP. Every terminator, both dialects: where the server
// splits, L3 fails with multiple-statements; where the server keeps the DROP inside the
// comment, the query passes only if the parser agrees, and fails closed if it does not.
const TERMINATORS = ['\n', '\r', '\r\n', '\f', '\v', '\u2028'] as const;
const SERVER_SPLITS: Record<SqlDialect, (t: string) => boolean> = {
  sqlite: (t) => t.includes('\n'),
  postgres: (t) => t.includes('\n') || t.includes('\r'),
  mysql: (t) => t.includes('\n'),
  duckdb: (t) => t.includes('\n') || t.includes('\r'),
};

describe('L3 counts statements as the server does', () => {
  for (const dialect of ['sqlite', 'postgres', 'mysql', 'duckdb'] as const) {
    for (const t of TERMINATORS) {
      const sql = `SELECT 1 AS x LIMIT 1 -- note${t}; DROP TABLE track`;
      it(`${dialect}, comment ended by ${JSON.stringify(t)}`, async () => {
        const r = await runChecks(sql, { dialect });
        const l3 = r.levels[2].violations.map((v) => v.rule);
        if (SERVER_SPLITS[dialect](t)) {
          expect(r.pass).toBe(false);
          expect(l3).toContain('multiple-statements');
        } else {
          // one statement for the server: safe unless the parser read it differently
          expect(r.pass).toBe(l3.length === 0);
          if (l3.length > 0) expect(l3).toContain('statement-count-mismatch');
        }
      });
    }
  }

  it('postgres: the issue example fails with the server view in the message', async () => {
    const r = await checkSafety('SELECT 1 AS x LIMIT 1 -- note\r; DROP TABLE track', {
      dialect: 'postgres',
    });
    expect(r.pass).toBe(false);
    const multi = r.violations.find((v) => v.rule === 'multiple-statements');
    expect(multi?.message).toMatch(/PostgreSQL would run 2 statements.*DROP TABLE track/);
    expect(r.violations.map((v) => v.rule)).toContain('statement-count-mismatch');
  });

  it('sqlite: $$, E and backslash tricks that the parser reads as one statement', async () => {
    for (const sql of [
      'SELECT $$a;DROP TABLE track$$ LIMIT 1',
      "SELECT E'a\\';DROP TABLE track' LIMIT 1",
    ]) {
      expect(await rules(sql, 'sqlite')).toContain('multiple-statements');
    }
  });

  it('postgres: backticks and brackets are not quotes for the server', async () => {
    expect(await rules('SELECT `a;DROP TABLE track` LIMIT 1', 'postgres')).toContain(
      'multiple-statements',
    );
  });

  it('postgres: a literal read differently by standard_conforming_strings fails closed', async () => {
    // on: two literals around harmless text; off: one literal, then pg_sleep runs, no LIMIT
    const hidden = "SELECT 'a\\', ' , pg_sleep(10), ' LIMIT 1 --'";
    const r = await checkSafety(hidden, { dialect: 'postgres' });
    expect(r.pass).toBe(false);
    expect(r.violations.map((v) => v.rule)).toContain('ambiguous-literal');
    // a backslash that escapes no quote reads the same both ways
    expect(await rules("SELECT 'C:\\dir' AS p, 'a\\_b' AS q LIMIT 1", 'postgres')).toEqual([]);
  });

  it('fails closed on an empty statement, an unterminated comment and a NUL', async () => {
    expect(await rules('SELECT 1 LIMIT 1;;', 'sqlite')).toContain('empty-statement');
    expect(await rules('; SELECT 1 LIMIT 1', 'postgres')).toContain('empty-statement');
    // nested for PostgreSQL, so still open at the end
    expect((await checkSafety('SELECT 1 LIMIT 1 /* a /* b */', { dialect: 'postgres' })).pass).toBe(
      false,
    );
    // the parser reads past a NUL inside a literal; the server stops there
    for (const dialect of ['sqlite', 'postgres'] as const) {
      expect(await rules("SELECT 'a\u0000; DROP TABLE track' LIMIT 1", dialect)).toEqual([
        'lexical-error',
      ]);
    }
  });

  it('still passes one statement with a trailing semicolon and comments', async () => {
    for (const dialect of ['sqlite', 'postgres'] as const) {
      const r = await checkSafety('/* top */ SELECT 1 AS x LIMIT 1; -- done\r\n/* end */', {
        dialect,
      });
      expect(r.violations).toEqual([]);
    }
  });
});
