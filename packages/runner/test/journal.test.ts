import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Journal, type JournalHeader, RunnerError, readJournal } from '../src/index.js';
import { caseResultOf } from './case-result-fixture.js';

const header: JournalHeader = {
  type: 'header',
  format: 3,
  mode: 'plans',
  suite_digest: 'd',
  configs: ['plans'],
  tasks_digest: 'p',
  engines: {},
  database: { datasource_id: null, schema_fingerprint: null, data_digest: null, row_counts: null },
  options: {},
};

describe('journal', () => {
  it('keeps every complete line, drops a torn last line, and truncates it on resume', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'journal-')), 'run.jsonl');
    const j = new Journal(path, header, false);
    j.append('plans', caseResultOf('a'));
    writeFileSync(path, `${readFileSync(path, 'utf8')}{"type":"case","conf`);
    expect(readJournal(path)?.entries.map((e) => e.record.case_id)).toEqual(['a']);
    const again = new Journal(path, header, true);
    again.append('plans', caseResultOf('b'));
    expect(readJournal(path)?.entries.map((e) => e.record.case_id)).toEqual(['a', 'b']);
  });

  it('a bad line in the middle is JOURNAL_CORRUPT', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'journal-')), 'run.jsonl');
    writeFileSync(path, `${JSON.stringify(header)}\nnot json\n{"type":"case"}\n`);
    expect(() => readJournal(path)).toThrow(RunnerError);
  });

  it('no file is no journal', () => {
    expect(readJournal('/nonexistent/run.jsonl')).toBeNull();
  });
});
