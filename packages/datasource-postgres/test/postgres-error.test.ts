import { DatasourceError } from '@nl2sql/datasource';
import { describe, expect, it } from 'vitest';
import {
  isPermissionDenied,
  PERMISSION_DENIED_MESSAGE,
  postgresError,
  postgresErrorCode,
} from '../src/index.js';

/** An error shaped like the ones pg raises for a server ErrorResponse. */
function serverError(code: string, message: string, severity = 'ERROR'): Error {
  return Object.assign(new Error(message), { code, severity });
}

describe('postgresErrorCode', () => {
  it.each([
    ['42501', 'PERMISSION_DENIED'],
    ['42601', 'SYNTAX'],
    ['25006', 'READ_ONLY_VIOLATION'],
    ['57014', 'TIMEOUT'],
    ['55P03', 'TIMEOUT'],
    ['42703', 'EXECUTION'],
    ['42P01', 'EXECUTION'],
    ['22012', 'EXECUTION'],
    ['53400', 'EXECUTION'],
    ['08006', 'CONNECTION'],
    ['28P01', 'CONNECTION'],
    ['3D000', 'CONNECTION'],
    ['57P01', 'CONNECTION'],
    ['53300', 'CONNECTION'],
  ])('maps SQLSTATE %s to %s', (code, expected) => {
    expect(postgresErrorCode(serverError(code, 'x'))).toBe(expected);
  });

  it('treats a FATAL error, a socket error and a lost connection as CONNECTION', () => {
    expect(postgresErrorCode(serverError('XX000', 'x', 'FATAL'))).toBe('CONNECTION');
    expect(
      postgresErrorCode(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
    ).toBe('CONNECTION');
    expect(postgresErrorCode(new Error('Connection terminated unexpectedly'))).toBe('CONNECTION');
  });
});

describe('postgresError', () => {
  it('keeps the server message on one line, with where it happened', () => {
    const error = postgresError(
      serverError('42703', 'column "x" does not exist\nLINE 1'),
      'PostgreSQL u@h:1/d',
      'SELECT x',
    );
    expect(error).toMatchObject({
      code: 'EXECUTION',
      message: 'PostgreSQL u@h:1/d: column "x" does not exist LINE 1',
      databaseMessage: 'column "x" does not exist LINE 1',
      databaseCode: '42703',
      sql: 'SELECT x',
    });
  });

  it('turns a permission error into the generic refusal that names nothing', () => {
    const error = postgresError(
      serverError('42501', 'permission denied for table Employee'),
      'PostgreSQL u@h:1/d',
    );
    expect(isPermissionDenied(error)).toBe(true);
    expect(error.message).toBe(`PostgreSQL u@h:1/d: ${PERMISSION_DENIED_MESSAGE}`);
    expect(error.databaseMessage).toBeUndefined();
    expect(error.cause).toBeUndefined();
    expect(JSON.stringify(error)).not.toContain('Employee');
  });

  it('passes a DatasourceError through and tells other errors apart from refusals', () => {
    const typed = new DatasourceError('TIMEOUT', 'late');
    expect(postgresError(typed, 'x')).toBe(typed);
    expect(isPermissionDenied(typed)).toBe(false);
    expect(isPermissionDenied(new Error('permission denied'))).toBe(false);
  });
});
