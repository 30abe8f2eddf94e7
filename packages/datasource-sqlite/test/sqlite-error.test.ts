import { describe, expect, it } from 'vitest';
import { sqliteError, sqliteErrorCode } from '../src/sqlite-error.js';

function driverError(code: string, message: string): Error {
  return Object.assign(new Error(`${code}: ${message}`), { code });
}

describe('sqliteErrorCode', () => {
  it.each([
    ['SQLITE_READONLY', 'attempt to write a readonly database', 'READ_ONLY_VIOLATION'],
    ['SQLITE_ERROR', 'too many attached databases - max 0', 'READ_ONLY_VIOLATION'],
    ['SQLITE_ERROR', 'near "SELEC": syntax error', 'SYNTAX'],
    ['SQLITE_ERROR', 'incomplete input', 'SYNTAX'],
    ['SQLITE_ERROR', 'unrecognized token: "\'abc"', 'SYNTAX'],
    ['SQLITE_ERROR', 'no such column: nope', 'EXECUTION'],
    ['SQLITE_ERROR', 'no such table: Nope', 'EXECUTION'],
    ['SQLITE_INTERRUPT', 'interrupted', 'EXECUTION'],
    ['SQLITE_CANTOPEN', 'unable to open database file', 'CONNECTION'],
    ['SQLITE_NOTADB', 'file is not a database', 'CONNECTION'],
    ['SQLITE_TOOBIG', 'string or blob too big', 'VALUE_TOO_LARGE'],
    ['SQLITE_TOOBIG', 'statement too long', 'QUERY_TOO_COMPLEX'],
    ['SQLITE_NOMEM', 'out of memory', 'RESULT_TOO_LARGE'],
    ['SQLITE_ERROR', 'Expression tree is too large (maximum depth 1000)', 'QUERY_TOO_COMPLEX'],
    ['SQLITE_ERROR', 'too many terms in compound SELECT', 'QUERY_TOO_COMPLEX'],
    ['SQLITE_ERROR', 'too many arguments on function char', 'QUERY_TOO_COMPLEX'],
    ['SQLITE_ERROR', 'LIKE or GLOB pattern too complex', 'QUERY_TOO_COMPLEX'],
    ['SQLITE_ERROR', 'too many SQL variables', 'QUERY_TOO_COMPLEX'],
    ['SQLITE_ERROR', 'variable number must be between ?1 and ?32766', 'QUERY_TOO_COMPLEX'],
    ['SQLITE_ERROR', 'too many columns in result set', 'QUERY_TOO_COMPLEX'],
    ['SQLITE_ERROR', 'at most 64 tables in a join', 'QUERY_TOO_COMPLEX'],
  ] as const)('%s %s -> %s', (code, message, expected) => {
    expect(sqliteErrorCode(driverError(code, message))).toBe(expected);
  });
});

describe('sqliteError', () => {
  it('keeps the database message verbatim and says where', () => {
    const error = sqliteError(
      driverError('SQLITE_ERROR', 'no such column: nope'),
      'SQLite /db',
      'SELECT nope',
    );
    expect(error).toMatchObject({
      code: 'EXECUTION',
      message: 'SQLite /db: SQLITE_ERROR: no such column: nope',
      databaseMessage: 'SQLITE_ERROR: no such column: nope',
      databaseCode: 'SQLITE_ERROR',
      sql: 'SELECT nope',
      name: 'DatasourceError',
    });
  });

  it('says which limit a value or a row passed when it knows the limits', () => {
    const limits = { maxValueBytes: 4096, heapBytes: 65536 };
    expect(
      sqliteError(
        driverError('SQLITE_TOOBIG', 'string or blob too big'),
        'SQLite /db',
        'SELECT',
        limits,
      ).message,
    ).toBe(
      'SQLite /db: a string or blob would be longer than 4096 bytes (maxValueBytes); SQLITE_TOOBIG: string or blob too big',
    );
    expect(
      sqliteError(driverError('SQLITE_NOMEM', 'out of memory'), 'SQLite /db', 'SELECT', limits)
        .message,
    ).toContain('more than the 65536 bytes of memory SQLite may use');
    // Other codes keep the plain form.
    expect(
      sqliteError(driverError('SQLITE_ERROR', 'no such table: x'), 'SQLite /db', 'SELECT', limits)
        .message,
    ).toBe('SQLite /db: SQLITE_ERROR: no such table: x');
  });

  it('handles a thrown non-Error', () => {
    expect(sqliteError('boom', 'here')).toMatchObject({ code: 'EXECUTION', message: 'here: boom' });
  });
});
