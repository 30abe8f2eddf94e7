// Spider's files as pairs: dev.json (db_id, question, query), tables.json (each database's
// tables) and database/<db_id>/<db_id>.sqlite. One datasource per db_id; row order matters
// exactly when the gold has a top-level ORDER BY, as Spider's execution match decides it
// (an ORDER BY in a subquery does not order the result). Spider has no ids: each case gets
// the generated one (case-id.ts). Why: decisions/benchmark-import.md.

import { hasTopLevelOrderBy } from '@nl2sql/comparator';
import { BenchmarkDatabases, type BenchmarkRead } from './benchmark-read.js';
import { jsonArrayRecords, readBenchmarkText } from './json-array-records.js';
import { PairsFileError } from './pairs-file-error.js';
import { Collector } from './read-pairs.js';

export interface SpiderFiles {
  /** dev.json (or train_spider.json): the path to read and the name to report. */
  readonly questions: { readonly path: string; readonly shown: string };
  readonly tables: { readonly path: string; readonly shown: string };
  /** The folder holding <db_id>/<db_id>.sqlite. */
  readonly dbDir: string;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Each database of tables.json -> its table names (original spelling). */
async function readSpiderTables(file: SpiderFiles['tables']): Promise<Map<string, string[]>> {
  const tables = new Map<string, string[]>();
  for (const { value, line } of jsonArrayRecords(
    await readBenchmarkText(file.path, file.shown),
    file.shown,
  )) {
    const names = isObject(value) ? value.table_names_original : undefined;
    if (
      !isObject(value) ||
      typeof value.db_id !== 'string' ||
      !Array.isArray(names) ||
      !names.every((n) => typeof n === 'string')
    )
      throw new PairsFileError(
        'PAIRS_FORMAT',
        'a tables.json record has db_id and table_names_original (a list of names)',
        file.shown,
        line,
      );
    tables.set(value.db_id, names as string[]);
  }
  return tables;
}

/** Reads Spider's files; a record that is not a pair or names an unknown database is left out. */
export async function readSpider(files: SpiderFiles): Promise<BenchmarkRead> {
  const tables = await readSpiderTables(files.tables);
  const records = jsonArrayRecords(
    await readBenchmarkText(files.questions.path, files.questions.shown),
    files.questions.shown,
  );
  const into = new Collector(files.questions.shown);
  const databases = new BenchmarkDatabases(files.dbDir);
  for (const { value, line } of records) {
    if (!isObject(value)) {
      into.problem(line, 'not a Spider record (db_id, question, query)');
      continue;
    }
    const { db_id: dbId, question, query } = value;
    if (typeof dbId !== 'string') {
      into.problem(line, 'must be a string', ['db_id']);
      continue;
    }
    if (typeof query !== 'string') {
      into.problem(line, 'must be a string (the gold SQL)', ['query']);
      continue;
    }
    const problem = databases.problem(
      dbId,
      () => (tables.has(dbId) ? undefined : `db_id ${dbId} is not in ${files.tables.shown}`),
      tables.get(dbId) ?? [],
    );
    if (problem !== undefined) {
      into.problem(line, problem, ['db_id']);
      continue;
    }
    into.record(line, {
      question: typeof question === 'string' ? question.trim() : question,
      sql: query,
      datasource: dbId,
      order_matters: hasTopLevelOrderBy(query),
    });
  }
  return { pairs: into.pairs, problems: into.problems, databases: databases.list() };
}
