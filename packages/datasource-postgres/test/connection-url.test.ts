import { DatasourceError } from '@nl2sql/datasource';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseConnectionUrl, redactUrl } from '../src/connection-url.js';

describe('parseConnectionUrl', () => {
  it('describes a URL without its password', () => {
    const url = 'postgres://chinook_sales:s3cr%40t@db.example:6543/chinook?sslmode=require';
    expect(parseConnectionUrl(url)).toEqual({
      url,
      user: 'chinook_sales',
      database: 'chinook',
      label: 'PostgreSQL chinook_sales@db.example:6543/chinook',
    });
    expect(parseConnectionUrl('postgresql://u@h/d').label).toBe('PostgreSQL u@h:5432/d');
  });

  it('refuses what is not a postgres URL, repeating none of it', () => {
    const password = 'hunter2-secret';
    for (const url of [`not a url ${password}`, `mysql://u:${password}@h/d`, `://${password}`]) {
      let caught: unknown;
      try {
        parseConnectionUrl(url);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(DatasourceError);
      expect((caught as DatasourceError).code).toBe('CONNECTION');
      expect((caught as DatasourceError).message).not.toContain(password);
      expect((caught as DatasourceError).message).not.toContain('\n');
    }
  });

  it('never puts the password in the label, whatever it is', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 4 }).filter((s) => /[^\s]{4}/.test(s)),
        (password) => {
          const url = `postgres://someone:${encodeURIComponent(password)}@127.0.0.1:5432/db`;
          const label = parseConnectionUrl(url).label;
          expect(label).not.toContain(encodeURIComponent(password));
          expect(
            label.includes(password) && !'PostgreSQL someone@127.0.0.1:5432/db'.includes(password),
          ).toBe(false);
        },
      ),
    );
  });
});

describe('redactUrl', () => {
  it('replaces the password in the user part and in the query', () => {
    expect(redactUrl('postgres://u:pw@h:1/d?password=pw2&sslmode=disable')).toBe(
      'postgres://u:***@h:1/d?password=***&sslmode=disable',
    );
    expect(redactUrl('nonsense pw')).toBe('(a URL that does not parse)');
  });
});
