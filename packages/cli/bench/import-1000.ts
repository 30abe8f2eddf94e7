// The wall time of importing a 1,000-pair benchmark file, as a user runs it: a BIRD-style
// dev.json over two databases in dev_databases/<db_id>/<db_id>.sqlite, imported by the built
// binary into a folder without evals.yaml (so the project is written too), every pair's SQL
// run for its gold rows and read for its tables. Build first (`pnpm build`).
//   node --conditions=@nl2sql/source --import tsx bench/import-1000.ts [PAIRS]
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sqlite3 from 'sqlite3';

const bin = fileURLToPath(new URL('../dist/bundle/nl2sql.js', import.meta.url));
const usageHook = fileURLToPath(new URL('./report-usage.cjs', import.meta.url));
if (!existsSync(bin)) {
  console.error(`import bench: ${bin} is missing; run \`pnpm build\` first`);
  process.exit(1);
}
const pairs = Number(process.argv[2] ?? 1000);

async function database(file: string, statements: readonly string[]): Promise<void> {
  const db = new sqlite3.Database(file);
  for (const sql of statements)
    await new Promise<void>((resolve, reject) => db.run(sql, (e) => (e ? reject(e) : resolve())));
  await new Promise<void>((resolve) => db.close(() => resolve()));
}

const countries = ['France', 'Netherlands', 'United States', 'Japan', 'Brazil'];
const singers = Array.from(
  { length: 2000 },
  (_, i) => `(${i + 1}, 'Singer ${i + 1}', '${countries[i % 5]}', ${18 + (i % 60)})`,
);
const concerts = Array.from(
  { length: 5000 },
  (_, i) => `(${i + 1}, 'Concert ${i + 1}', ${1990 + (i % 35)}, ${(i % 2000) + 1})`,
);

/** The i-th pair: five shapes (filter, aggregate, join, group, order) over varying constants. */
function record(i: number) {
  const n = Math.floor(i / 5);
  const shapes = [
    [`How many singers are older than ${n}?`, `SELECT COUNT(*) FROM singer WHERE age > ${n}`],
    [
      `What is the average age of singers from ${countries[n % 5]} born after ${n}?`,
      `SELECT AVG(age) FROM singer WHERE country = '${countries[n % 5]}' AND singer_id > ${n}`,
    ],
    [
      `Which singers gave a concert in ${1990 + (n % 35)} (id below ${n + 10})?`,
      `SELECT DISTINCT s.name FROM singer AS s JOIN concert AS c ON c.singer_id = s.singer_id WHERE c.year = ${1990 + (n % 35)} AND s.singer_id < ${n + 10}`,
    ],
    [
      `How many concerts per year since ${1990 + (n % 30)}, for singers over ${n % 50}?`,
      `SELECT c.year, COUNT(*) FROM concert AS c JOIN singer AS s ON s.singer_id = c.singer_id WHERE c.year >= ${1990 + (n % 30)} AND s.age > ${n % 50} GROUP BY c.year`,
    ],
    [
      `The ${(n % 20) + 1} oldest singers with an id over ${n}?`,
      `SELECT name, age FROM singer WHERE singer_id > ${n} ORDER BY age DESC, singer_id LIMIT ${(n % 20) + 1}`,
    ],
  ] as const;
  const [question, sql] = shapes[i % 5] as readonly [string, string];
  return {
    question_id: i,
    db_id: i % 2 === 0 ? 'concerts_a' : 'concerts_b',
    question,
    evidence: i % 3 === 0 ? 'older than refers to age >' : '',
    SQL: sql,
    difficulty: ['simple', 'moderate', 'challenging'][i % 3],
  };
}

const dir = await mkdtemp(join(tmpdir(), 'nl2sql-import-bench-'));
try {
  for (const id of ['concerts_a', 'concerts_b']) {
    await mkdir(join(dir, 'dev_databases', id), { recursive: true });
    await database(join(dir, 'dev_databases', id, `${id}.sqlite`), [
      'CREATE TABLE singer (singer_id INTEGER PRIMARY KEY, name TEXT, country TEXT, age INTEGER)',
      `INSERT INTO singer VALUES ${singers.join(', ')}`,
      'CREATE TABLE concert (concert_id INTEGER PRIMARY KEY, concert_name TEXT, year INTEGER, singer_id INTEGER)',
      `INSERT INTO concert VALUES ${concerts.join(', ')}`,
    ]);
  }
  const records = Array.from({ length: pairs }, (_, i) => record(i));
  await writeFile(
    join(dir, 'dev.json'),
    `[\n${records.map((r) => JSON.stringify(r)).join(',\n')}\n]\n`,
  );
  const started = performance.now();
  const r = spawnSync(
    process.execPath,
    [
      '--require',
      usageHook,
      bin,
      'suite',
      'import',
      '--format',
      'bird',
      'dev.json',
      '--db-dir',
      'dev_databases',
    ],
    { cwd: dir, encoding: 'utf8' },
  );
  const ms = performance.now() - started;
  if (r.status !== 0)
    throw new Error(`suite import exited ${r.status}: ${r.stderr.slice(0, 2000)}`);
  const rss = /maxrss (\d+)/.exec(r.stderr);
  console.log(r.stdout.split('\n')[0]);
  console.log(
    `nl2sql suite import --format bird, ${pairs} pairs over 2 databases: ${(ms / 1000).toFixed(2)} s wall, ${(ms / pairs).toFixed(2)} ms per pair, peak RSS ${rss ? (Number(rss[1]) / 1024).toFixed(0) : '?'} MB`,
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
