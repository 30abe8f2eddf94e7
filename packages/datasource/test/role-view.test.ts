import { describe, expect, it } from 'vitest';
import type {
  DatabaseSchema,
  ExecuteOptions,
  IntrospectOptions,
  QueryResult,
} from '../src/datasource.js';
import { DatasourceError } from '../src/datasource-error.js';
import { roleView, unknownRoleError } from '../src/role-view.js';
import { schemaFingerprint } from '../src/schema-fingerprint.js';

const SCHEMA: DatabaseSchema = {
  tables: [{ name: 'Artist', columns: [{ name: 'ArtistId', type: 'INTEGER' }], rowCount: 275 }],
};

/** A login that records what the view asked of it. */
function recordingLogin() {
  const calls: { execute: [string, ExecuteOptions][]; introspect: IntrospectOptions[] } = {
    execute: [],
    introspect: [],
  };
  const result: QueryResult = { columns: ['n'], rows: [[1]], truncated: false, elapsedMs: 0 };
  return {
    calls,
    result,
    login: {
      execute: async (sql: string, options: ExecuteOptions) => {
        calls.execute.push([sql, options]);
        return result;
      },
      introspect: async (options: IntrospectOptions) => {
        calls.introspect.push(options);
        return options.rowCounts === false
          ? { tables: SCHEMA.tables.map(({ rowCount: _, ...table }) => table) }
          : SCHEMA;
      },
    },
  };
}

describe('roleView', () => {
  it('runs queries and introspection through the role login, passing options on', async () => {
    const { calls, result, login } = recordingLogin();
    const view = roleView('mysql', login);
    expect(view.engine).toBe('mysql');
    const signal = new AbortController().signal;
    expect(await view.execute('SELECT 1', { maxRows: 3, signal })).toBe(result);
    expect(await view.execute('SELECT 2')).toBe(result);
    expect(calls.execute).toEqual([
      ['SELECT 1', { maxRows: 3, signal }],
      ['SELECT 2', {}],
    ]);
    expect(await view.introspect()).toBe(SCHEMA);
    expect(calls.introspect).toEqual([{}]);
  });

  it('fingerprints the schema without row counts, as the adapters fingerprint their own', async () => {
    const { calls, login } = recordingLogin();
    const fingerprint = await roleView('postgres', login).fingerprint();
    expect(calls.introspect).toEqual([{ rowCounts: false }]);
    expect(fingerprint).toBe(
      schemaFingerprint({ tables: [{ name: 'Artist', columns: SCHEMA.tables[0]!.columns }] }),
    );
  });

  it('leaves the logins open on close: they belong to the adapter', async () => {
    const { calls, login } = recordingLogin();
    const view = roleView('mysql', login);
    await view.close();
    await view.execute('SELECT 1');
    expect(calls.execute).toHaveLength(1);
    expect(view.roles).toBeUndefined();
    expect(view.forRole).toBeUndefined();
  });
});

describe('unknownRoleError', () => {
  it('is a CONNECTION error naming the datasource, the role and the roles with a login', () => {
    const error = unknownRoleError('MySQL root@127.0.0.1:3306/chinook', 'auditor', [
      'analyst',
      'support',
    ]);
    expect(error).toBeInstanceOf(DatasourceError);
    expect(error.code).toBe('CONNECTION');
    expect(error.message).toBe(
      'MySQL root@127.0.0.1:3306/chinook: no login is configured for role auditor; roles with one: analyst, support',
    );
  });

  it('says when no role has a login', () => {
    expect(unknownRoleError('PostgreSQL u@h:5432/db', 'analyst', []).message).toBe(
      'PostgreSQL u@h:5432/db: no login is configured for role analyst; no role has one',
    );
  });
});
