// BIRD's files as pairs: dev.json (question_id, db_id, question, evidence, SQL, difficulty)
// and dev_databases/<db_id>/<db_id>.sqlite. One datasource per db_id; the evidence is kept
// with the case (and sent to the system under test with the question, as BIRD's own
// runs do); the difficulty becomes the tag `difficulty:<level>`; row order never matters
// (BIRD compares result sets). Ids are `bird_<question_id>`, so a case names its BIRD
// question. Why: decisions/benchmark-import.md.

import { BenchmarkDatabases, type BenchmarkRead } from './benchmark-read.js';
import { jsonArrayRecords, readBenchmarkText } from './json-array-records.js';
import { Collector } from './read-pairs.js';

export interface BirdFiles {
  readonly questions: { readonly path: string; readonly shown: string };
  /** The folder holding <db_id>/<db_id>.sqlite (BIRD's dev_databases). */
  readonly dbDir: string;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Reads BIRD's dev.json; a record that is not a pair or names an unknown database is left out. */
export async function readBird(files: BirdFiles): Promise<BenchmarkRead> {
  const records = jsonArrayRecords(
    await readBenchmarkText(files.questions.path, files.questions.shown),
    files.questions.shown,
  );
  const into = new Collector(files.questions.shown);
  const databases = new BenchmarkDatabases(files.dbDir);
  for (const { value, line } of records) {
    if (!isObject(value)) {
      into.problem(line, 'not a BIRD record (db_id, question, SQL)');
      continue;
    }
    const { db_id: dbId, question, SQL: sql, evidence, difficulty, question_id: qid } = value;
    if (typeof dbId !== 'string') {
      into.problem(line, 'must be a string', ['db_id']);
      continue;
    }
    if (typeof sql !== 'string') {
      into.problem(line, 'must be a string (the gold SQL)', ['SQL']);
      continue;
    }
    if (qid !== undefined && !(Number.isInteger(qid) && (qid as number) >= 0)) {
      into.problem(line, 'must be a whole number', ['question_id']);
      continue;
    }
    if (evidence !== undefined && typeof evidence !== 'string') {
      into.problem(line, 'must be a string', ['evidence']);
      continue;
    }
    if (difficulty !== undefined && typeof difficulty !== 'string') {
      into.problem(line, 'must be a string (simple, moderate, challenging)', ['difficulty']);
      continue;
    }
    const problem = databases.problem(dbId);
    if (problem !== undefined) {
      into.problem(line, problem, ['db_id']);
      continue;
    }
    const evidenceText = typeof evidence === 'string' ? evidence.trim() : '';
    into.record(line, {
      ...(qid !== undefined ? { id: `bird_${qid}` } : {}),
      question: typeof question === 'string' ? question.trim() : question,
      sql,
      datasource: dbId,
      order_matters: false,
      ...(difficulty !== undefined && difficulty.trim() !== ''
        ? { tags: [`difficulty:${difficulty.trim()}`] }
        : {}),
      ...(evidenceText !== '' ? { evidence: evidenceText } : {}),
    });
  }
  return { pairs: into.pairs, problems: into.problems, databases: databases.list() };
}
