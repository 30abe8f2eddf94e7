import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SqlDialect } from '../src/index.js';
import { scanStatements } from '../src/index.js';

const count = (sql: string, dialect: SqlDialect, standardConformingStrings = true) =>
  scanStatements(sql, dialect, { standardConformingStrings }).statements;

// What each server's tokenizer takes as the end of a `--` comment (tokenize.c: LF only;
// scan.l: {newline} = [\n\r]). FF, VT and U+2028 end neither.
const TERMINATORS = ['\n', '\r', '\r\n', '\f', '\v', '\u2028'] as const;
const ENDS_LINE_COMMENT: Record<SqlDialect, (t: string) => boolean> = {
  sqlite: (t) => t.includes('\n'),
  postgres: (t) => t.includes('\n') || t.includes('\r'),
  mysql: (t) => t.includes('\n'),
  duckdb: (t) => t.includes('\n') || t.includes('\r'),
};

describe('scanStatements: where a line comment ends', () => {
  for (const dialect of ['sqlite', 'postgres', 'mysql', 'duckdb'] as const) {
    for (const t of TERMINATORS) {
      const ends = ENDS_LINE_COMMENT[dialect](t);
      it(`${dialect}: -- note${JSON.stringify(t)}; DROP ... is ${ends ? 'two statements' : 'one statement inside a comment'}`, () => {
        const sql = `SELECT 1 AS x LIMIT 1 -- note${t}; DROP TABLE track`;
        expect(count(sql, dialect)).toBe(ends ? 2 : 1);
      });
    }
  }
});

describe('scanStatements: SQLite tokenizer rules', () => {
  const sqlite = (sql: string) => scanStatements(sql, 'sqlite');
  it('reads [..], backticks and "..." as names, with no escapes but doubling', () => {
    expect(sqlite('SELECT 1 AS [a;b] LIMIT 1').statements).toBe(1);
    expect(sqlite('SELECT 1 AS `a;``b` LIMIT 1').statements).toBe(1);
    expect(sqlite('SELECT 1 AS "a;""b" LIMIT 1').statements).toBe(1);
    expect(sqlite("SELECT 'it''s; fine' LIMIT 1").statements).toBe(1);
    // [..] has no escape: it ends at the first ]
    expect(sqlite('SELECT 1 AS [a]]; DROP TABLE t').statements).toBe(2);
  });
  it('has no backslash escapes and no E, $$ or U& literals', () => {
    expect(sqlite("SELECT 'a\\'; DROP TABLE t; --'").statements).toBe(2);
    expect(sqlite("SELECT E'a\\'; DROP TABLE t").statements).toBe(2);
    // $$a is a variable token; the ; after it splits
    expect(sqlite('SELECT $$a;b$$').statements).toBe(2);
  });
  it('reads a TCL-style variable suffix up to ) or a space', () => {
    expect(sqlite('SELECT $a(x;y) LIMIT 1').statements).toBe(1);
    expect(sqlite('SELECT $a(x ;y) LIMIT 1').statements).toBe(2);
    expect(sqlite('SELECT :a::b(;) LIMIT 1').statements).toBe(1);
  });
  it('does not nest block comments, accepts an unterminated one, and x.. blobs end at a quote', () => {
    expect(sqlite('SELECT 1 /* a /* b */ ; SELECT 2').statements).toBe(2);
    const open = sqlite('SELECT 1 /* ; DROP TABLE t');
    expect(open.statements).toBe(1);
    expect(open.lexicalError).toBeUndefined();
    expect(sqlite("SELECT x'ab;' LIMIT 1").statements).toBe(1);
  });
  it('treats VT as whitespace only after another space character', () => {
    expect(sqlite('SELECT 1 LIMIT 1; \v').statements).toBe(1);
    expect(sqlite('SELECT 1 LIMIT 1;\v').statements).toBe(2);
    expect(sqlite('\uFEFFSELECT 1 LIMIT 1').statements).toBe(1);
  });
  it('flags unterminated literals and names', () => {
    expect(sqlite("SELECT 'abc").lexicalError?.message).toMatch(/unterminated/);
    expect(sqlite('SELECT [abc').lexicalError?.message).toMatch(/unterminated/);
    expect(sqlite('SELECT "abc').lexicalError?.message).toMatch(/unterminated/);
  });
});

describe('scanStatements: PostgreSQL tokenizer rules', () => {
  const pg = (sql: string, scs = true) =>
    scanStatements(sql, 'postgres', { standardConformingStrings: scs });
  it('nests block comments and rejects an unterminated one', () => {
    expect(pg('/* a /* b */ ; DROP TABLE t */ SELECT 1').statements).toBe(1);
    expect(pg('SELECT 1 /* a /* b */ ; DROP TABLE t').lexicalError?.message).toMatch(
      /unterminated/,
    );
    expect(pg('SELECT 1 /*/ ; */ LIMIT 1').statements).toBe(1);
    expect(pg('SELECT 1 +/* ; */ 2').statements).toBe(1);
  });
  it('reads E strings with backslash escapes', () => {
    expect(pg("SELECT E'a\\';b' LIMIT 1").statements).toBe(1);
    expect(pg("SELECT e'a\\\\'; DROP TABLE t").statements).toBe(2);
    // a letter counts as a prefix only at a token start
    expect(pg("SELECT ae'a\\'; DROP TABLE t; --'").statements).toBe(2);
    // 1e'...' is 1 followed by E'...' on PostgreSQL 14 and older
    expect(pg("SELECT 1e'\\'; DROP TABLE t; --' LIMIT 1").statements).toBe(1);
  });
  it('reads plain strings by standard_conforming_strings', () => {
    const sql = "SELECT 'a\\'; DROP TABLE t; --'";
    const on = pg(sql);
    expect(on.statements).toBe(2);
    expect(on.backslashInPlainString).toBe(true);
    expect(pg(sql, false).statements).toBe(1);
    expect(pg("SELECT N'a\\'; x'", false).statements).toBe(1);
  });
  it('U&, B and X literals take no backslash escapes; B and X do not double quotes', () => {
    expect(pg("SELECT U&'a\\'; DROP TABLE t").statements).toBe(2);
    expect(pg("SELECT B'1''; x'").statements).toBe(1);
    expect(pg("SELECT X'1''\\'; DROP TABLE t; --'", false).statements).toBe(1);
    expect(pg("SELECT X'1''\\'; DROP TABLE t; --'", true).statements).toBe(2);
  });
  it('continues a literal across a newline, in the same mode', () => {
    expect(pg("SELECT E'x'\n'\\'; DROP TABLE t; --'").statements).toBe(1);
    expect(pg("SELECT E'x' -- c\n  '\\'; DROP TABLE t; --'").statements).toBe(1);
    // without a newline it is a new (plain) literal
    expect(pg("SELECT E'x' '\\'; DROP TABLE t; --'").statements).toBe(2);
  });
  it('reads dollar quotes with tags, only where a token starts', () => {
    expect(pg('SELECT $$a;b$$ LIMIT 1').statements).toBe(1);
    expect(pg('SELECT $q$a;$$;b$q$ LIMIT 1').statements).toBe(1);
    expect(pg('SELECT $q$a;$Q$; DROP TABLE t').lexicalError?.message).toMatch(/dollar/);
    // a$$ is an identifier; the $$ does not open a quote
    expect(pg('SELECT a$$ ; SELECT $$').lexicalError).toBeDefined();
    expect(pg('SELECT $1; DROP TABLE t').statements).toBe(2);
  });
  it('treats backticks and brackets as operators, not quotes', () => {
    expect(pg('SELECT `a;b`').statements).toBe(2);
    expect(pg('SELECT [a;b]').statements).toBe(2);
    expect(pg('SELECT "a;""b" LIMIT 1').statements).toBe(1);
    expect(pg('SELECT U&"a;b" LIMIT 1').statements).toBe(1);
  });
  it('counts empty statements and NUL apart', () => {
    expect(pg('SELECT 1;;').emptyStatementAt).toBe(9);
    expect(pg('; SELECT 1').emptyStatementAt).toBe(0);
    expect(pg('SELECT 1; -- done\n').emptyStatementAt).toBeUndefined();
    const nul = pg('SELECT 1\u0000; DROP TABLE t');
    expect(nul.lexicalError?.message).toMatch(/NUL/);
    expect(nul.statements).toBe(1);
  });
});

// Generators for the properties: statements whose literals and names hold every character
// that matters to a tokenizer, and gaps of whitespace and comments as each server reads them.
const NASTY = [';', "'", '"', '`', '[', ']', '-', '/', '*', '\\', '$', '\n', '\r', 'a', ' ', 'E'];
const nasty = fc.array(fc.constantFrom(...NASTY), { maxLength: 12 }).map((a) => a.join(''));

function literal(dialect: SqlDialect): fc.Arbitrary<string> {
  const quoted = nasty.map((t) => `'${t.replace(/'/g, "''")}'`);
  const name = nasty.filter((t) => t.length > 0).map((t) => `"${t.replace(/"/g, '""')}"`);
  if (dialect === 'sqlite') {
    return fc.oneof(
      quoted,
      name,
      nasty.map((t) => `[${t.replace(/]/g, '')}]`),
      nasty.map((t) => `\`${t.replace(/`/g, '``')}\``),
      fc.constantFrom('1', "x'0A'", '$a(x;y)', '?1'),
    );
  }
  return fc.oneof(
    quoted.filter((q) => !q.includes('\\')),
    name,
    nasty.map((t) => `E'${t.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`),
    fc
      .tuple(fc.constantFrom('', 'q', 'tag_1'), nasty)
      .filter(([tag, t]) => !`${t}$`.includes(`$${tag}$`) && !t.endsWith('$'))
      .map(([tag, t]) => `$${tag}$${t}$${tag}$`),
    nasty.map((t) => `U&'${t.replace(/\\/g, '').replace(/'/g, "''")}'`),
    fc.constantFrom('1', "B'101'", "X'1F'", '$1'),
  );
}

function statement(dialect: SqlDialect): fc.Arbitrary<string> {
  return fc
    .array(literal(dialect), { minLength: 1, maxLength: 3 })
    .map((items) => `SELECT ${items.join(', ')} LIMIT 1`);
}

function gap(dialect: SqlDialect): fc.Arbitrary<string> {
  const lineEnds = dialect === 'sqlite' ? ['\n', '\r\n'] : ['\n', '\r', '\r\n'];
  const notLineEnd = dialect === 'sqlite' ? /\n/g : /[\n\r]/g;
  const space = fc.constantFrom(
    ...(dialect === 'sqlite'
      ? [' ', '\t', '\n', '\r', '\f', ' \v']
      : [' ', '\t', '\n', '\r', '\f', '\v']),
  );
  const lineComment = fc
    .tuple(
      nasty.map((t) => t.replace(notLineEnd, '')),
      fc.constantFrom(...lineEnds),
    )
    .map(([t, end]) => `--${t}${end}`);
  const body = nasty.filter((t) => !t.includes('*/') && !t.includes('/*'));
  const blockComment =
    dialect === 'sqlite'
      ? body.map((t) => `/*${t} */`)
      : fc.tuple(body, body).map(([a, b]) => `/*${a} /* ${b} */ */`);
  return fc
    .array(fc.oneof(space, lineComment, blockComment), { maxLength: 4 })
    .map((parts) => ` ${parts.join(' ')} `);
}

describe('scanStatements: properties', () => {
  for (const dialect of ['sqlite', 'postgres'] as const) {
    it(`${dialect}: one statement between any comments and whitespace counts 1`, () => {
      fc.assert(
        fc.property(
          gap(dialect),
          statement(dialect),
          gap(dialect),
          fc.boolean(),
          gap(dialect),
          (before, stmt, after, semicolon, tail) => {
            const sql = `${before}${stmt}${after}${semicolon ? `;${tail}` : ''}`;
            const scan = scanStatements(sql, dialect);
            expect(scan.statements).toBe(1);
            expect(scan.emptyStatementAt).toBeUndefined();
            expect(scan.lexicalError).toBeUndefined();
          },
        ),
        { numRuns: 500 },
      );
    });

    it(`${dialect}: statements joined by ; through any comments count 2 or more`, () => {
      fc.assert(
        fc.property(
          fc.array(fc.tuple(statement(dialect), gap(dialect), gap(dialect)), {
            minLength: 2,
            maxLength: 4,
          }),
          (parts) => {
            const sql = parts.map(([stmt, a, b]) => `${a}${stmt}${b}`).join(';');
            expect(scanStatements(sql, dialect).statements).toBe(parts.length);
          },
        ),
        { numRuns: 500 },
      );
    });

    it(`${dialect}: a line comment then any terminator then ; splits exactly where the server does`, () => {
      fc.assert(
        fc.property(
          statement(dialect),
          nasty.map((t) => t.replace(/[\n\r]/g, '')),
          fc.constantFrom(...TERMINATORS),
          // the second statement on one line, so only the terminator decides
          statement(dialect).filter((t) => !/[\n\r]/.test(t)),
          (first, note, terminator, second) => {
            const sql = `${first} --${note}${terminator}; ${second}`;
            expect(count(sql, dialect)).toBe(ENDS_LINE_COMMENT[dialect](terminator) ? 2 : 1);
          },
        ),
        { numRuns: 500 },
      );
    });
  }

  it('never throws, and scans a long text in linear time', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.constantFrom('sqlite', 'postgres'), (s, d) => {
        const scan = scanStatements(s, d as SqlDialect);
        expect(scan.statements).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 2000 },
    );
    const long = `SELECT ${"'a;b', E'\\'', $$x$$, /* c */ ".repeat(20_000)}1`;
    const started = performance.now();
    expect(scanStatements(long, 'postgres').statements).toBe(1);
    expect(performance.now() - started).toBeLessThan(500);
  });
});
