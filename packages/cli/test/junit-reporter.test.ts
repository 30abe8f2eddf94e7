import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { junitReporter, junitXml } from '@nl2sql/reporters';
import fc from 'fast-check';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, test } from 'vitest';
import { validateXML } from 'xmllint-wasm';
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
  shopSuite,
} from './reporter-fixture.js';

const SCHEMA = readFileSync(new URL('./fixtures/junit.xsd', import.meta.url), 'utf8');
const places = {
  file: 'suites/shop.yaml',
  lines: new Map([
    ['artists', 4],
    ['albums', 19],
  ]),
};

const ELEMENTS = new Set([
  'testsuites',
  'testsuite',
  'properties',
  'property',
  'testcase',
  'failure',
  'error',
  'skipped',
  'system-out',
  'system-err',
]);

/**
 * A parsed element as fast-xml-parser gives it: attributes as strings, the elements in
 * ELEMENTS as lists. One loose type for both, so tests read `c.failure[0].message`.
 */
type El = { [key: string]: string & El[] };

/** Parsed as an XML library reads it: attributes kept, every element a list. */
function parse(xml: string) {
  expect(XMLValidator.validate(xml)).toBe(true);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    isArray: (name: string, _path: unknown, _leaf: boolean, isAttribute: boolean) =>
      !isAttribute && ELEMENTS.has(name),
    parseAttributeValue: false,
    parseTagValue: false,
    trimValues: false,
    processEntities: true,
    htmlEntities: true,
  });
  return parser.parse(xml) as El;
}

/** Valid against the common JUnit schema (fixtures/junit.xsd), by libxml2's validator. */
async function expectValid(xml: string) {
  const result = await validateXML({
    xml: [{ fileName: 'junit.xml', contents: xml }],
    schema: [{ fileName: 'junit.xsd', contents: SCHEMA }],
  });
  expect(result.errors).toEqual([]);
  expect(result.valid).toBe(true);
}

/** Every count attribute equals the elements it counts, at each level. */
function expectCountsAgree(doc: El) {
  const root = doc.testsuites[0];
  let tests = 0;
  let failures = 0;
  let errors = 0;
  let skipped = 0;
  for (const suite of root.testsuite) {
    const cases = suite.testcase ?? [];
    const count = (tag: string) => cases.filter((c: El) => c[tag] !== undefined).length;
    expect(Number(suite.tests)).toBe(cases.length);
    expect(Number(suite.failures)).toBe(count('failure'));
    expect(Number(suite.errors)).toBe(count('error'));
    expect(Number(suite.skipped)).toBe(count('skipped'));
    tests += cases.length;
    failures += count('failure');
    errors += count('error');
    skipped += count('skipped');
  }
  expect([root.tests, root.failures, root.errors, root.skipped].map(Number)).toEqual([
    tests,
    failures,
    errors,
    skipped,
  ]);
}

describe('junitXml', () => {
  test('one testcase per case run: classname the suite, name the case and role, failures with the explanation', async () => {
    const report = runReport([
      board('plans', [
        caseRun('artists', 'admin'),
        failingRun('artists', 'sales', 'row 1 differs: expected 275, got 274'),
        caseRun('albums', 'admin'),
        erroredRun('albums', 'sales', 'no answer within 120000 ms'),
      ]),
    ]);
    const xml = junitXml(outcomeOf(report), places);
    await expectValid(xml);
    const doc = parse(xml);
    expectCountsAgree(doc);
    const [suite] = doc.testsuites[0].testsuite;
    expect(suite.name).toBe('shop.yaml (config plans)');
    expect(suite.timestamp).toBe('2026-11-30T12:34:56');
    const cases = suite.testcase;
    expect(cases.map((c: El) => [c.classname, c.name, c.file, c.line])).toEqual([
      ['shop.yaml', 'artists as admin', 'suites/shop.yaml', '4'],
      ['shop.yaml', 'artists as sales', 'suites/shop.yaml', '4'],
      ['shop.yaml', 'albums as admin', 'suites/shop.yaml', '19'],
      ['shop.yaml', 'albums as sales', 'suites/shop.yaml', '19'],
    ]);
    expect(cases[0].time).toBe('0.013');
    expect(cases[1].failure[0]).toMatchObject({
      message: 'row 1 differs: expected 275, got 274',
      type: 'result_match',
    });
    expect(cases[1].failure[0]['#text']).toContain('sql: SELECT COUNT(*) FROM artists');
    expect(cases[3].error[0]).toMatchObject({
      message: 'TIMEOUT: no answer within 120000 ms',
      type: 'TIMEOUT',
    });
    const properties = Object.fromEntries(
      suite.properties[0].property.map((p: El) => [p.name, p.value]),
    );
    expect(properties).toMatchObject({ mode: 'plans', config: 'plans', passes: '1' });
  });

  test('several configs: a testsuite each, the config in every testcase name', async () => {
    const report = runReport([
      board('gpt', [caseRun('artists', 'admin')]),
      board('mini', [failingRun('artists', 'admin', 'wrong count')]),
    ]);
    const xml = junitXml(outcomeOf(report), places);
    await expectValid(xml);
    const doc = parse(xml);
    expectCountsAgree(doc);
    const names = doc.testsuites[0].testsuite.map((s: El) => [
      s.name,
      s.testcase.map((c: El) => c.name),
    ]);
    expect(names).toEqual([
      ['shop.yaml (config gpt)', ['artists as admin [gpt]']],
      ['shop.yaml (config mini)', ['artists as admin [mini]']],
    ]);
  });

  test('a stopped run: the case runs not made are one skipped testcase saying why, and the gate is skipped', async () => {
    const report = runReport(
      [board('plans', [caseRun('artists', 'admin')], { plannedCases: 4, completedCases: 1 })],
      { stopped: 'max_cost' },
    );
    const xml = junitXml(outcomeOf(report, { status: 'not run' }), places);
    await expectValid(xml);
    const doc = parse(xml);
    expectCountsAgree(doc);
    const [runs, gate] = doc.testsuites[0].testsuite;
    expect(runs.testcase[1].skipped[0].message).toBe(
      '3 of 4 case runs were not run: the run stopped at its cost cap',
    );
    expect(gate.name).toBe('gate');
    expect(gate.testcase[0].skipped[0].message).toBe('not run: the run was stopped');
  });

  test('a gated run: a gate testsuite with a testcase per check, a failing check a failure', async () => {
    const baseline = runReport([
      board('plans', [caseRun('artists', 'admin'), caseRun('albums', 'admin')]),
    ]);
    const current = runReport([
      board('plans', [failingRun('artists', 'admin', 'wrong'), caseRun('albums', 'admin')]),
    ]);
    const xml = junitXml(outcomeOf(current, gated(baseline, current)), places);
    await expectValid(xml);
    const doc = parse(xml);
    expectCountsAgree(doc);
    const gate = doc.testsuites[0].testsuite[1];
    const regressions = gate.testcase.find((c: El) => c.name.endsWith('max_regressions'));
    expect(regressions?.failure[0]?.message).toContain('1 case(s) went pass -> fail (artists');
    expect(gate.testcase.find((c: El) => c.name.endsWith('max_cost_increase'))?.failure).toBe(
      undefined,
    );
  });

  test('a partial run against its baseline: the missing case runs are a failing testcase', async () => {
    const baseline = runReport([
      board('plans', [caseRun('artists', 'admin'), caseRun('albums', 'admin')]),
    ]);
    const current = runReport([board('plans', [caseRun('artists', 'admin')])]);
    const doc = parse(junitXml(outcomeOf(current, gated(baseline, current)), places));
    expectCountsAgree(doc);
    const partial = doc.testsuites[0].testsuite[1].testcase.find(
      (c: El) => c.name === 'plans partial_run',
    );
    expect(partial?.failure[0]?.message).toBe(
      '1 baseline case run(s) were not run: albums as admin',
    );
  });

  test('hostile case ids, roles, explanations and SQL come back as text, and the file stays valid', async () => {
    const report = runReport([
      board('plans', [
        failingRun(HOSTILE, HOSTILE, HOSTILE),
        erroredRun('albums', HOSTILE, HOSTILE),
        caseRun('artists', 'admin', { suspect: HOSTILE, sql: HOSTILE }),
      ]),
    ]);
    const xml = junitXml(outcomeOf(report), { file: HOSTILE, lines: new Map() });
    await expectValid(xml);
    const doc = parse(xml);
    expectCountsAgree(doc);
    const shown = HOSTILE.replace(/(?![\t\n\r])\p{Cc}|[\ud800-\udfff]/gu, '\ufffd');
    const [failing, errored, suspect] = doc.testsuites[0].testsuite[0].testcase;
    expect(failing.name).toBe(`${shown} as ${shown}`);
    expect(failing.file).toBe(shown);
    expect(failing.failure[0].message).toBe(shown);
    expect(failing.failure[0]['#text']).toContain(`why: ${shown}`);
    expect(errored.error[0].message).toBe(`TIMEOUT: ${shown}`);
    expect(suspect['system-out'][0]).toBe(`suspect: ${shown}`);
  });

  test('property: El case id, role and explanation round-trips through a real XML parser', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string(), fc.string(), (id, role, why) => {
        const report = runReport([board('plans', [failingRun(id, role, why)])]);
        const doc = parse(junitXml(outcomeOf(report), places));
        const clean = (s: string) =>
          s.replace(/(?![\t\n\r])\p{Cc}|[\ufffe\uffff]|[\ud800-\udfff]/gu, '\ufffd');
        const [testcase] = doc.testsuites[0].testsuite[0].testcase;
        expect(testcase.name).toBe(`${clean(id)} as ${clean(role)}`);
        expect(testcase.failure[0].message).toBe(clean(why));
      }),
      { numRuns: 300 },
    );
  });
});

describe('junitReporter', () => {
  test('writes the file with the suite path relative to the workspace and each case line', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'nl2sql-junit-')), 'reports', 'junit.xml');
    const { io } = captureIo({ cwd: '/work/project' });
    const report = runReport([board('plans', [failingRun('albums', 'admin', 'wrong')])]);
    junitReporter({ io, redactor: runRedactor({}) }, out).finish(
      outcomeOf(report, { status: 'not asked' }, shopSuite()),
    );
    const doc = parse(readFileSync(out, 'utf8'));
    const [testcase] = doc.testsuites[0].testsuite[0].testcase;
    expect([testcase.file, testcase.line]).toEqual(['suites/shop.yaml', '19']);
  });
});
