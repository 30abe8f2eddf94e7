import { DatasourceError } from '@nl2sql/datasource';
import { describe, expect, it } from 'vitest';
import { mysqlError, mysqlErrorCode, PERMISSION_DENIED_MESSAGE } from '../src/index.js';
import { cellReader } from '../src/mysql-cells.js';

function serverError(errno: number, sqlMessage: string, fatal = false) {
  return Object.assign(new Error(sqlMessage), { errno, sqlMessage, code: 'ER_X', fatal });
}

describe('mysqlErrorCode', () => {
  it('maps server error numbers and socket errors to the datasource codes', () => {
    expect(
      mysqlErrorCode(serverError(1142, "SELECT command denied to user 'x' for table 'Employee'")),
    ).toBe('PERMISSION_DENIED');
    expect(mysqlErrorCode(serverError(1143, 'column denied'))).toBe('PERMISSION_DENIED');
    expect(mysqlErrorCode(serverError(1064, 'syntax'))).toBe('SYNTAX');
    expect(mysqlErrorCode(serverError(1792, 'read only'))).toBe('READ_ONLY_VIOLATION');
    expect(mysqlErrorCode(serverError(1969, 'max_statement_time exceeded'))).toBe('TIMEOUT');
    expect(mysqlErrorCode(serverError(1317, 'interrupted'))).toBe('TIMEOUT');
    expect(mysqlErrorCode(serverError(1045, 'Access denied for user'))).toBe('CONNECTION');
    expect(mysqlErrorCode(serverError(1146, "Table 't' doesn't exist"))).toBe('EXECUTION');
    expect(mysqlErrorCode(serverError(1146, 'x', true))).toBe('CONNECTION');
    expect(
      mysqlErrorCode(
        Object.assign(new Error('connect ECONNREFUSED'), { errno: -111, code: 'ECONNREFUSED' }),
      ),
    ).toBe('CONNECTION');
  });

  it('keeps neither the message nor the cause of a refusal, which name the table', () => {
    const typed = mysqlError(
      serverError(1142, "SELECT command denied for table 'Employee'"),
      'MySQL u@h:1/d',
      'SELECT 1',
    );
    expect(typed).toBeInstanceOf(DatasourceError);
    expect(typed.message).toBe(`MySQL u@h:1/d: ${PERMISSION_DENIED_MESSAGE}`);
    expect(typed.databaseMessage).toBeUndefined();
    expect(typed.cause).toBeUndefined();
  });
});

describe('cellReader', () => {
  it('reads BIGINT and DECIMAL text as numbers, exact bigints beyond 2^53', () => {
    expect(cellReader(8)('42')).toBe(42);
    expect(cellReader(8)('-9223372036854775808')).toBe(-9223372036854775808n);
    expect(cellReader(246)('0.99')).toBe(0.99);
    expect(cellReader(246)('123456789012345678901')).toBe(123456789012345678901n);
    expect(cellReader(246)(null)).toBeNull();
    expect(cellReader(253)('text')).toBe('text');
  });
});
