// `eval run` with several reporters at once, on Chinook: the board, JUnit XML, GitHub
// annotations and job summary, and the HTML page from one run; colour by NO_COLOR and
// FORCE_COLOR; exit codes as without reporters.

import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { chinookForTests } from '@nl2sql/datasets';
import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, test } from 'vitest';
import { EXIT, main } from '../src/index.js';
import { errorReply, startEngineServer } from './engine-server.js';
import { captureIo } from './io-capture.js';

const chinook = await chinookForTests();
const noChinook = chinook.path === undefined;
const SUITE = new URL('../../datasets/suites/chinook.yaml', import.meta.url).pathname;
const REPO = new URL('../../../', import.meta.url).pathname.replace(/\/$/, '');
const RED = '\u001b[31m';

describe.skipIf(noChinook)('nl2sql eval run with reporters', () => {
  test('text, junit, github and --report at once: the board, the XML, annotations, the summary and the page', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nl2sql-reporters-'));
    const summary = join(dir, 'summary.md');
    const c = captureIo({
      cwd: dir,
      env: { GITHUB_STEP_SUMMARY: summary, GITHUB_WORKSPACE: REPO },
    });
    const code = await main(
      [
        'eval',
        'run',
        '--cases',
        'chinook_001,chinook_002',
        '--reporter',
        'text',
        '--reporter',
        'junit=out/junit.xml',
        '--reporter',
        'github',
        '--report',
        'out/report.html',
      ],
      c.io,
    );
    expect(code).toBe(EXIT.ok);
    expect(c.out()).toMatch(/case runs\s+6\/6/);
    // Nothing failed, so no annotation.
    expect(c.out()).not.toContain('::');
    const xml = readFileSync(join(dir, 'out/junit.xml'), 'utf8');
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).toContain('tests="6" failures="0" errors="0" skipped="0"');
    expect(xml).toContain('<testcase classname="chinook.yaml" name="chinook_001 as admin" time="');
    expect(xml).toContain('file="packages/datasets/suites/chinook.yaml" line="');
    expect(readFileSync(summary, 'utf8')).toContain('| case runs | 6/6 |');
    expect(readFileSync(join(dir, 'out/report.html'), 'utf8')).toContain('chinook_002');
    expect(c.err()).toContain(`wrote ${join(dir, 'out/report.html')} (6 case runs`);
  }, 120_000);

  test("an external engine's failures: JUnit errors and GitHub warnings at the case's line, the exit code as without reporters", async () => {
    const engine = await startEngineServer(errorReply('not implemented, 100%\nreally'));
    try {
      const dir = mkdtempSync(join(tmpdir(), 'nl2sql-reporters-'));
      const c = captureIo({ cwd: dir, env: { GITHUB_WORKSPACE: REPO } });
      const code = await main(
        [
          'eval',
          'run',
          '--cases',
          'chinook_003',
          '--engine',
          engine.url,
          '--reporter',
          'github',
          '--reporter',
          'junit=junit.xml',
        ],
        c.io,
      );
      // Every ask an engine error: nothing was scored, exit 3 with or without reporters.
      expect(code).toBe(EXIT.config);
      const line = suiteLine('chinook_003');
      expect(c.out()).toContain(
        `::warning file=packages/datasets/suites/chinook.yaml,line=${line},title=nl2sql%3A case chinook_003 failed::chinook_003 as admin: error: expected allowed, the engine answered INTERNAL_ERROR: not implemented, 100%25%0Areally`,
      );
      // Reporters replace the board: no text reporter was asked for.
      expect(c.out()).not.toContain('measure');
      expect(c.err()).toContain('$GITHUB_STEP_SUMMARY is not set');
      const xml = readFileSync(join(dir, 'junit.xml'), 'utf8');
      expect(xml).toMatch(/errors="[1-9]/);
      expect(xml).toContain(
        '<error message="INTERNAL_ERROR: not implemented, 100%&#10;really" type="INTERNAL_ERROR">',
      );
    } finally {
      await engine.close();
    }
  }, 60_000);

  test('colour: FORCE_COLOR colours a piped board, NO_COLOR keeps a terminal plain', async () => {
    const engine = await startEngineServer(errorReply('nope'));
    try {
      const args = [
        'eval',
        'run',
        '--cases',
        'chinook_003',
        '--roles',
        'admin',
        '--engine',
        engine.url,
      ];
      const forced = captureIo({ env: { FORCE_COLOR: '1' }, isTty: false });
      // Every ask an engine error: nothing was scored (exit 3), coloured or not.
      expect(await main(args, forced.io)).toBe(EXIT.config);
      expect(forced.out()).toContain(`chinook_003 as admin: ${RED}error`);
      // Progress on stderr too (not a terminal, so one plain line per case run).
      expect(forced.err()).toContain(`chinook_003 admin ${RED}error`);
      const plain = captureIo({ env: { NO_COLOR: '1' }, isTty: true });
      expect(await main(args, plain.io)).toBe(EXIT.config);
      expect(plain.out()).not.toContain('\u001b[');
      expect(plain.err()).not.toContain('\u001b[');
      expect(stripVTControlCharacters(forced.out()).split('\n').slice(0, 3)).toEqual(
        plain.out().split('\n').slice(0, 3),
      );
      const off = captureIo({ env: {}, isTty: false });
      expect(await main(args, off.io)).toBe(EXIT.config);
      expect(off.out()).not.toContain('\u001b[');
    } finally {
      await engine.close();
    }
  }, 60_000);

  test('bad reporter options are refused before anything runs: exit 2 for usage, 3 for a file that cannot be', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nl2sql-reporters-'));
    mkdirSync(join(dir, 'taken'));
    const usage = captureIo({ cwd: dir });
    expect(await main(['eval', 'run', '--reporter', 'xml'], usage.io)).toBe(EXIT.usage);
    expect(usage.err()).toContain('--reporter must be one of text, json[=FILE], junit=FILE');
    const both = captureIo({ cwd: dir });
    expect(await main(['eval', 'run', '--json', '--reporter', 'github'], both.io)).toBe(EXIT.usage);
    const folder = captureIo({ cwd: dir });
    expect(await main(['eval', 'run', '--reporter', 'junit=taken'], folder.io)).toBe(EXIT.config);
    expect(folder.err()).toContain('is a folder, not a file');
    expect(folder.err()).not.toContain('[1/');
  });
});

/** The line a case starts on in the Chinook suite. */
function suiteLine(id: string): number {
  const lines = readFileSync(SUITE, 'utf8').split('\n');
  return lines.indexOf(`  - id: ${id}`) + 1;
}
