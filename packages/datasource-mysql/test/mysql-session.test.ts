import { describe, expect, it } from 'vitest';
import { parseMysqlUrl, redactMysqlUrl } from '../src/mysql-login.js';
import { limitsStatement } from '../src/mysql-session.js';

describe('limitsStatement', () => {
  it("sets each flavour's own timeout and a row limit one past the cap", () => {
    expect(limitsStatement('mariadb', 1500, 10)).toBe(
      'SET SESSION max_statement_time = 1.5, sql_select_limit = 11',
    );
    expect(limitsStatement('mysql', 1500.2, 10)).toBe(
      'SET SESSION max_execution_time = 1501, sql_select_limit = 11',
    );
    expect(limitsStatement('mariadb', 5000, Number.POSITIVE_INFINITY)).toBe(
      'SET SESSION max_statement_time = 5, sql_select_limit = DEFAULT',
    );
  });
});

describe('parseMysqlUrl', () => {
  it('reads a mysql:// URL and labels it without the password', () => {
    const login = parseMysqlUrl('mysql://u%40x:p%3Aw@db.example:3307/shop', 'sales');
    expect(login).toEqual({
      host: 'db.example',
      port: 3307,
      user: 'u@x',
      password: 'p:w',
      database: 'shop',
      label: 'MySQL u@x@db.example:3307/shop (role sales)',
    });
    expect(redactMysqlUrl('mysql://u:secret@h/d')).toBe('mysql://u:***@h/d');
  });

  it('refuses what is not a mysql URL, or names no database, without echoing the password', () => {
    expect(() => parseMysqlUrl('postgres://u:secret@h/d')).toThrow(/mysql:\/\/ or mariadb:\/\//);
    expect(() => parseMysqlUrl('mysql://u:secret@h/')).toThrow(/names no database/);
    expect(() => parseMysqlUrl('not a url secret')).toThrow(/does not parse/);
    for (const url of ['postgres://u:secret@h/d', 'mysql://u:secret@h/', 'not a url secret']) {
      expect(() => parseMysqlUrl(url)).not.toThrow(/secret/);
    }
    expect(parseMysqlUrl('mariadb://u@h', undefined, false).database).toBe('');
  });
});
