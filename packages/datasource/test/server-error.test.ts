import { describe, expect, it } from 'vitest';
import { DatasourceError } from '../src/datasource-error.js';
import { isPermissionDenied, PERMISSION_DENIED_MESSAGE, serverError } from '../src/server-error.js';

const WHERE = 'PostgreSQL analyst@127.0.0.1:5432/chinook';

describe('serverError', () => {
  it('keeps the server message on one line, with its code, the SQL and the cause', () => {
    const cause = new Error('syntax error at or near "SELEC"\nLINE 1: SELEC 1\n        ^');
    const error = serverError('SYNTAX', WHERE, {
      message: cause.message,
      databaseCode: '42601',
      sql: 'SELEC 1',
      cause,
    });
    expect(error.code).toBe('SYNTAX');
    expect(error.message).toBe(`${WHERE}: syntax error at or near "SELEC" LINE 1: SELEC 1 ^`);
    expect(error.databaseMessage).toBe('syntax error at or near "SELEC" LINE 1: SELEC 1 ^');
    expect(error.databaseCode).toBe('42601');
    expect(error.sql).toBe('SELEC 1');
    expect(error.cause).toBe(cause);
  });

  it('says "unknown error" for a failure with no message', () => {
    const error = serverError('CONNECTION', WHERE, {
      message: ' \n ',
      databaseCode: undefined,
      sql: undefined,
      cause: 'lost',
    });
    expect(error.message).toBe(`${WHERE}: unknown error`);
  });

  it('tells a refused role neither the server message nor its cause, which name the table', () => {
    const error = serverError('PERMISSION_DENIED', WHERE, {
      message: 'permission denied for table "Employee"',
      databaseCode: '42501',
      sql: 'SELECT * FROM "Employee"',
      cause: new Error('permission denied for table "Employee"'),
    });
    expect(error.message).toBe(`${WHERE}: ${PERMISSION_DENIED_MESSAGE}`);
    expect(error.databaseMessage).toBeUndefined();
    expect(error.cause).toBeUndefined();
    expect(error.databaseCode).toBe('42501');
    expect(isPermissionDenied(error)).toBe(true);
  });
});

describe('isPermissionDenied', () => {
  it('is true only for a PERMISSION_DENIED DatasourceError', () => {
    expect(isPermissionDenied(new DatasourceError('PERMISSION_DENIED', 'x'))).toBe(true);
    expect(isPermissionDenied(new DatasourceError('EXECUTION', 'x'))).toBe(false);
    expect(isPermissionDenied(Object.assign(new Error('x'), { code: 'PERMISSION_DENIED' }))).toBe(
      false,
    );
  });
});
