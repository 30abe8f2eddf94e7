import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CHINOOK_POLICIES,
  CHINOOK_SUITE_PATH,
  chinookForTests,
  loadChinookPostgres,
} from '@nl2sql/datasets';
import { openPostgres, postgresForTests } from '@nl2sql/datasource-postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT, main } from '../src/index.js';
import { captureIo } from './io-capture.js';

// `nl2sql db grants` against Chinook in an embedded PostgreSQL: printed for review, applied
// as the admin, then each role's login reads exactly its tables; and `nl2sql eval run` in
// that project, on the PostgreSQL adapter with each role asking as its own login. Skips with the reason
// printed where there is no Chinook file or no PostgreSQL binaries.
const chinook = await chinookForTests();
const server = chinook.path === undefined ? undefined : (await postgresForTests()).server;

let dir: string;
let adminUrl: string;

/** `url` logged in as `user` with `password`. */
const loginUrl = (url: string, user: string, password: string) => {
  const out = new URL(url);
  out.username = user;
  out.password = password;
  return out.toString();
};

beforeAll(async () => {
  if (!server) return;
  dir = await mkdtemp(join(tmpdir(), 'nl2sql-grants-'));
  adminUrl = (
    await loadChinookPostgres(server.url(), { database: 'chinook', locate: { download: false } })
  ).url;
  const roles = Object.keys(CHINOOK_POLICIES.roles)
    .map((role) => `      ${role}: \${env:${role.toUpperCase()}_URL}`)
    .join('\n');
  const tables = Object.entries(CHINOOK_POLICIES.roles)
    .map(([role, { tables }]) => `    ${role}:\n      tables: [${tables.join(', ')}]`)
    .join('\n');
  await writeFile(
    join(dir, 'evals.yaml'),
    `version: 1
datasources:
  chinook:
    engine: postgres
    url: \${env:CHINOOK_URL}
    roles:
${roles}
policy:
  roles:
${tables}
suites: [${CHINOOK_SUITE_PATH}]
`,
  );
});

afterAll(async () => {
  await server?.stop();
});

const env = (): Record<string, string> => ({
  CHINOOK_URL: adminUrl,
  ...Object.fromEntries(
    Object.keys(CHINOOK_POLICIES.roles).map((role) => [
      `${role.toUpperCase()}_URL`,
      loginUrl(adminUrl, `evals_${role}`, `secret-${role}-pw`),
    ]),
  ),
});

async function cli(args: string[]) {
  const captured = captureIo({ cwd: dir, env: env() });
  const code = await main(args, captured.io);
  return { code, out: captured.out(), err: captured.err() };
}

describe.skipIf(!server)('nl2sql db grants', () => {
  it("prints the project's grants for review: its logins, its database, no password", async () => {
    const { code, out, err } = await cli(['db', 'grants', '--policy', 'evals.yaml']);
    expect(err).toBe('');
    expect(code).toBe(EXIT.ok);
    expect(out).toContain('CREATE ROLE "evals_sales"');
    expect(out).toContain('REVOKE ALL ON SCHEMA');
    expect(out).toMatch(/GRANT CONNECT ON DATABASE "chinook" TO "evals_catalog"/);
    expect(out).not.toMatch(/secret-|PASSWORD '[^.]/);
    expect(out).not.toContain(new URL(adminUrl).password);
  });

  it('applies them as the admin; each login then reads exactly its tables', async () => {
    const { code, err } = await cli([
      'db',
      'grants',
      '--policy',
      'evals.yaml',
      '--apply',
      adminUrl,
    ]);
    expect(code).toBe(EXIT.ok);
    expect(err).not.toContain(new URL(adminUrl).password);
    const catalog = await openPostgres(env().CATALOG_URL!);
    try {
      expect((await catalog.execute('SELECT count(*) FROM "Track"')).rows).toEqual([[3503]]);
      await expect(catalog.execute('SELECT * FROM "Customer"')).rejects.toMatchObject({
        code: 'PERMISSION_DENIED',
      });
    } finally {
      await catalog.close();
    }
  });

  it('says what is wrong with --apply in one line and exit 3, never the password', async () => {
    const password = new URL(adminUrl).password;
    const refused = await cli([
      'db',
      'grants',
      '--apply',
      loginUrl(adminUrl, 'postgres', 'wrong-pw'),
    ]);
    const down = new URL(adminUrl);
    down.port = '1';
    const unreachable = await cli(['db', 'grants', '--apply', down.toString()]);
    const malformed = await cli(['db', 'grants', '--apply', `mysql://root:${password}@h/db`]);
    for (const run of [refused, unreachable, malformed]) {
      expect(run.code).toBe(EXIT.config);
      expect(run.err.trim().split('\n')).toHaveLength(1);
      expect(run.err).not.toContain(password);
      expect(run.err).not.toContain('wrong-pw');
    }
    expect(refused.err).toMatch(/password authentication failed/);
    expect(unreachable.err).toMatch(/could not connect/);
  });
});

describe.skipIf(!server)(
  'nl2sql eval run on a project whose datasource is engine: postgres',
  () => {
    it('runs mode plans on PostgreSQL with a login per role: every case passes, the board says postgres', async () => {
      const { code, out, err } = await cli(['eval', 'run', '--mode', 'plans', '--json']);
      expect(code, err).toBe(EXIT.ok);
      const { report } = JSON.parse(out) as {
        report: {
          database: { engine: string };
          configs: { cases: { status: string }[] }[];
        };
      };
      expect(report.database.engine).toBe('postgres');
      const runs = report.configs[0]!.cases;
      expect(runs).toHaveLength(141);
      expect(runs.every((c) => c.status === 'pass')).toBe(true);
      expect(out + err).not.toContain(new URL(adminUrl).password);
      expect(out + err).not.toContain('secret-sales-pw');
      // The suite's test suite is SQLite files: the run says why its rows are not on the board.
      expect(err).toMatch(
        /test suite \S*chinook\.testsuite: not used: its variant databases are SQLite files, and this run reads a postgres database/,
      );
    }, 240_000);

    it('names the datasource URL of evals.yaml, in one line and exit 3, when the server is down', async () => {
      const down = new URL(adminUrl);
      down.port = '1';
      const captured = captureIo({ cwd: dir, env: { ...env(), CHINOOK_URL: down.toString() } });
      const code = await main(['eval', 'run', '--mode', 'plans'], captured.io);
      expect(code).toBe(EXIT.config);
      expect(captured.err().trim().split('\n')).toHaveLength(1);
      expect(captured.err()).toMatch(/evals\.yaml:\d+: datasources\.chinook\.url: /);
      expect(captured.err()).not.toContain(down.password);
    });
  },
);

// Needs no server: nothing connects while the policy is wrong.
describe('nl2sql db grants: the policy before --apply connects', () => {
  it('a policy file that is missing or not JSON is exit 3 naming it, with nothing listening at --apply', async () => {
    const here = await mkdtemp(join(tmpdir(), 'nl2sql-grants-nodb-'));
    await writeFile(join(here, 'bad.json'), '{ roles: ');
    const apply = 'postgres://admin:pw-not-shown@127.0.0.1:1/chinook';
    for (const [policy, said] of [
      ['gone.json', 'no such file'],
      ['bad.json', 'not valid JSON'],
    ] as const) {
      const c = captureIo({ cwd: here });
      const code = await main(['db', 'grants', '--policy', policy, '--apply', apply], c.io);
      expect(code).toBe(EXIT.config);
      expect(c.err()).toContain(`--policy ${join(here, policy)}: ${said}`);
      expect(c.err()).not.toContain('could not connect');
    }
  });
});
