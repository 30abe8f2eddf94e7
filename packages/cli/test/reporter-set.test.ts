import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { CliError } from '../src/cli-error.js';
import { runRedactor } from '../src/eval/run-secrets.js';
import { EXIT } from '../src/exit-codes.js';
import { reportersFor } from '../src/reporters/reporter-set.js';
import { captureIo } from './io-capture.js';
import { board, caseRun, failingRun, outcomeOf, runReport } from './reporter-fixture.js';

const report = () =>
  runReport([
    board('plans', [caseRun('artists', 'admin'), failingRun('albums', 'admin', 'off by one')]),
  ]);

describe('reportersFor: several reporters at once', () => {
  test('text, junit, github and json=FILE together: each writes its own output, in the order asked', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nl2sql-reporters-'));
    const summary = join(dir, 'summary.md');
    const c = captureIo({ cwd: dir, env: { GITHUB_STEP_SUMMARY: summary } });
    const reporting = reportersFor(
      { reporter: ['text', 'junit=out/junit.xml', 'github', 'json=out/run.json'] },
      c.io,
      runRedactor({}),
    );
    expect(reporting.reporters.map((r) => r.name)).toEqual([
      'text',
      `junit=${join(dir, 'out/junit.xml')}`,
      'github',
      `json=${join(dir, 'out/run.json')}`,
    ]);
    expect(await reporting.finish(outcomeOf(report()))).toBe(true);
    const out = c.out();
    // The board first, then the annotations.
    expect(out.indexOf('albums as admin: fail: off by one')).toBeLessThan(out.indexOf('::error '));
    expect(readFileSync(join(dir, 'out/junit.xml'), 'utf8')).toContain('failures="1"');
    expect(readFileSync(summary, 'utf8')).toContain('| albums as admin | fail | off by one |');
    const json = JSON.parse(readFileSync(join(dir, 'out/run.json'), 'utf8'));
    expect(json.report.configs[0].cases[1]).toMatchObject({ case_id: 'albums', status: 'fail' });
    expect(json.gate).toBeNull();
  });

  test('an output that can never be written is exit 3 before the run: a folder, or a path through a file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'nl2sql-reporters-'));
    mkdirSync(join(dir, 'junit.xml'));
    writeFileSync(join(dir, 'file'), 'x');
    const c = captureIo({ cwd: dir });
    for (const reporter of ['junit=junit.xml', 'html=file/deeper/report.html']) {
      try {
        reportersFor({ reporter: ['text', reporter] }, c.io, runRedactor({}));
        throw new Error('expected a configuration error');
      } catch (error) {
        expect(error).toBeInstanceOf(CliError);
        expect((error as CliError).exitCode).toBe(EXIT.config);
      }
    }
  });

  test('a reporter that cannot write says so and the others still report; finish resolves false', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nl2sql-reporters-'));
    const c = captureIo({ cwd: dir });
    const reporting = reportersFor(
      { reporter: ['junit=late/junit.xml', 'text'] },
      c.io,
      runRedactor({}),
    );
    // The folder becomes a file after the check, as another process might do.
    writeFileSync(join(dir, 'late'), 'not a folder');
    expect(await reporting.finish(outcomeOf(report()))).toBe(false);
    expect(c.err()).toMatch(/^nl2sql: --reporter junit=.*late\/junit.xml: /);
    expect(c.out()).toContain('albums as admin: fail');
    expect(existsSync(join(dir, 'late/junit.xml'))).toBe(false);
  });

  test('secrets a run holds are masked in the files reporters write', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nl2sql-reporters-'));
    const c = captureIo({ cwd: dir });
    const secret = 'sk-test-SECRET-value-0042';
    const reporting = reportersFor(
      { reporter: ['junit=j.xml'] },
      c.io,
      runRedactor({ OPENAI_API_KEY: secret }),
    );
    const leaky = runReport([
      board('plans', [failingRun('albums', 'admin', `HTTP 401: key ${secret}`)]),
    ]);
    await reporting.finish(outcomeOf(leaky));
    const xml = readFileSync(join(dir, 'j.xml'), 'utf8');
    expect(xml).not.toContain(secret);
    expect(xml).toContain('HTTP 401: key [redacted]');
  });
});

describe('the board on GitHub Actions', () => {
  test('is printed with workflow commands stopped, so engine text cannot forge one; annotations after it still work', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nl2sql-reporters-'));
    const c = captureIo({ cwd: dir, env: { GITHUB_ACTIONS: 'true' } });
    const forged = 'expected 1 row\n::error file=README.md,line=1::forged by the engine';
    const reporting = reportersFor({ reporter: ['text', 'github'] }, c.io, runRedactor({}));
    await reporting.finish(
      outcomeOf(runReport([board('plans', [failingRun('albums', 'admin', forged)])])),
    );
    const lines = c.out().split('\n');
    const stop = lines.findIndex((l) => l.startsWith('::stop-commands::'));
    const token = lines[stop]?.slice('::stop-commands::'.length) ?? '';
    expect(token).toMatch(/^[0-9a-f-]{36}$/);
    const resume = lines.indexOf(`::${token}::`);
    const forgedAt = lines.indexOf('::error file=README.md,line=1::forged by the engine');
    // The forged line is inside the stopped region; the real annotation comes after it.
    expect(stop).toBeLessThan(forgedAt);
    expect(forgedAt).toBeLessThan(resume);
    expect(lines.slice(resume + 1).join('\n')).toMatch(
      /^::error file=.*,title=nl2sql%3A case albums failed::/,
    );
    // Off GitHub Actions the board is printed as is.
    const plain = captureIo({ cwd: dir });
    await reportersFor({}, plain.io, runRedactor({})).finish(
      outcomeOf(runReport([board('plans', [caseRun('albums', 'admin')])])),
    );
    expect(plain.out()).not.toContain('::');
  });
});
