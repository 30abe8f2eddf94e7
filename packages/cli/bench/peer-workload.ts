// One set of (gold, prediction) pairs on one SQLite database, written in each scorer's own
// layout: a JSONL predictions file for `nl2sql eval run --predictions`, BIRD's predict JSON
// plus gold .sql and difficulty JSONL, Spider's gold and pred files. Both peers read
// <dbs>/<db_id>/<db_id>.sqlite; Spider's test suite is every .sqlite in that folder, so it
// holds the one file only.
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface BenchPair {
  id: string;
  question: string;
  gold: string;
  prediction: string;
  /** What the prediction is: the gold itself, or which mutation of it. */
  kind: string;
}

export interface Workload {
  name: string;
  dbId: string;
  dbFile: string;
  pairs: BenchPair[];
}

/** SQL on one line (both peers read one pair per line; tabs separate their fields). */
export function oneLine(sql: string): string {
  return sql.replace(/\s+/g, ' ').trim().replace(/;$/, '');
}

/** Where each scorer's files are. */
export interface WorkloadFiles {
  dir: string;
  dbs: string;
  predictionsJsonl: string;
  bird: { predicted: string; gold: string; difficulty: string };
  spider: { gold: string; pred: string };
}

export function writeWorkload(dir: string, w: Workload): WorkloadFiles {
  const dbs = join(dir, 'dbs');
  mkdirSync(join(dbs, w.dbId), { recursive: true });
  symlinkSync(w.dbFile, join(dbs, w.dbId, `${w.dbId}.sqlite`));
  const files: WorkloadFiles = {
    dir,
    dbs,
    predictionsJsonl: join(dir, 'predictions.jsonl'),
    bird: {
      predicted: join(dir, 'predict_dev.json'),
      gold: join(dir, 'dev_gold.sql'),
      difficulty: join(dir, 'dev.jsonl'),
    },
    spider: { gold: join(dir, 'gold.txt'), pred: join(dir, 'pred.txt') },
  };
  const lines = (f: (p: BenchPair, i: number) => string) => `${w.pairs.map(f).join('\n')}\n`;
  writeFileSync(
    files.predictionsJsonl,
    lines((p) => JSON.stringify({ id: p.id, sql: p.prediction })),
  );
  writeFileSync(
    files.bird.predicted,
    JSON.stringify(
      Object.fromEntries(
        w.pairs.map((p, i) => [String(i), `${p.prediction}\t----- bird -----\t${w.dbId}`]),
      ),
      null,
      4,
    ),
  );
  writeFileSync(
    files.bird.gold,
    lines((p) => `${p.gold}\t${w.dbId}`),
  );
  // evaluation_ex.py divides by each level's count, so every level must occur.
  const levels = ['simple', 'moderate', 'challenging'];
  writeFileSync(
    files.bird.difficulty,
    lines((_p, i) => JSON.stringify({ question_id: i, db_id: w.dbId, difficulty: levels[i % 3] })),
  );
  // A blank line ends a session: one pair per session, as in Spider.
  writeFileSync(files.spider.gold, w.pairs.map((p) => `${p.gold}\t${w.dbId}\n\n`).join(''));
  writeFileSync(files.spider.pred, w.pairs.map((p) => `${p.prediction}\n\n`).join(''));
  return files;
}

/** evaluation_ex.py's arguments for these files (its own defaults: 1 CPU, 30 s timeout). */
export function birdArgs(f: WorkloadFiles, cpus: number): string[] {
  return [
    ...['--predicted_sql_path', f.bird.predicted, '--ground_truth_path', f.bird.gold],
    ...['--db_root_path', `${f.dbs}/`, '--diff_json_path', f.bird.difficulty],
    ...[
      '--num_cpus',
      String(cpus),
      '--sql_dialect',
      'SQLite',
      '--output_log_path',
      join(f.dir, 'bird.log'),
    ],
  ];
}

/** evaluation.py --etype exec's arguments for these files. */
export function spiderArgs(f: WorkloadFiles): string[] {
  return ['--gold', f.spider.gold, '--pred', f.spider.pred, '--db', f.dbs, '--etype', 'exec'];
}

// Wrong predictions: small edits a model makes, each keeping the SQL runnable except the
// last. Tried in turn from `start` until one changes the text.
const MUTATIONS: ReadonlyArray<[string, (sql: string) => string]> = [
  [
    'order flipped',
    (s) => s.replace(/\b(ASC|DESC)\b/i, (m) => (m.toUpperCase() === 'ASC' ? 'DESC' : 'ASC')),
  ],
  ['constant changed', (s) => s.replace(/(?<![\w.'])(\d+)(?![\w.])/, (m) => String(Number(m) + 1))],
  [
    'DISTINCT added',
    (s) => (/^SELECT DISTINCT\b/i.test(s) ? s : s.replace(/^SELECT\b/i, 'SELECT DISTINCT')),
  ],
  ['limit dropped', (s) => s.replace(/\s+LIMIT\s+\d+(\s+OFFSET\s+\d+)?\s*$/i, '')],
  ['syntax error', (s) => s.replace(/^SELECT\b/i, 'SELEC')],
];

/** Mutation number `n` (cycling) of `gold`, or the next one that changes it. */
export function mutate(gold: string, n: number): { sql: string; kind: string } {
  for (let k = 0; k < MUTATIONS.length; k++) {
    const [kind, edit] = MUTATIONS[(n + k) % MUTATIONS.length] as [string, (s: string) => string];
    const sql = edit(gold);
    if (sql !== gold) return { sql, kind };
  }
  return { sql: `${gold} LIMIT 0`, kind: 'emptied' };
}
