// Text from engines, suites and records reaches a terminal escaped: no ESC sequence (colour,
// OSC 0 window title, OSC 52 clipboard write), BEL, backspace, bare CR or bidi override an
// engine's error carries can act on the terminal that shows the board, the progress, the
// annotations or an error message.

import {
  annotations,
  githubReporter,
  terminalSafe,
  terminalSafeValue,
  textReporter,
} from '@nl2sql/reporters';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { progressListener } from '../src/eval/progress-line.js';
import { runRedactor } from '../src/eval/run-secrets.js';
import { captureIo } from './io-capture.js';
import { board, caseRun, erroredRun, outcomeOf, runReport } from './reporter-fixture.js';

/** An engine's error that recolours, retitles, writes the clipboard, rings and overwrites. */
const ATTACK =
  'boom\u001b[31mRED\u001b[0m\u001b]0;pwned title\u0007\u001b]52;c;Y3VybCBldmlsIHwgc2g=\u0007\u0008\u0008\rchinook_001 as admin: pass\u009b2J\u202eevil';

/** Any character a terminal acts on, tab and line feed aside. */
const UNSAFE = /(?![\t\n])\p{Cc}|[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;

describe('terminalSafe', () => {
  test('shows each control character escaped and keeps the rest', () => {
    expect(terminalSafe(ATTACK)).toBe(
      'boom\\x1b[31mRED\\x1b[0m\\x1b]0;pwned title\\x07\\x1b]52;c;Y3VybCBldmlsIHwgc2g=\\x07\\b\\b\\rchinook_001 as admin: pass\\x9b2J\\u202eevil',
    );
    expect(terminalSafe('a\tb\nc é 漢字 🙂')).toBe('a\tb\nc é 漢字 🙂');
  });

  test('property: no unsafe character survives; text without one is unchanged', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const out = terminalSafe(text);
        expect(out).not.toMatch(UNSAFE);
        if (!UNSAFE.test(text)) expect(out).toBe(text);
      }),
      { numRuns: 500 },
    );
  });

  test('a value: every string in it, at any depth; keys, numbers and null stay', () => {
    const value = { a: ['\u001b', 1, null, { b: '\r' }], n: 2 };
    expect(terminalSafeValue(value)).toEqual({ a: ['\\x1b', 1, null, { b: '\\r' }], n: 2 });
    expect(value.a[0]).toBe('\u001b');
  });
});

describe('what the CLI prints', () => {
  const report = runReport([
    board('plans', [caseRun('artists', 'admin'), erroredRun(`albums${ATTACK}`, 'admin', ATTACK)]),
  ]);

  test('the text board shows the error escaped, in colour too (our colours only)', () => {
    for (const env of [{}, { FORCE_COLOR: '1' }]) {
      const c = captureIo({ env });
      textReporter({ io: c.io, redactor: runRedactor({}) }).finish(outcomeOf(report));
      const out = c.out();
      expect(out).toContain('\\x1b]0;pwned title\\x07');
      expect(out).toContain('\\x1b]52;c;');
      expect(out).not.toContain('\u001b]');
      for (const raw of ['\u0007', '\u0008', '\r', '\u009b', '\u202e'])
        expect(out).not.toContain(raw);
      // The only ESC left is picocolors' own SGR (ESC [ n m), when colour is on.
      const parts = out.split('\u001b[');
      expect(parts.slice(1).every((part) => /^\d+m/.test(part))).toBe(true);
      const plain = parts.map((part, k) => (k === 0 ? part : part.replace(/^\d+m/, ''))).join('');
      expect(plain).not.toMatch(UNSAFE);
    }
  });

  test('GitHub annotations and the job summary carry it escaped', () => {
    for (const line of annotations(outcomeOf(report), 'suites/shop.yaml')) {
      expect(line).not.toMatch(UNSAFE);
      expect(line).toContain('\\x1b]52;c;');
    }
    const c = captureIo({ env: {} });
    githubReporter({ io: c.io, redactor: runRedactor({}) }).finish(outcomeOf(report));
    expect(c.out()).not.toMatch(UNSAFE);
  });

  test('the progress line on stderr', () => {
    const c = captureIo({ env: {} });
    const listen = progressListener(c.io);
    const [, bad] = report.configs[0]?.cases ?? [];
    listen({
      type: 'case.finished',
      config: `plans${ATTACK}`,
      result: bad!,
      timings: { engineMs: 1, harnessMs: 1, totalMs: 2 } as never,
      completedCases: 1,
      plannedCases: 2,
      passedCases: 0,
      dollars: 0,
    });
    expect(c.err()).toContain('\\x1b]0;pwned title');
    expect(c.err().replace(/\n$/, '')).not.toMatch(UNSAFE);
  });
});
