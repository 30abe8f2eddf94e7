import { describe, expect, it } from 'vitest';
import { GrantsPolicyError, grantsSql, REVOKED_FUNCTIONS } from '../src/grants-sql.js';

const POLICY = {
  roles: {
    sales: { tables: ['Invoice', 'Customer'], columns: { Customer: ['CustomerId', 'Country'] } },
    catalog: { tables: ['Track'] },
  },
};

function lines(sql: string): string[] {
  return sql.split('\n');
}

describe('grantsSql', () => {
  it('is one transaction that first checks it runs in the right database', () => {
    const sql = grantsSql(POLICY, { database: 'chinook' });
    const all = lines(sql);
    expect(all).toContain('BEGIN;');
    expect(all.at(-2)).toBe('COMMIT;');
    expect(sql).toContain("IF current_database() <> 'chinook' THEN");
  });

  it('gives PUBLIC nothing in the database, the schema and the dangerous functions', () => {
    const all = lines(grantsSql(POLICY, { database: 'chinook' }));
    for (const line of [
      'REVOKE ALL ON DATABASE "chinook" FROM PUBLIC;',
      'REVOKE ALL ON SCHEMA "public" FROM PUBLIC;',
      'REVOKE ALL ON ALL TABLES IN SCHEMA "public" FROM PUBLIC;',
      ...REVOKED_FUNCTIONS.map((fn) => `REVOKE EXECUTE ON FUNCTION ${fn} FROM PUBLIC;`),
    ]) {
      expect(all).toContain(line);
    }
  });

  it('grants each login SELECT on exactly its tables, and only the listed columns', () => {
    const all = lines(grantsSql(POLICY, { database: 'chinook' }));
    expect(all).toContain('GRANT SELECT ON TABLE "public"."Invoice" TO "chinook_sales";');
    expect(all).toContain(
      'GRANT SELECT ("Country", "CustomerId") ON TABLE "public"."Customer" TO "chinook_sales";',
    );
    expect(all).toContain('GRANT SELECT ON TABLE "public"."Track" TO "chinook_catalog";');
    const grants = all.filter((l) => l.startsWith('GRANT '));
    expect(grants.every((l) => /^GRANT (SELECT|CONNECT|USAGE)\b/.test(l))).toBe(true);
    expect(grants.filter((l) => l.includes('"chinook_catalog"'))).toHaveLength(3);
  });

  it('resets each login before granting, so running it again narrows a wider grant', () => {
    const all = lines(grantsSql(POLICY, { database: 'chinook' }));
    const reset = all.indexOf('REVOKE ALL ON ALL TABLES IN SCHEMA "public" FROM "chinook_sales";');
    const grant = all.indexOf('GRANT SELECT ON TABLE "public"."Invoice" TO "chinook_sales";');
    expect(reset).toBeGreaterThan(0);
    expect(grant).toBeGreaterThan(reset);
  });

  it('pins the session settings with ALTER ROLE ... SET, read-only always', () => {
    const sql = grantsSql(POLICY, { database: 'chinook', settings: { statement_timeout: '10s' } });
    const all = lines(sql);
    for (const setting of [
      'default_transaction_read_only = on',
      "statement_timeout = '10s'",
      "idle_in_transaction_session_timeout = '10s'",
      "lock_timeout = '1s'",
      "temp_file_limit = '256MB'",
      "work_mem = '16MB'",
      'search_path = "public"',
    ]) {
      expect(all).toContain(`ALTER ROLE "chinook_sales" SET ${setting};`);
    }
  });

  it('sets a password only when given, quoted; otherwise says how', () => {
    const sql = grantsSql(POLICY, {
      database: 'chinook',
      roles: { sales: { login: 'sales_login', password: "it's" }, catalog: 'catalog_login' },
    });
    expect(lines(sql)).toContain(`ALTER ROLE "sales_login" PASSWORD 'it''s';`);
    expect(sql).toContain(
      `-- No password given: the login keeps its own. Set one with: ALTER ROLE "catalog_login" PASSWORD '...';`,
    );
    expect(lines(sql).filter((l) => l.startsWith('ALTER ROLE "catalog_login" PASSWORD'))).toEqual(
      [],
    );
  });

  it('quotes every name, so odd ones cannot break out', () => {
    const sql = grantsSql(
      { roles: { 'r"x': { tables: ['T"; DROP TABLE x; --'] } } },
      {
        database: 'd"b',
        schema: 'S',
        roles: { 'r"x': "lo'gin" },
      },
    );
    expect(lines(sql)).toContain(`GRANT SELECT ON TABLE "S"."T""; DROP TABLE x; --" TO "lo'gin";`);
    expect(sql).toContain(`WHERE rolname = 'lo''gin'`);
    expect(lines(sql)).toContain('REVOKE ALL ON DATABASE "d""b" FROM PUBLIC;');
  });

  it('is deterministic and independent of table order in the policy', () => {
    const a = grantsSql({ roles: { r: { tables: ['B', 'A', 'A'] } } }, { database: 'd' });
    const b = grantsSql({ roles: { r: { tables: ['A', 'B'] } } }, { database: 'd' });
    expect(a).toBe(b);
    expect(lines(a)).toContain('GRANT SELECT ON TABLE "public"."A", "public"."B" TO "d_r";');
  });

  it.each([
    [{ roles: { r: { tables: ['A'], columns: { B: ['x'] } } } }, {}, 'policy.roles.r.columns.B'],
    [{ roles: { r: { tables: ['A'], columns: { A: [] } } } }, {}, 'policy.roles.r.columns.A'],
    [{ roles: { r: { tables: [''] } } }, {}, 'policy.roles.r.tables[0]'],
    [{ roles: { r: { tables: ['x'.repeat(64)] } } }, {}, 'policy.roles.r.tables[0]'],
    [
      { roles: { a: { tables: [] }, b: { tables: [] } } },
      { roles: { a: 'same', b: 'same' } },
      'roles.b.login',
    ],
    [
      { roles: { r: { tables: [] } } },
      { settings: { work_mem: "1MB'; DROP" } },
      'settings.work_mem',
    ],
    [{ roles: { r: { tables: [] } } }, { connectionLimit: 0 }, 'connectionLimit'],
  ])('refuses a policy or option it cannot grant (%#), naming where', (policy, options, path) => {
    let caught: unknown;
    try {
      grantsSql(policy as never, { database: 'd', ...(options as object) });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(GrantsPolicyError);
    expect((caught as GrantsPolicyError).path).toBe(path);
  });
});
