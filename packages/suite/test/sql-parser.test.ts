// The suite's parsing functions load @nl2sql/sqlcheck (an optional peer) on first use.
import { describe, expect, it } from 'vitest';
import { SqlParserMissingError } from '../src/index.js';
import { sqlcheck } from '../src/sql-parser.js';

describe('the suite parser loader', () => {
  it('loads @nl2sql/sqlcheck once, where it is installed', async () => {
    const first = await sqlcheck();
    expect(typeof first.readSet).toBe('function');
    expect(await sqlcheck()).toBe(first);
  });

  it('names the package to install when it is missing', () => {
    const error = new SqlParserMissingError(new Error("Cannot find package '@nl2sql/sqlcheck'"));
    expect(error.code).toBe('SQL_PARSER_MISSING');
    expect(error.message).toContain('needs @nl2sql/sqlcheck; install it beside @nl2sql/suite');
  });
});
