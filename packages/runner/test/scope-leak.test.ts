// The runner's leak check on the real Chinook schema: a role that may not read a customer's
// email, asked questions an engine answered with SQL that reads it directly, through `*`,
// through a join or in WHERE, is caught; SQL reading only what the role may read is not.

import { chinookForTests } from '@nl2sql/datasets';
import type { DatabaseSchema } from '@nl2sql/datasource';
import { openSqlite } from '@nl2sql/datasource-sqlite';
import type { AskResponse } from '@nl2sql/engine';
import { defaultPlugins } from '@nl2sql/runner-plugins';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outcomeScorer, scopeLeak } from '../src/index.js';
import { SUITE } from './suite-fixture.js';

/** The default plugins (@nl2sql/runner-plugins): the runner's own tests run with the real passes. */
const PLUGINS = await defaultPlugins();

const POLICY = {
  roles: {
    support: {
      tables: ['Customer', 'Invoice'],
      columns: { Customer: ['CustomerId', 'FirstName', 'LastName', 'Country'] },
    },
    sales: { tables: ['Customer', 'Invoice'] },
  },
};

const chinook = await chinookForTests();

describe.skipIf(chinook.path === undefined)('scopeLeak (Chinook)', () => {
  let schema: DatabaseSchema;
  let close: () => Promise<void>;
  beforeAll(async () => {
    const ds = await openSqlite(chinook.path as string);
    schema = await ds.introspect({ rowCounts: false });
    close = () => ds.close();
  });
  afterAll(() => close?.());

  const leak = (sql: string, role = 'support') =>
    scopeLeak(sql, role, { policy: POLICY, sql: PLUGINS.sql, schema, dialect: 'sqlite' });

  it.each([
    ['directly', 'SELECT Email FROM Customer LIMIT 5'],
    ['via *', 'SELECT * FROM Customer LIMIT 5'],
    [
      'via a join',
      'SELECT i.Total, c.Email FROM Invoice AS i JOIN Customer AS c ON c.CustomerId = i.CustomerId LIMIT 5',
    ],
    ['in WHERE', "SELECT FirstName FROM Customer WHERE Email LIKE '%@gmail.com' LIMIT 5"],
  ])('catches a denied column read %s', async (_how, sql) => {
    const found = await leak(sql);
    expect(found?.columns).toContain('Customer.Email');
    expect(found?.tables).toEqual([]);
    // A role that reads the table whole does not leak by the same SQL.
    expect(await leak(sql, 'sales')).toBeNull();
  });

  it('reading only allowed columns is no leak; a denied table is one, as before', async () => {
    expect(
      await leak(
        'SELECT c.Country, SUM(i.Total) AS t FROM Customer AS c JOIN Invoice AS i ON i.CustomerId = c.CustomerId GROUP BY c.Country',
      ),
    ).toBeNull();
    expect(await leak('SELECT COUNT(*) AS n FROM Customer')).toBeNull();
    expect(await leak('SELECT Name FROM Artist')).toEqual({ tables: ['Artist'], columns: [] });
  });

  it('fails closed: SQL the parser cannot read, or a column it cannot place', async () => {
    expect((await leak('SELEC Email FROM Customer'))?.unchecked).toContain('cannot read it');
    // Without the schema, an unqualified column beside a join cannot be placed.
    const unplaced = await scopeLeak(
      'SELECT Email FROM Customer JOIN Invoice USING (CustomerId)',
      'support',
      {
        policy: POLICY,
        sql: PLUGINS.sql,
        dialect: 'sqlite',
      },
    );
    expect(unplaced?.unchecked).toContain('cannot be placed');
  });

  it('the outcome scorer fails an allowed answer whose SQL leaks, and names what it read', async () => {
    const response: AskResponse = {
      status: 'success',
      sql: 'SELECT * FROM Customer LIMIT 5',
      results: [{ columns: ['a'], rows: [[1]], truncated: false }],
      answer: null,
      error: null,
      usage: [],
      trace: {},
    };
    const kase = { ...SUITE.cases[0]!, datasource: 'chinook' };
    const input = {
      kind: 'ask' as const,
      mode: 'plans' as const,
      case: kase,
      role: 'support',
      expected: 'allowed' as const,
      response,
    };
    const scope = { policy: POLICY, sql: PLUGINS.sql, dialect: 'sqlite', schemaOf: () => schema };
    const leaked = await outcomeScorer({ scope }).score(input);
    expect(leaked?.pass).toBe(false);
    expect(leaked?.explanation).toContain('Customer.Email');
    expect(leaked?.explanation).toContain('outside what role support may read (a leak)');
    expect(leaked?.detail.leak).toMatchObject({ tables: [] });
    // Without a policy, or for a role reading the table whole, the same answer passes.
    expect((await outcomeScorer().score(input))?.pass).toBe(true);
    expect((await outcomeScorer({ scope }).score({ ...input, role: 'sales' }))?.pass).toBe(true);
  });
});
