import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { annotations, githubReporter, MAX_CASE_ANNOTATIONS } from '@nl2sql/reporters';
import { describe, expect, test } from 'vitest';
import { runRedactor } from '../src/eval/run-secrets.js';
import { captureIo } from './io-capture.js';
import {
  board,
  caseRun,
  erroredRun,
  failingRun,
  gated,
  HOSTILE,
  outcomeOf,
  runReport,
} from './reporter-fixture.js';

describe('annotations', () => {
  test('one per failing case at its line in the suite, listing its failing runs; errors in mode plans', () => {
    const report = runReport([
      board('plans', [
        caseRun('artists', 'admin'),
        failingRun('albums', 'admin', 'expected 347, got 346'),
        erroredRun('albums', 'sales', 'no answer within 120000 ms'),
      ]),
    ]);
    // In the message only %, CR and LF are escaped; in properties `:` and `,` too.
    expect(annotations(outcomeOf(report), 'suites/shop.yaml')).toEqual([
      '::error file=suites/shop.yaml,line=19,title=nl2sql%3A case albums failed::' +
        'albums as admin: fail: expected 347, got 346' +
        '%0Aalbums as sales: error: the ask failed: TIMEOUT: no answer within 120000 ms',
    ]);
  });

  test("a model's or an external engine's failures are warnings (they are its score, not a failed job)", () => {
    const report = runReport([
      board('ext', [failingRun('artists', 'admin', 'wrong')], { kind: 'engine' }),
    ]);
    const [line] = annotations(outcomeOf(report), 'suites/shop.yaml');
    expect(line).toMatch(
      /^::warning file=suites\/shop.yaml,line=4,title=nl2sql%3A case artists failed::/,
    );
  });

  test('several configs name the config; a case the suite does not place has no line', () => {
    const report = runReport([
      board('gpt', [failingRun('artists', 'admin', 'x')]),
      board('mini', [failingRun('ghost', 'admin', 'y')]),
    ]);
    const lines = annotations(outcomeOf(report), 'suites/shop.yaml');
    expect(lines[0]).toContain('title=nl2sql%3A case artists failed (config gpt)');
    expect(lines[1]).toMatch(/^::error file=suites\/shop.yaml,title=/);
  });

  test(`at most ${MAX_CASE_ANNOTATIONS} cases are annotated; the rest are counted in one notice`, () => {
    const runs = Array.from({ length: MAX_CASE_ANNOTATIONS + 7 }, (_, i) =>
      failingRun(`case_${i}`, 'admin', 'wrong'),
    );
    const lines = annotations(outcomeOf(runReport([board('plans', runs)])), 'suites/shop.yaml');
    expect(lines.filter((l) => l.startsWith('::error'))).toHaveLength(MAX_CASE_ANNOTATIONS);
    expect(lines.at(-1)).toMatch(
      /^::notice title=nl2sql%3A more failing cases::7 more failing case/,
    );
  });

  test('a failing gate is an error per failing check; a partial run one more; a stopped run a warning', () => {
    const baseline = runReport([
      board('plans', [caseRun('artists', 'admin'), caseRun('albums', 'admin')]),
    ]);
    const current = runReport([board('plans', [failingRun('artists', 'admin', 'wrong')])]);
    const lines = annotations(outcomeOf(current, gated(baseline, current)), 'suites/shop.yaml');
    expect(lines).toContain(
      '::error title=nl2sql gate%3A max_regressions failed::plans (execution): 1 case(s) went pass -> fail (artists@admin), more than max_regressions 0; 1 baseline case(s) missing from the current run were not compared',
    );
    expect(lines.at(-1)).toBe(
      '::error title=nl2sql gate%3A partial run (config plans)::1 baseline case run(s) were not run: albums as admin',
    );
    const stopped = runReport([board('plans', [caseRun('artists', 'admin')])], {
      stopped: 'cancelled',
      plannedCases: 4,
    });
    expect(annotations(outcomeOf(stopped), 'x')).toEqual([
      '::warning title=nl2sql%3A run stopped (cancelled)::1 of 4 case runs completed; a stopped run is never gated',
    ]);
  });

  test('hostile case ids, roles and explanations cannot start a second command or break a property', () => {
    const report = runReport([board('plans', [failingRun(HOSTILE, HOSTILE, HOSTILE)])]);
    const lines = annotations(outcomeOf(report), HOSTILE);
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line).not.toMatch(/[\r\n]/);
    // Properties end at the first unescaped `::`; none of the hostile text's `::` survives in them.
    const properties = line!.slice(2, line!.indexOf('::', 2));
    expect(properties.startsWith('error file=')).toBe(true);
    expect(properties.split(',').map((p) => p.split('=')[0])).toEqual(['error file', 'title']);
  });
});

describe('githubReporter', () => {
  test('prints the annotations and appends the board as Markdown to $GITHUB_STEP_SUMMARY', () => {
    const dir = mkdtempSync(join(tmpdir(), 'nl2sql-gh-'));
    const summary = join(dir, 'summary.md');
    writeFileSync(summary, '# an earlier step\n');
    const c = captureIo({
      cwd: '/work/project',
      env: { GITHUB_STEP_SUMMARY: summary, GITHUB_WORKSPACE: '/work/project' },
    });
    const report = runReport([board('plans', [failingRun('albums', 'admin', 'off by one')])]);
    githubReporter({ io: c.io, redactor: runRedactor({}) }).finish(outcomeOf(report));
    expect(c.out()).toBe(
      '::error file=suites/shop.yaml,line=19,title=nl2sql%3A case albums failed::albums as admin: fail: off by one',
    );
    const text = readFileSync(summary, 'utf8');
    expect(text.startsWith('# an earlier step\n## nl2sql eval: mode plans')).toBe(true);
    expect(text).toContain('| albums as admin | fail | off by one |');
    expect(c.err()).toBe('');
  });

  test('outside GitHub Actions it says no summary was written, and still prints annotations', () => {
    const c = captureIo({ cwd: '/work/project', env: {} });
    const report = runReport([board('plans', [failingRun('albums', 'admin', 'x')])]);
    githubReporter({ io: c.io, redactor: runRedactor({}) }).finish(outcomeOf(report));
    expect(c.out()).toMatch(/^::error /);
    expect(c.err()).toContain('$GITHUB_STEP_SUMMARY is not set');
  });
});
