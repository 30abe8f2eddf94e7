import { CHINOOK_POLICIES } from '@nl2sql/datasets';
import { describe, expect, it } from 'vitest';
import { grantStatements } from '../src/apply-mysql-grants.js';
import { MysqlGrantsPolicyError, mysqlGrantsSql } from '../src/mysql-grants-sql.js';

describe('mysqlGrantsSql', () => {
  it('gives each role a login with SELECT on exactly its tables, after revoking everything', () => {
    const sql = mysqlGrantsSql(CHINOOK_POLICIES, {
      database: 'chinook',
      roles: { catalog: { login: 'cat', password: "it's" } },
    });
    const statements = grantStatements(sql);
    const catalog = statements.filter((s) => s.includes("'cat'@'%'"));
    expect(catalog.slice(0, 5)).toEqual([
      "CREATE USER IF NOT EXISTS 'cat'@'%'",
      "ALTER USER 'cat'@'%' IDENTIFIED BY 'it''s'",
      "ALTER USER 'cat'@'%' WITH MAX_USER_CONNECTIONS 16 MAX_STATEMENT_TIME 30",
      "REVOKE ALL PRIVILEGES, GRANT OPTION FROM 'cat'@'%'",
      "SET DEFAULT ROLE NONE FOR 'cat'@'%'",
    ]);
    expect(catalog.slice(5)).toEqual(
      ['Album', 'Artist', 'Genre', 'MediaType', 'Playlist', 'PlaylistTrack', 'Track'].map(
        (t) => `GRANT SELECT ON \`chinook\`.\`${t}\` TO 'cat'@'%'`,
      ),
    );
    // Roles without a given login get <database>_<role> and keep their password.
    expect(statements).toContain("CREATE USER IF NOT EXISTS 'chinook_sales'@'%'");
    expect(sql).toContain(
      "-- No password given: the login keeps its own. Set one with: ALTER USER 'chinook_sales'@'%'",
    );
    expect(
      statements.every((s) =>
        /^(CREATE USER|ALTER USER|REVOKE ALL|SET DEFAULT ROLE|GRANT SELECT )/.test(s),
      ),
    ).toBe(true);
  });

  it('grants only the listed columns where the policy lists columns, and spells MySQL its way', () => {
    const sql = mysqlGrantsSql(
      {
        roles: { support: { tables: ['Customer'], columns: { Customer: ['Email', 'FirstName'] } } },
      },
      { database: 'crm', host: '127.0.0.1', flavor: 'mysql', maxUserConnections: 5 },
    );
    const statements = grantStatements(sql);
    expect(statements).toContain(
      "GRANT SELECT (`Email`, `FirstName`) ON `crm`.`Customer` TO 'crm_support'@'127.0.0.1'",
    );
    expect(statements).toContain(
      "ALTER USER 'crm_support'@'127.0.0.1' WITH MAX_USER_CONNECTIONS 5",
    );
    expect(statements).toContain("SET DEFAULT ROLE NONE TO 'crm_support'@'127.0.0.1'");
  });

  it('quotes names with backticks and refuses what it cannot express, saying where', () => {
    expect(mysqlGrantsSql({ roles: { r: { tables: ['we`ird'] } } }, { database: 'd' })).toContain(
      'GRANT SELECT ON `d`.`we``ird`',
    );
    const cases: [Parameters<typeof mysqlGrantsSql>, string][] = [
      [[{ roles: { r: { tables: ['a\\b'] } } }, { database: 'd' }], 'policy.roles.r.tables[0]'],
      [
        [{ roles: { r: { tables: ['a'], columns: { b: ['x'] } } } }, { database: 'd' }],
        'policy.roles.r.columns.b',
      ],
      [
        [
          { roles: { r: { tables: ['a'] } } },
          { database: 'd', roles: { r: { login: 'x', password: 'a\\b' } } },
        ],
        'roles.r.password',
      ],
      [
        [
          { roles: { r: { tables: [] }, s: { tables: [] } } },
          { database: 'd', roles: { r: 'x', s: 'x' } },
        ],
        'roles.s.login',
      ],
      [
        [{ roles: { r: { tables: [] } } }, { database: 'd', maxUserConnections: 0 }],
        'maxUserConnections',
      ],
      [
        [{ roles: { r: { tables: [] } } }, { database: 'd', roles: { r: 'x'.repeat(33) } }],
        'roles.r.login',
      ],
    ];
    for (const [args, path] of cases) {
      let error: unknown;
      try {
        mysqlGrantsSql(...args);
      } catch (thrown) {
        error = thrown;
      }
      expect(error).toBeInstanceOf(MysqlGrantsPolicyError);
      expect((error as MysqlGrantsPolicyError).path).toBe(path);
    }
  });
});
