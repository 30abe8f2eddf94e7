// The release as a user meets it: every public package packed with `pnpm pack`, the
// tarballs installed with npm into fresh projects in a temporary folder (third-party
// dependencies from the npm registry, no workspace links), then
// - the CLI: `npx nl2sql --version`, and the root README's "Evaluate your own system" block,
//   line by line as written, against the Python HTTP example engine;
// - @nl2sql/comparator alone and @nl2sql/gate alone in a TypeScript project: the types
//   resolve, `import` and `require` both work, and no native addon is installed;
// - @nl2sql/runner with only the packages it depends on: it loads, and neither a native
//   addon nor the SQL parser's wasm is installed (they come as plugins from the caller).
// Minutes of npm and a sqlite3 compile: it runs where CI is set (or NL2SQL_INSTALL_TEST=1).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { appendFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeClosure, installClosure } from './install-closure.js';
import { compile, runCompiled, writeLibraryProject } from './library-project.js';
import { npmInstall, packAll, ROOT, type Tarball, userEnv, workspaceClosure } from './tarballs.js';

const enabled =
  !['', '0', 'false', undefined].includes(process.env.CI) ||
  process.env.NL2SQL_INSTALL_TEST === '1';
if (!enabled) {
  console.warn(
    'tarball-install.test.ts: skipped (slow); it runs with CI=true or NL2SQL_INSTALL_TEST=1',
  );
} else if (spawnSync('python3', ['--version']).status !== 0) {
  throw new Error('python3 is required to run the README block against the Python example');
}

const SHOP = `
CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT NOT NULL, city TEXT NOT NULL);
CREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER NOT NULL REFERENCES customers(id), placed_on TEXT NOT NULL);
INSERT INTO customers VALUES (1, 'Ada', 'Oslo'), (2, 'Brian', 'Lima'), (3, 'Chen', 'Oslo');
INSERT INTO orders VALUES (1, 1, '2024-01-03'), (2, 1, '2024-02-11'), (3, 2, '2024-02-12');
`;
const PAIRS: Array<[string, string, string]> = [
  ['q01', 'How many customers are there?', 'SELECT COUNT(*) FROM customers'],
  ['q02', 'Which customers live in Oslo?', "SELECT name FROM customers WHERE city = 'Oslo'"],
  ['q03', 'How many orders were placed?', 'SELECT COUNT(*) FROM orders'],
  [
    'q04',
    'Who placed the first order?',
    'SELECT c.name FROM customers c JOIN orders o ON o.customer_id = c.id ORDER BY o.placed_on LIMIT 1',
  ],
];
const csv = (text: string) => `"${text.replace(/"/g, '""')}"`;

let scratch: string;
let tarballs: Map<string, Tarball>;
const startedAt = Date.now();
const report: string[] = [];
const engines: ChildProcess[] = [];

/** The three projects' installs, started together once packed (npm waits on the network). */
const installs = new Map<string, Promise<string>>();
const LIBRARIES = ['@nl2sql/comparator', '@nl2sql/gate'];

/** Seconds since the start, for the report. */
const since = (from: number) => `${((Date.now() - from) / 1000).toFixed(0)} s`;

/** npm install of `tarballFiles` into a new folder `name` of the scratch folder. */
async function installInto(name: string, tarballFiles: string[]): Promise<string> {
  const from = Date.now();
  const project = join(scratch, name);
  await mkdir(project);
  await npmInstall(project, tarballFiles);
  report.push(`npm install (${name}): ${since(from)}`);
  return project;
}

/** The folder `name` was installed into, once its install is done. */
function installed(name: string): Promise<string> {
  const install = installs.get(name);
  if (install === undefined) throw new Error(`no install named ${name}`);
  return install;
}

beforeAll(async () => {
  if (!enabled) return;
  scratch = await mkdtemp(join(tmpdir(), 'nl2sql-install-'));
  await mkdir(join(scratch, 'tarballs'));
  tarballs = await packAll(join(scratch, 'tarballs'));
  report.push(`pnpm pack of ${tarballs.size} packages: ${since(startedAt)}`);
  const all = [...tarballs.values()].map((t) => t.file);
  installs.set('cli', installInto('cli', all));
  for (const name of LIBRARIES) {
    installs.set(name, installInto(name.replace('@nl2sql/', ''), [tarballs.get(name)!.file]));
  }
  const runner = workspaceClosure('@nl2sql/runner').map((name) => tarballs.get(name)!.file);
  installs.set('@nl2sql/runner', installInto('runner', runner));
  // Each is awaited by its own tests; a failure must not also surface as unhandled.
  for (const install of installs.values()) install.catch(() => {});
});

afterAll(async () => {
  for (const child of engines) if (child.exitCode === null) child.kill();
  if (scratch) await rm(scratch, { recursive: true, force: true });
  if (enabled) {
    report.push(`wall time ${since(startedAt)}`);
    console.log(`tarball install:\n  ${report.join('\n  ')}`);
  }
});

/** A shell command in `cwd` as a user types it; resolves to its exit code and output. */
async function shell(cwd: string, line: string) {
  const child = spawn('sh', ['-c', line], { cwd, env: userEnv() });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
  });
  child.stderr.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, out };
}

/** The command lines of the root README's "Evaluate your own system" block, as written. */
function readmeBlock(): string[] {
  const text = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const start = text.indexOf('## Evaluate your own system\n');
  const fence = text.indexOf('```sh\n', start);
  const end = text.indexOf('```\n', fence + 6);
  if (start === -1 || fence === -1 || end === -1) throw new Error('README.md: no such block');
  return text
    .slice(fence + 6, end)
    .trimEnd()
    .split('\n');
}

/** Starts the Python HTTP example on a free port; resolves to its base URL. */
async function startExample(cwd: string): Promise<string> {
  const example = join(ROOT, 'examples', 'python-http-engine', 'engine.py');
  const child = spawn(
    'python3',
    [example, '--db', 'shop.sqlite', '--answers', 'mine.json', '--port', '0'],
    {
      cwd,
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  engines.push(child);
  const [line] = await once(createInterface({ input: child.stdout }), 'line');
  return String(line).trim();
}

describe.runIf(enabled)('the CLI installed from its tarballs', () => {
  let project: string;
  /** The Python example's URL, once the README block has started it. */
  let url: string | undefined;

  beforeAll(async () => {
    project = await installed('cli');
  });

  it('is no workspace link, and `npx nl2sql --version` prints the version of its package.json', async () => {
    const cli = join(project, 'node_modules', '@nl2sql', 'cli');
    expect(existsSync(join(cli, 'src')), 'a tarball holds no src/').toBe(false);
    const version = JSON.parse(readFileSync(join(cli, 'package.json'), 'utf8')).version;
    expect(version).toBe(tarballs.get('@nl2sql/cli')?.version);
    const { code, out } = await shell(project, 'npx nl2sql --version');
    expect([code, out.trim()]).toEqual([0, version]);
    const closure = installClosure(project, '@nl2sql/cli');
    report.push(describeClosure('@nl2sql/cli', closure));
  });

  it('runs the README\'s "Evaluate your own system" block, line by line, against the Python example', async () => {
    const dir = join(project, 'shop');
    await mkdir(dir);
    const made = spawnSync(
      'python3',
      ['-c', 'import sqlite3,sys; sqlite3.connect("shop.sqlite").executescript(sys.stdin.read())'],
      { cwd: dir, input: SHOP },
    );
    expect(made.status).toBe(0);
    const pairs = [
      'id,question,sql',
      ...PAIRS.map(([id, q, sql]) => [id, csv(q), csv(sql)].join(',')),
    ];
    await writeFile(join(dir, 'pairs.csv'), `${pairs.join('\n')}\n`);
    // The example engine knows the answers to q01-q03, the cases the README approves.
    const answers = Object.fromEntries(PAIRS.slice(0, 3).map(([, q, sql]) => [q, sql]));
    await writeFile(join(dir, 'mine.json'), JSON.stringify(answers));
    url = await startExample(dir);

    const from = Date.now();
    const outputs: string[] = [];
    for (const line of readmeBlock()) {
      if (line.startsWith('#')) {
        // The one step the README says in words: add the engine under `engines:` (the
        // section init writes last), at the example's URL.
        const entry = line.match(/under engines:\s+(mine: \{.*\})/)?.[1];
        expect(entry, line).toBeDefined();
        await appendFile(
          join(dir, 'evals.yaml'),
          `  ${entry!.replace('http://127.0.0.1:8000', url as string)}\n`,
        );
        continue;
      }
      const { code, out } = await shell(dir, line);
      expect(code, `${line}\n${out}`).toBe(0);
      outputs.push(out);
    }
    const all = outputs.join('\n');
    expect(all).toContain('suites/shop.yaml: added 4 draft case(s) from pairs.csv');
    expect(all).toMatch(/accuracy strict +3\/3 +100\.0%/);
    expect(all).toContain('gate: PASS');
    expect(existsSync(join(dir, 'runs', 'first.json'))).toBe(true);
    expect(readdirSync(join(dir, 'benchmarks', 'engine', 'shop'))).toHaveLength(1);
    report.push(`the README block (${outputs.length} commands): ${since(from)}`);
  });

  it("runs the same evaluation from a script through @nl2sql/evaluate's evaluate()", async () => {
    expect(url, 'the README block started the example engine').toBeDefined();
    const dir = join(project, 'shop');
    const script = [
      "import { evaluate } from '@nl2sql/evaluate';",
      'const io = { out: () => {}, err: () => {}, isTty: false, env: process.env, cwd: process.cwd() };',
      "const result = await evaluate({ engine: 'mine', reporters: ['junit=reports/api.xml'] }, io);",
      'const runs = result.report.configs.flatMap((c) => c.cases);',
      "const passed = runs.filter((r) => r.status === 'pass').length;",
      "console.log([result.exitCode, passed + '/' + runs.length, result.records().length].join(' '));",
    ].join('\n');
    await writeFile(join(dir, 'evaluate.mjs'), `${script}\n`);
    const { code, out } = await shell(dir, 'node evaluate.mjs');
    expect([code, out.trim()], out).toEqual([0, '0 3/3 1']);
    expect(readFileSync(join(dir, 'reports', 'api.xml'), 'utf8')).toContain('<testsuite');
  });
});

/** A library installed alone: types, import and require, and its closure. */
function libraryAlone(name: string, body: string, printed: string) {
  describe.runIf(enabled)(`${name} installed alone in a TypeScript project`, () => {
    let project: string;

    beforeAll(async () => {
      project = await installed(name);
      await writeLibraryProject(project, name, { body });
    });

    it('type-checks and runs as an ES module and through require()', async () => {
      await compile(project);
      const { esm, cjs } = await runCompiled(project);
      expect(esm).toBe(`import ${printed}`);
      expect(cjs).toBe(`require ${printed}`);
    });

    it('installs no native addon', () => {
      const closure = installClosure(project, name);
      report.push(describeClosure(name, closure));
      expect(closure.native).toEqual([]);
      // Only its own dependencies: nothing else of the toolkit came along.
      expect(closure.packages.filter((p) => p.startsWith('@nl2sql/'))).toEqual([name]);
    });
  });
}

libraryAlone(
  '@nl2sql/comparator',
  [
    "const gold = { columns: ['a', 'b'], rows: [['x', 1]] };",
    "const verdict = lib.compareLenient(gold, { columns: ['b', 'a'], rows: [[1, 'x']] });",
    'const pass: boolean = verdict.pass;',
    '// Compiled, never called: it fails to compile if the types are lost.',
    'export const misuse = () =>',
    '  // @ts-expect-error: columns are strings',
    '  lib.compareStrict({ columns: [1], rows: [] }, gold);',
    "const out = [pass, lib.formatVerdict(verdict)].join(' ');",
  ].join('\n'),
  'true PASS lenient (columns 1->2 2->1)',
);

libraryAlone(
  '@nl2sql/gate',
  [
    'const interval: { lower: number; upper: number } = lib.wilson(8, 10);',
    '// Compiled, never called: it fails to compile if the types are lost.',
    'export const misuse = () =>',
    '  // @ts-expect-error: counts are numbers',
    "  lib.wilson('8', 10);",
    "const out = [interval.lower.toFixed(3), interval.upper.toFixed(3), lib.mcnemarExact(0, 6).toFixed(4)].join(' ');",
  ].join('\n'),
  '0.490 0.943 0.0313',
);

describe.runIf(enabled)('@nl2sql/runner installed with only what it depends on', () => {
  it('loads as an ES module and installs no native addon and no wasm', async () => {
    const project = await installed('@nl2sql/runner');
    const loaded = await shell(
      project,
      `node --input-type=module -e "const r = await import('@nl2sql/runner'); console.log(typeof r.runEval)"`,
    );
    expect(loaded).toEqual({ code: 0, out: 'function\n' });
    const closure = installClosure(project, '@nl2sql/runner');
    report.push(describeClosure('@nl2sql/runner', closure));
    expect(closure.native).toEqual([]);
    expect(closure.packages).not.toContain('sqlite3');
    expect(closure.packages).not.toContain('@nl2sql/datasource-sqlite');
    expect(closure.packages).not.toContain('@nl2sql/testsuite');
    expect(closure.packages).not.toContain('@polyglot-sql/sdk');
    expect(closure.packages).not.toContain('@nl2sql/sqlcheck');
  });
});
