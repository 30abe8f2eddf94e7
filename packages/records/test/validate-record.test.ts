import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseRecord, RecordError, recordIssues, validateRecord } from '../src/index.js';
import { FIXTURE_FILES, fixture, tempDir } from './fixtures.js';

// biome-ignore lint/suspicious/noExplicitAny: tests break records in ways the type forbids
type Loose = any;
const loose = (name: keyof typeof FIXTURE_FILES): Loose => fixture(name);

function errorOf(run: () => unknown): RecordError {
  try {
    run();
  } catch (error) {
    if (error instanceof RecordError) return error;
    throw error;
  }
  throw new Error('expected a RecordError');
}

describe('validateRecord', () => {
  it('accepts every fixture record', () => {
    for (const name of Object.keys(FIXTURE_FILES) as (keyof typeof FIXTURE_FILES)[]) {
      expect(recordIssues(fixture(name)), name).toEqual([]);
    }
  });

  it('accepts the suspect count and harness times, and holds the count to the case records', () => {
    const record = loose('plansOld');
    const n = record.scoreboard.cases.length;
    record.metrics.harness_overhead = { p50_ms: 0.2, p95_ms: 1.5 };
    record.metrics.suspect = { count: 1, total: n, rate: 1 / n };
    record.scoreboard.cases[0].harness_ms = 0.2;
    record.scoreboard.cases[0].suspect = 'the gold reads Artist, but the SQL is a constant query';
    expect(recordIssues(record)).toEqual([]);
    record.scoreboard.cases[0].suspect = null;
    expect(recordIssues(record)).toEqual([
      {
        field: 'metrics.suspect',
        message: 'is 1, but the case records have 0 suspect case runs',
      },
    ]);
  });

  it('names the file and the field of a bad case status', () => {
    const record = loose('plansOld');
    record.scoreboard.cases[2].status = 'passed';
    const error = errorOf(() => validateRecord(record, 'benchmarks/plans/chinook/x.json'));
    expect(error.code).toBe('INVALID_RECORD');
    expect(error.file).toBe('benchmarks/plans/chinook/x.json');
    expect(error.field).toBe('scoreboard.cases[2].status');
    expect(error.message).toContain('benchmarks/plans/chinook/x.json');
    expect(error.message).toContain(
      'scoreboard.cases[2].status must be one of "pass", "fail", "error", got the string "passed"',
    );
  });

  it('reports a missing field, an unknown top-level field and a wrong type', () => {
    const record = loose('full');
    delete record.recorded_at;
    record.git_sha = 'abc';
    record.database.tables = '11';
    const fields = recordIssues(record).map((issue) => `${issue.field}: ${issue.message}`);
    expect(fields).toContain('recorded_at: is required');
    expect(fields).toContain('git_sha: is not a field of this object');
    expect(fields).toContain('database.tables: must be integer, got the string "11"');
  });

  it('rejects null for git_commit and git_dirty: unknown is spelt "unknown"', () => {
    const record = loose('plansOld');
    record.git_commit = null;
    record.git_dirty = null;
    const fields = recordIssues(record).map((issue) => issue.field);
    expect(fields).toEqual(['git_commit', 'git_dirty']);
    expect(
      recordIssues({ ...loose('plansOld'), git_commit: 'unknown', git_dirty: 'unknown' }),
    ).toEqual([]);
  });

  it('reads metrics by kind: retrieval metrics on a plans record are wrong', () => {
    const record = loose('plansOld');
    record.metrics = loose('retrieval').metrics;
    const fields = recordIssues(record).map((issue) => issue.field);
    expect(fields).toContain('metrics.accuracy');
    const retrieval = loose('retrieval');
    retrieval.metrics.retrieval.table_recall = 1.2;
    expect(recordIssues(retrieval)).toEqual([
      { field: 'metrics.retrieval.table_recall', message: 'must be at most 1, got 1.2' },
    ]);
  });

  it('says which field of a nullable object is wrong rather than "must be null"', () => {
    const record = loose('full');
    record.metrics.accuracy_generated = { count: 7, total: 8 };
    expect(recordIssues(record)).toEqual([
      { field: 'metrics.accuracy_generated.rate', message: 'is required' },
    ]);
    record.metrics.accuracy_generated = 'n/a';
    expect(recordIssues(record)[0]?.message).toBe('must be null or rate, got the string "n/a"');
  });

  it('refuses other record formats with the format named', () => {
    const record = loose('plansOld');
    record.schema = 1;
    expect(recordIssues(record)).toEqual([
      { field: 'schema', message: 'is record format 1; this reader reads format 2 only' },
    ]);
  });

  it('checks what a schema cannot: a real date, counts within totals, intervals', () => {
    const record = loose('plansNew');
    record.recorded_at = '2026-02-31T10:00:00Z';
    record.metrics.answerability.count = 7;
    record.metrics.accuracy.execution.strict.lower = 0.9;
    expect(recordIssues(record)).toEqual([
      { field: 'recorded_at', message: 'is not a real date and time: 2026-02-31T10:00:00Z' },
      { field: 'metrics.answerability.count', message: 'is 7, more than total 6' },
      {
        field: 'metrics.accuracy.execution.strict',
        message: 'interval [0.9, 0.9699] does not contain rate 0.8333',
      },
    ]);
  });

  it('holds the scoreboard to its case records: completed, stops, repeats, accuracy counts', () => {
    const record = loose('plansNew');
    record.scoreboard.cases.pop(); // chinook_044@viewer, a pass
    record.scoreboard.cases.push({ ...record.scoreboard.cases[0], status: 'fail' });
    record.scoreboard.planned_cases = 7;
    expect(recordIssues(record).map((i) => `${i.field}: ${i.message}`)).toEqual([
      'scoreboard.stopped: is null, but only 6 of 7 planned case runs completed',
      'scoreboard.cases[5]: repeats case chinook_001 as analyst in pass 1',
      'metrics.accuracy.execution.strict: is 5 of 6, but the case records have 4 of 6 passing',
    ]);
    record.scoreboard.cases.pop();
    record.scoreboard.planned_cases = 6;
    expect(recordIssues(record).map((i) => `${i.field}: ${i.message}`)).toEqual([
      'scoreboard.completed_cases: is 6, but scoreboard.cases holds 5 case runs',
      'metrics.accuracy.execution.strict: is 5 of 6, but the case records have 4 of 5 passing',
      'metrics.accuracy.execution.lenient: is 6 of 6, but the case records have 5 of 5 passing',
    ]);
  });

  it("names a retrieval record's config retrieval, or retrieval k=N in a sweep over k", () => {
    const record = loose('retrieval');
    record.config.name = 'retrieval k=8';
    expect(recordIssues(record)).toEqual([]);
    for (const name of ['retrieval k=0', 'retrieval k=', 'plans', 'retrieval k=8 x']) {
      record.config.name = name;
      expect(recordIssues(record).map((i) => i.field)).toEqual(['config.name']);
    }
  });

  it('requires retrieval cases to count the case records', () => {
    const record = loose('retrieval');
    record.metrics.retrieval.cases = 5;
    record.metrics.retrieval.perfect_tables = 3;
    expect(recordIssues(record).map((i) => i.field)).toEqual(['metrics.retrieval.cases']);
  });

  it('requires config name "retrieval" on a retrieval record', () => {
    const record = loose('retrieval');
    record.config.name = 'gpt-5.4';
    expect(recordIssues(record).map((i) => i.field)).toEqual(['config.name']);
  });
});

// The words and order users read in `nl2sql eval publish` and scripts match, captured from the
// hand-written interpreter records were checked by before the format was a TypeBox definition:
// the shared validator must say exactly the same.
describe('the messages records have always given', () => {
  const said = (record: unknown) => recordIssues(record).map((i) => `${i.field}: ${i.message}`);

  it('empty strings, patterns and lower bounds', () => {
    const record = loose('full');
    record.engine_version = '';
    record.git_commit = 'XYZ';
    record.database.datasource_id = '-x';
    record.metrics.tokens.output = -3;
    expect(said(record)).toEqual([
      'engine_version: must not be empty',
      'git_commit: must match ^([0-9a-f]{7,64}|unknown)$, got "XYZ"',
      'database.datasource_id: must match ^[A-Za-z0-9][A-Za-z0-9._-]*$, got "-x"',
      'metrics.tokens.output: must be at least 0, got -3',
    ]);
  });

  it('a value of the wrong type in a list of values: the values allowed, once', () => {
    const record = loose('full');
    record.kind = 5;
    record.scoreboard.cases[1].status = 3;
    record.git_dirty = 'maybe';
    record.note = 4;
    expect(said(record)).toEqual([
      'kind: must be one of "plans", "full", "retrieval", "engine", got number 5',
      'git_dirty: must be one of true, false, "unknown", got the string "maybe"',
      'note: must be string or null, got number 4',
      'scoreboard.cases[1].status: must be one of "pass", "fail", "error", got number 3',
    ]);
  });

  it('in file order: missing fields first, then fields as written, the metrics last', () => {
    const record = loose('full');
    record.metrics.dollars.total = 'x';
    delete record.dataset;
    record.zz = 1;
    record.scoreboard.settings.passes = 0;
    record.database = { extra: 1, ...record.database };
    expect(said(record)).toEqual([
      'dataset: is required',
      'database.extra: is not a field of this object',
      'scoreboard.settings.passes: must be at least 1, got 0',
      'zz: is not a field of this object',
      'metrics.dollars.total: must be number, got the string "x"',
    ]);
  });

  it('nullable values, lists with null and nested lists', () => {
    const record = loose('full');
    record.metrics.pass_k = 3;
    record.metrics.faithfulness.unfaithful = [{ case_id: '', role: 1, pass: 0 }];
    record.scoreboard.stopped = 'timeout';
    record.scoreboard.cases[0].generated_status = 'ok';
    expect(said(record)).toEqual([
      'scoreboard.stopped: must be one of "max_cost", "cancelled", null, got the string "timeout"',
      'scoreboard.cases[0].generated_status: must be one of "pass", "fail", "error", null, got the string "ok"',
      'metrics.pass_k: must be object or null, got number 3',
      'metrics.faithfulness.unfaithful[0].unsupported_numbers: is required',
      'metrics.faithfulness.unfaithful[0].unsupported_entities: is required',
      'metrics.faithfulness.unfaithful[0].case_id: must not be empty',
      'metrics.faithfulness.unfaithful[0].role: must be string or null, got number 1',
      'metrics.faithfulness.unfaithful[0].pass: must be at least 1, got 0',
    ]);
  });

  it('an engine record scored in mode retrieval is held to retrieval metrics', () => {
    const record = loose('retrieval');
    record.kind = 'engine';
    record.engine = { name: 'acme-sql', version: '2.3.1', models: null };
    record.scoreboard.settings.mode = 'retrieval';
    record.metrics.retrieval.routing = 'n/a';
    record.scoreboard.cases[0].role = '';
    expect(said(record)).toEqual([
      'scoreboard.cases[0].role: must not be empty',
      'metrics.retrieval.routing: must be null or rate, got the string "n/a"',
    ]);
  });
});

describe('parseRecord', () => {
  it('names the file on a JSON syntax error', () => {
    const error = errorOf(() => parseRecord('{"schema": 2,', 'benchmarks/plans/chinook/bad.json'));
    expect(error.code).toBe('INVALID_RECORD');
    expect(error.message).toMatch(/^benchmarks\/plans\/chinook\/bad\.json: not valid JSON: /);
  });

  it('round-trips a record file from disk', () => {
    const dir = tempDir();
    const file = join(dir, 'r.json');
    writeFileSync(file, JSON.stringify(fixture('retrieval')));
    expect(parseRecord(JSON.stringify(fixture('retrieval')), file)).toEqual(fixture('retrieval'));
  });
});

describe('recordIssues on arbitrary input', () => {
  it('property: never throws, and finds an issue in anything that is not a record', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(recordIssues(value).length).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
  });

  it('property: dropping any top-level field is reported at that field', () => {
    const keys = Object.keys(fixture('full'));
    fc.assert(
      fc.property(fc.constantFrom(...keys), (key) => {
        const record = loose('full');
        delete record[key];
        const issues = recordIssues(record);
        expect(issues[0]?.field).toBe(key);
      }),
    );
  });

  it('property: any case record field set to an object is reported at its path', () => {
    const fields = ['case_id', 'role', 'pass', 'status', 'lenient_status', 'sql', 'cost_usd'];
    fc.assert(
      fc.property(fc.nat(7), fc.constantFrom(...fields), (index, field) => {
        const record = loose('full');
        record.scoreboard.cases[index][field] = { oops: true };
        expect(recordIssues(record).map((i) => i.field)).toContain(
          `scoreboard.cases[${index}].${field}`,
        );
      }),
    );
  });
});
