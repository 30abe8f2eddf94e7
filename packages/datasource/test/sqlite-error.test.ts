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

  it('handles a thrown non-Error', () => {
    expect(sqliteError('boom', 'here')).toMatchObject({ code: 'EXECUTION', message: 'here: boom' });
  });
});
