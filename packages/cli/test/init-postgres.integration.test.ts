import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chinookForTests, loadChinookPostgres } from '@nl2sql/datasets';
import { postgresForTests } from '@nl2sql/datasource-postgres';
import { loadProject } from '@nl2sql/project';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT, main } from '../src/index.js';
import { captureIo } from './io-capture.js';

// `nl2sql init --db postgres://...` against Chinook in an embedded PostgreSQL. Skips with the
// reason printed where there is no Chinook file or no PostgreSQL binaries.
const chinook = await chinookForTests();
const server = chinook.path === undefined ? undefined : (await postgresForTests()).server;
let url: string;

beforeAll(async () => {
  if (!server) return;
  url = (
    await loadChinookPostgres(server.url(), { database: 'chinook', locate: { download: false } })
  ).url;
});
afterAll(async () => {
  await server?.stop();
});

async function init(...args: string[]) {
  const dir = await mkdtemp(join(tmpdir(), 'nl2sql-init-pg-'));
  const c = captureIo({ cwd: dir });
  const code = await main(['init', ...args], c.io);
  return { dir, code, out: c.out(), err: c.err() };
}

describe.skipIf(!server)('nl2sql init --db postgres://...', () => {
  it('writes a project whose URLs are env references; the password is nowhere', async () => {
    const password = new URL(url).password;
    const r = await init('--db', url, '--roles', 'analyst,support');
    expect(r.code, r.err).toBe(EXIT.ok);
    const evals = await readFile(join(r.dir, 'evals.yaml'), 'utf8');
    const readme = await readFile(join(r.dir, 'README.md'), 'utf8');
    for (const text of [evals, readme, r.out, r.err]) expect(text).not.toContain(password);
    expect(r.out).toContain('datasource chinook (postgres, ');
    expect(r.out).toContain('readable by role(s) analyst, support');
    expect(r.out).toContain('CHINOOK_URL');
    expect(r.out).toContain('CHINOOK_SUPPORT_URL');
    expect(r.out).toContain('docs/evals-yaml.md');
    const project = await loadProject(join(r.dir, 'evals.yaml'), {
      env: { CHINOOK_URL: url, CHINOOK_ANALYST_URL: url, CHINOOK_SUPPORT_URL: url },
    });
    expect(project.datasources).toMatchObject([{ id: 'chinook', engine: 'postgres', url }]);
    expect(Object.keys(project.policy?.roles ?? {})).toEqual(['analyst', 'support']);
    expect(project.policy?.roles.analyst?.tables).toContain('Album');
  });

  it('names a refused login without its password (exit 3), and writes nothing', async () => {
    const wrong = new URL(url);
    wrong.password = 'not-the-password-0451';
    const r = await init('--db', wrong.toString());
    expect(r.code).toBe(EXIT.config);
    expect(r.err).not.toContain('not-the-password-0451');
    expect(r.err).toMatch(/^nl2sql: --db /);
  });
});

describe('nl2sql init --db with a URL that is not one', () => {
  it('is a usage error that does not repeat it', async () => {
    const r = await init('--db', 'postgres://user:se cret@[bad');
    expect(r.code).toBe(EXIT.usage);
    expect(r.err).not.toContain('se cret');
  });
});
