// The scanner against a real PostgreSQL server: a throwaway cluster on a Unix socket in a
// temporary directory (no TCP port), random texts of INSERT statements sent by `psql -c`
// as one simple-protocol query, with standard_conforming_strings on and off. When the
// server accepts the text, every statement in it ran and added one row, so the row count
// is the server's own statement count. Skipped (with the reason) where no PostgreSQL
// server binaries are installed.
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanStatements } from '../src/index.js';

function findBinDir(): string | undefined {
  const fromPath = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  const candidates = [
    ...(fromPath.status === 0 ? [fromPath.stdout.trim()] : []),
    ...(existsSync('/usr/lib/postgresql')
      ? readdirSync('/usr/lib/postgresql')
          .sort()
          .reverse()
          .map((v) => `/usr/lib/postgresql/${v}/bin`)
      : []),
  ];
  return candidates.find((d) => existsSync(join(d, 'initdb')) && existsSync(join(d, 'psql')));
}

const binDir = findBinDir();
// initdb refuses to run as root; run the server as the postgres user then.
const asRoot = process.getuid?.() === 0;
const runAs = (cmd: string, args: string[]) =>
  asRoot
    ? spawnSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { encoding: 'utf8' })
    : spawnSync(cmd, args, { encoding: 'utf8' });

let dir = '';
const port = '55431';

/** Each -c is sent as one simple-protocol query, as the server receives it (no psql lexing). */
function psql(commands: string[], standardConformingStrings = true) {
  return spawnSync(
    join(binDir ?? '', 'psql'),
    ['-h', dir, '-p', port, '-U', 'postgres', '-X', '-At', ...commands.flatMap((c) => ['-c', c])],
    {
      encoding: 'utf8',
      env: {
        ...process.env,
        PGOPTIONS: `-c standard_conforming_strings=${standardConformingStrings ? 'on' : 'off'} -c escape_string_warning=off`,
      },
    },
  );
}

/** Run `sql` on an empty table; how many rows it added, and whether the server accepted it. */
function rowsAdded(sql: string, standardConformingStrings: boolean) {
  const r = psql(['DELETE FROM t', sql, 'SELECT count(*) FROM t'], standardConformingStrings);
  const lines = r.stdout.trim().split('\n');
  return { ok: !/ERROR:/.test(r.stderr), rows: Number(lines[lines.length - 1]) };
}

describe.skipIf(binDir === undefined)('scanStatements agrees with PostgreSQL', () => {
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'sqlcheck-pg-'));
    if (asRoot) chownSync(dir, Number(spawnSync('id', ['-u', 'postgres']).stdout), 0);
    const data = join(dir, 'data');
    const init = runAs(join(binDir!, 'initdb'), [
      '-D',
      data,
      '-A',
      'trust',
      '-U',
      'postgres',
      '--no-sync',
    ]);
    if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`);
    const start = runAs(join(binDir!, 'pg_ctl'), [
      '-D',
      data,
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=''`,
      '-l',
      join(dir, 'log'),
      '-w',
      'start',
    ]);
    if (start.status !== 0) throw new Error(`pg_ctl start failed: ${start.stderr}`);
    const create = psql(['CREATE TABLE t(v text)']);
    if (create.status !== 0) throw new Error(`could not create the table: ${create.stderr}`);
  });
  afterAll(() => {
    if (dir && binDir)
      runAs(join(binDir, 'pg_ctl'), ['-D', join(dir, 'data'), '-m', 'immediate', 'stop']);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('runs the issue example as two statements (CR ends a -- comment)', () => {
    const sql = 'INSERT INTO t SELECT 1 -- note\r; INSERT INTO t SELECT 2';
    expect(rowsAdded(sql, true)).toEqual({ ok: true, rows: 2 });
    expect(scanStatements(sql, 'postgres').statements).toBe(2);
  });

  // Literal contents hold no line break, so only separators decide where comments end.
  const inner = fc
    .array(fc.constantFrom(';', "'", '"', '`', '[', '-', '/', '*', '\\', '$', 'a', ' ', 'q'), {
      maxLength: 10,
    })
    .map((a) => a.join(''));
  const value = fc.oneof(
    inner.map((t) => `'${t.replace(/'/g, "''")}'`),
    inner.map((t) => `E'${t.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`),
    inner.map((t) => `N'${t.replace(/'/g, "''")}'`),
    inner.map((t) => `U&'${t.replace(/\\/g, '').replace(/'/g, "''")}'`),
    fc
      .tuple(fc.constantFrom('', 'q'), inner)
      .filter(([tag, t]) => !`${t}$`.includes(`$${tag}$`))
      .map(([tag, t]) => `$${tag}$${t}$${tag}$`),
    fc
      .tuple(inner, inner)
      .map(([a, b]) => `E'${a.replace(/[\\']/g, '')}'\n'${b.replace(/[\\']/g, '')}'`),
    fc.constantFrom("B'101'::text", "X'1F'::text", '1'),
  );
  const alias = fc.oneof(
    inner.filter((t) => t.length > 0).map((t) => `"${t.replace(/"/g, '""')}"`),
    fc.constant('plain'),
  );
  const insert = fc.tuple(value, alias).map(([v, a]) => `INSERT INTO t SELECT ${v} AS ${a}`);
  const terminator = fc.constantFrom('\n', '\r', '\r\n', '\f', '\v', '\u2028', '');
  const comment = fc.oneof(
    fc.tuple(inner, terminator).map(([t, end]) => `--${t}${end}`),
    inner.map((t) => `/*${t} */`), // may close early or nest: the server decides
    fc.tuple(inner, inner).map(([a, b]) => `/* ${a} /* ${b} */ */`),
  );
  const gap = fc
    .array(fc.oneof(comment, fc.constantFrom(' ', '\n', '\t', '\f', '\r', '\v')), { maxLength: 4 })
    .map((parts) => parts.join(''));

  for (const scs of [true, false]) {
    it(`for random statements and comments, standard_conforming_strings ${scs ? 'on' : 'off'}`, () => {
      fc.assert(
        fc.property(
          fc.array(fc.tuple(gap, insert, gap), { minLength: 1, maxLength: 3 }),
          (parts) => {
            const sql = parts.map(([a, stmt, b]) => `${a}${stmt}${b}`).join(';');
            const server = rowsAdded(sql, scs);
            const scan = scanStatements(sql, 'postgres', { standardConformingStrings: scs });
            // A text the server rejects runs nothing (it is one implicit transaction).
            if (server.ok) {
              expect(scan.lexicalError).toBeUndefined();
              expect(server.rows).toBe(scan.statements);
            } else {
              expect(server.rows).toBe(0);
            }
          },
        ),
        { numRuns: 150 },
      );
    });
  }
});
