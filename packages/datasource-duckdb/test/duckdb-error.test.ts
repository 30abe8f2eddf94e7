import { DatasourceError } from '@nl2sql/datasource';
import { describe, expect, it } from 'vitest';
import { duckdbError, duckdbErrorCode } from '../src/duckdb-error.js';

describe('duckdbErrorCode', () => {
  it("classifies DuckDB's messages by their error type, after any prefix the Node API adds", () => {
    const cases: [string, string][] = [
      ['Failed to extract statements: Parser Error: syntax error at or near "SELEC"', 'SYNTAX'],
      ['Parser Error: syntax error at end of input', 'SYNTAX'],
      ['INTERRUPT Error: Interrupted!', 'TIMEOUT'],
      [
        'Permission Error: Cannot access file "/etc/passwd" - file system operations are disabled by configuration',
        'READ_ONLY_VIOLATION',
      ],
      [
        'Invalid Input Error: Cannot execute statement of type "INSERT" on database "t" which is attached in read-only mode!',
        'READ_ONLY_VIOLATION',
      ],
      [
        'Invalid Input Error: Cannot change configuration option "threads" - the configuration has been locked',
        'READ_ONLY_VIOLATION',
      ],
      ['Out of Memory Error: failed to allocate data of size 1.0 GiB', 'RESULT_TOO_LARGE'],
      ['Binder Error: Referenced column "nope" not found in FROM clause!', 'EXECUTION'],
      ['Catalog Error: Table with name nope does not exist!', 'EXECUTION'],
      ["Conversion Error: Could not convert string 'x' to INT32", 'EXECUTION'],
    ];
    for (const [message, code] of cases) expect(duckdbErrorCode(message), message).toBe(code);
  });

  it("keeps DuckDB's message and error type, and says where", () => {
    const error = duckdbError(new Error('Binder Error: nope'), 'DuckDB x.duckdb', 'SELECT nope');
    expect(error).toBeInstanceOf(DatasourceError);
    expect(error).toMatchObject({
      code: 'EXECUTION',
      message: 'DuckDB x.duckdb: Binder Error: nope',
      databaseMessage: 'Binder Error: nope',
      databaseCode: 'Binder',
      sql: 'SELECT nope',
    });
    const typed = new DatasourceError('TIMEOUT', 'late');
    expect(duckdbError(typed, 'here')).toBe(typed);
  });
});
