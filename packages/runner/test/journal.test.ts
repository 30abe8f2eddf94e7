import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  fromCaseRunRecord,
  Journal,
  type JournalHeader,
  RunnerError,
  readJournal,
} from '../src/index.js';
import { caseResultOf } from './case-result-fixture.js';
import { onTinyDisk, tinyDiskMissing } from './tiny-disk.js';

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
    const journal = new Journal(path, header, false);
    journal.append('plans', caseResultOf('a', { answer: 'AC/DC leads.', resultHead: head }));
    journal.close();
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

  it('reads lines of any length and any character across its read chunks (a 1 MiB chunk)', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'journal-')), 'run.jsonl');
    const j = new Journal(path, header, false);
    // Lines longer than a chunk, many short ones, and multi-byte characters that a chunk
    // boundary may cut in two.
    const sizes = [10, 1_500_000, 3, 700_000, 2_200_000, 1, 50];
    sizes.forEach((size, i) => {
      j.append('plans', caseResultOf(`c${i}`, { sql: `SELECT '${'é漢'.repeat(size)}'` }));
    });
    for (let i = 0; i < 2000; i++) j.append('plans', caseResultOf(`short${i}`));
    j.close();
    const read = readJournal(path);
    expect(read?.entries).toHaveLength(sizes.length + 2000);
    sizes.forEach((size, i) => {
      expect(read?.entries[i]?.record.sql).toBe(`SELECT '${'é漢'.repeat(size)}'`);
    });
    expect(read?.entries.at(-1)?.record.case_id).toBe('short1999');
  });

  it('a torn last line longer than a chunk is found and cut on resume', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'journal-')), 'run.jsonl');
    new Journal(path, header, false).close();
    writeFileSync(
      path,
      `${readFileSync(path, 'utf8')}{"type":"case","x":"${'y'.repeat(3_000_000)}`,
    );
    const again = new Journal(path, header, true);
    again.append('plans', caseResultOf('b'));
    again.close();
    expect(readJournal(path)?.entries.map((e) => e.record.case_id)).toEqual(['b']);
    expect(readFileSync(path, 'utf8').split('\n')).toHaveLength(3);
  });

  it('a closed journal refuses to write (a bug, not a lost line)', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'journal-')), 'run.jsonl');
    const j = new Journal(path, header, false);
    j.close();
    j.close();
    expect(() => j.append('plans', caseResultOf('a'))).toThrow(/written after it closed/);
  });

  it('no file is no journal', () => {
    expect(readJournal('/nonexistent/run.jsonl')).toBeNull();
  });
});

describe('journal on a full disk', () => {
  it('a journal that cannot write its header is JOURNAL_WRITE naming the file (/dev/full: ENOSPC)', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'journal-')), 'run.jsonl');
    symlinkSync('/dev/full', path);
    const error = (() => {
      try {
        new Journal(path, header, false);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(RunnerError);
    expect((error as RunnerError).code).toBe('JOURNAL_WRITE');
    expect((error as RunnerError).message).toBe(
      `journal ${path}: cannot write (ENOSPC: no space left on device, write)`,
    );
  });

  it.skipIf(tinyDiskMissing !== null)(
    'a line the disk cut short is cut off again: the file ends on its last whole line and resumes',
    () => {
      const dir = mkdtempSync(join(tmpdir(), 'journal-full-'));
      const disk = join(dir, 'disk');
      mkdirSync(disk);
      const fixture = fileURLToPath(new URL('./fixtures/journal-until-full.ts', import.meta.url));
      const out = join(dir, 'kept.jsonl');
      const ran = onTinyDisk(
        disk,
        8,
        `"$NODE" --conditions=@nl2sql/source --import tsx "$FIXTURE" "$DISK/run.jsonl"; cp "$DISK/run.jsonl" "$OUT"`,
        { NODE: process.execPath, FIXTURE: fixture, OUT: out },
      );
      expect(ran.stderr).toBe('');
      const thrown = JSON.parse(ran.stdout) as { written: number; code: string; message: string };
      expect(thrown.code).toBe('JOURNAL_WRITE');
      expect(thrown.message).toBe(
        `journal ${disk}/run.jsonl: cannot write (ENOSPC: no space left on device, write)`,
      );
      // 8 KiB holds a handful of lines; the one that did not fit left nothing behind.
      expect(thrown.written).toBeGreaterThan(3);
      const text = readFileSync(out, 'utf8');
      expect(text.endsWith('\n')).toBe(true);
      const read = readJournal(out);
      expect(read?.tornBytes).toBe(0);
      expect(read?.entries).toHaveLength(thrown.written);
      // And it resumes where it ended.
      const again = new Journal(out, header, true);
      again.append('plans', caseResultOf('after'));
      again.close();
      expect(readJournal(out)?.entries.at(-1)?.record.case_id).toBe('after');
    },
    60_000,
  );
});
