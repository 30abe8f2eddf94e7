import { stripVTControlCharacters } from 'node:util';
import {
  colorEnabled,
  colorsFor,
  deltaColor,
  deltaText,
  PLAIN,
  renderGate,
  renderReport,
  statusColor,
} from '@nl2sql/reporters';
import { describe, expect, test } from 'vitest';
import { board, caseRun, failingRun, gated, runReport } from './reporter-fixture.js';

const ESC = '\u001b[';
const RED = `${ESC}31m`;
const GREEN = `${ESC}32m`;

describe('colorEnabled', () => {
  test.each([
    [{}, true, true],
    [{}, false, false],
    [{ TERM: 'dumb' }, true, false],
    [{ NO_COLOR: '1' }, true, false],
    [{ NO_COLOR: '' }, true, true],
    [{ FORCE_COLOR: '1' }, false, true],
    [{ FORCE_COLOR: '' }, false, true],
    [{ FORCE_COLOR: '0' }, true, false],
    [{ FORCE_COLOR: 'false' }, true, false],
    [{ NO_COLOR: '1', FORCE_COLOR: '1' }, true, false],
  ])('env %j on a terminal %s: colour %s', (env, terminal, expected) => {
    expect(colorEnabled(env, terminal)).toBe(expected);
  });
});

describe('what is coloured', () => {
  const colors = colorsFor({ FORCE_COLOR: '1' }, false);

  test('statuses: pass green, fail and error red; deltas by direction', () => {
    expect(statusColor(colors, 'pass')).toBe(`${GREEN}pass${ESC}39m`);
    expect(statusColor(colors, 'fail')).toBe(`${RED}fail${ESC}39m`);
    expect(statusColor(colors, 'error')).toContain(RED);
    expect(deltaColor(colors, 1.4, '+1.4 pts')).toContain(GREEN);
    expect(deltaColor(colors, -0.7, '-0.7 pts')).toContain(RED);
    expect(deltaColor(colors, 0, '±0.0 pts')).not.toContain(RED);
    expect(deltaColor(colors, 0, '±0.0 pts')).not.toContain(GREEN);
    expect(deltaColor(colors, 0.2, '+20%', 'lower')).toContain(RED);
  });

  test('the board colours failing statuses outside its table, and plain is byte-for-byte the same text', () => {
    const report = runReport([
      board('plans', [caseRun('artists', 'admin'), failingRun('albums', 'admin', 'wrong count')]),
    ]);
    const coloured = renderReport(report, colors);
    const plain = renderReport(report, PLAIN);
    expect(coloured).toContain(`albums as admin: ${RED}fail${ESC}39m: wrong count`);
    expect(plain).not.toContain(ESC);
    expect(stripVTControlCharacters(coloured)).toBe(plain);
    // The table's rows are never coloured, so its columns stay aligned.
    const table = coloured.slice(coloured.indexOf('measure'), coloured.indexOf('Failing'));
    expect(table).not.toContain(ESC);
  });

  test('the gate: PASS green, FAIL red, a lost point red', () => {
    const baseline = runReport([board('plans', [caseRun('artists', 'admin')])]);
    const worse = runReport([board('plans', [failingRun('artists', 'admin', 'wrong')])]);
    const outcome = gated(baseline, worse);
    if (outcome.status !== 'gated') throw new Error('not gated');
    const text = renderGate(outcome.gate, colors);
    expect(text).toContain(`gate: ${RED}FAIL${ESC}39m`);
    expect(text).toContain(`${RED}-100.0 pts${ESC}39m`);
    expect(renderGate(outcome.gate, PLAIN)).toContain(
      'delta plans strict 1/1 100.0% -> 0/1 0.0% (-100.0 pts)',
    );
    const same = gated(baseline, baseline);
    if (same.status !== 'gated') throw new Error('not gated');
    expect(renderGate(same.gate, colors)).toContain(`gate: ${GREEN}PASS${ESC}39m`);
    expect(deltaText(same.gate.deltas[0]!, PLAIN)).toBe(
      'plans strict 1/1 100.0% -> 1/1 100.0% (±0.0 pts)',
    );
  });
});
