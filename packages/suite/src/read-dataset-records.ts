// Dataset records (spec 001 §12) as pairs: the first gold_sql is the case's sql, the others
// its alternatives (alt_sql),
// gold_result_ordered its order_matters, tags `{difficulty: medium}` become `difficulty:medium`,
// as_of_date and notes are kept; role, expected_behavior and gold_tables are claims import
// checks against the policy and the SQL's read set (PairExpectation), never copied.
// Why: decisions/benchmark-import.md.

import { extname } from 'node:path';
import { mostSpecificIssue } from '@nl2sql/format';
import { DATASET_RECORD_FORMAT, type DatasetRecord } from './dataset-record.js';
import { readBenchmarkText } from './json-array-records.js';
import { PairsFileError } from './pairs-file-error.js';
import {
  Collector,
  type PairExpectation,
  type PairFileFormat,
  parsePairs,
  type ReadPairsResult,
} from './read-pairs.js';

/** A record as a pair and its expectation, or why it cannot be one. */
export function recordPair(
  record: DatasetRecord,
): { pair: Record<string, unknown>; expect: PairExpectation } | { problem: string; field: string } {
  const golds = typeof record.gold_sql === 'string' ? [record.gold_sql] : record.gold_sql;
  const behavior = record.expected_behavior ?? 'answer';
  // A clarify case needs its reason (lint's clarify-reason rule): the record's notes say it.
  if (behavior === 'clarify' && (record.notes === undefined || record.notes.trim() === ''))
    return {
      field: 'notes',
      problem:
        "expected_behavior clarify needs notes saying why the question is ambiguous (they become the case's clarify_reason)",
    };
  if (behavior === 'refuse' && record.role === undefined)
    return { field: 'role', problem: 'expected_behavior refuse needs the role that is refused' };
  const tags = Array.isArray(record.tags)
    ? record.tags
    : Object.entries(record.tags ?? {}).map(([key, value]) => `${key}:${String(value)}`);
  const pair: Record<string, unknown> = {
    ...(record.id !== undefined ? { id: record.id } : {}),
    question: record.question,
    sql: golds[0],
    // The other golds are accepted answers, run and read as the pair format's alt_sql.
    ...(golds.length > 1 ? { alt_sql: golds.slice(1) } : {}),
    ...(tags.length > 0 ? { tags } : {}),
    order_matters: record.gold_result_ordered ?? false,
    ...(record.datasource !== undefined ? { datasource: record.datasource } : {}),
    ...(record.evidence !== undefined ? { evidence: record.evidence } : {}),
    ...(record.instructions !== undefined ? { instructions: record.instructions } : {}),
    ...(record.as_of_date !== undefined ? { as_of_date: record.as_of_date } : {}),
    ...(record.notes !== undefined ? { notes: record.notes } : {}),
  };
  return {
    pair,
    expect: {
      ...(record.role !== undefined ? { role: record.role } : {}),
      behavior,
      ...(record.gold_tables !== undefined ? { tables: record.gold_tables } : {}),
    },
  };
}

/** Checks each record against the dataset format, then the pair it makes against the pairs'. */
class DatasetCollector extends Collector {
  override record(line: number, value: unknown): void {
    if (!DATASET_RECORD_FORMAT.check(value)) {
      const issue = mostSpecificIssue(DATASET_RECORD_FORMAT.issues(value));
      this.problem(line, issue?.message ?? 'not a dataset record', [...(issue?.path ?? [])]);
      return;
    }
    const made = recordPair(value);
    if ('problem' in made) {
      this.problem(line, made.problem, [made.field]);
      return;
    }
    const before = this.pairs.length;
    super.record(line, made.pair);
    const located = this.pairs[before];
    if (located !== undefined) this.pairs[before] = { ...located, expect: made.expect };
  }
}

const FORMATS: Readonly<Record<string, PairFileFormat>> = {
  '.jsonl': 'jsonl',
  '.ndjson': 'jsonl',
  '.yaml': 'yaml',
  '.yml': 'yaml',
};

/** Reads a file of dataset records, JSONL or a YAML list (told by the extension). */
export async function readDatasetRecords(path: string, file = path): Promise<ReadPairsResult> {
  const format = FORMATS[extname(path).toLowerCase()];
  if (format === undefined)
    throw new PairsFileError(
      'PAIRS_FORMAT',
      `dataset records are JSONL or a YAML list; use ${Object.keys(FORMATS).join(', ')}`,
      file,
    );
  const text = await readBenchmarkText(path, file);
  return parsePairs(text, file, format, new DatasetCollector(file));
}
