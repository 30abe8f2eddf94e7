import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  fromCaseRunRecord,
  Journal,
  type JournalHeader,
  RunnerError,
  readJournal,
} from '../src/index.js';
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

  it("keeps each case run's answer and first rows, so a resumed run's report shows them; older lines read as none", () => {
    const path = join(mkdtempSync(join(tmpdir(), 'journal-')), 'run.jsonl');
    const head = { columns: ['Name'], rows: [['AC/DC']], truncated: true };
    new Journal(path, header, false).append(
      'plans',
      caseResultOf('a', { answer: 'AC/DC leads.', resultHead: head }),
    );
    const [entry] = readJournal(path)?.entries ?? [];
    expect(fromCaseRunRecord(entry!.record)).toMatchObject({
      answer: 'AC/DC leads.',
      resultHead: head,
    });
    // A line written before answers were journalled.
    const { answer: _a, result: _r, ...older } = entry!.record as Record<string, unknown>;
    writeFileSync(
      path,
      `${JSON.stringify(header)}
${JSON.stringify({ type: 'case', config: 'plans', record: older })}
`,
    );
    const [old] = readJournal(path)?.entries ?? [];
    expect(fromCaseRunRecord(old!.record)).toMatchObject({ answer: null, resultHead: null });
  });

  it('no file is no journal', () => {
    expect(readJournal('/nonexistent/run.jsonl')).toBeNull();
  });
});
