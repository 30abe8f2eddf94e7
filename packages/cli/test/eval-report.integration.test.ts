// `eval report` end to end on a real run: `eval run --save` on Chinook (what `pnpm eval
// --save` does), its saved report made into a page, the same page from `eval run --report`,
// and the page opened in Chromium.

import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chinookForTests } from '@nl2sql/datasets';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, test } from 'vitest';
import { EXIT, main } from '../src/index.js';
import { chromiumMissing, launchChromium } from './chromium.js';
import { captureIo } from './io-capture.js';

const chinook = await chinookForTests();
const noChinook = chinook.path === undefined;
const BENCHMARKS = new URL('../../../benchmarks', import.meta.url).pathname;

interface PageCase {
  id: string;
  role: string | null;
  config: string;
  status: string;
  expected: string | null;
  engineStatus: string | null;
  result: { columns: string[]; rows: unknown[][]; rowCount: number; source: string } | null;
  resultNote: string | null;
  answer: { parts: { text: string }[] } | null;
  latencyMs: number | null;
  harnessMs: number | null;
}

/** The case runs a page embeds for its filters and drill-downs. */
function pageCases(path: string): PageCase[] {
  const html = readFileSync(path, 'utf8');
  const match = /<script type="application\/json" id="report-data">(.*?)<\/script>/s.exec(html);
  if (!match?.[1]) throw new Error(`${path}: no embedded report data`);
  return (JSON.parse(match[1]) as { cases: PageCase[] }).cases;
}

let dir: string;
let saved: string;
let fromRun: string;

beforeAll(async () => {
  if (noChinook) return;
  dir = mkdtempSync(join(tmpdir(), 'nl2sql-eval-report-'));
  saved = join(dir, 'plans.json');
  fromRun = join(dir, 'from-run.html');
  const c = captureIo();
  expect(await main(['eval', 'run', '--save', saved, '--report', fromRun], c.io)).toBe(EXIT.ok);
  expect(c.out()).toMatch(/case runs\s+141\/141/);
  expect(c.err()).toContain(`wrote ${fromRun} (141 case runs`);
}, 180_000);

describe('nl2sql eval report: the saved runs before --db', () => {
  test('a saved run that is missing or not one is exit 3 naming it, with the --db file missing too', async () => {
    const here = mkdtempSync(join(tmpdir(), 'nl2sql-eval-report-nodb-'));
    const gone = join(here, 'gone.sqlite');
    const notSaved = join(here, 'not-saved.json');
    writeFileSync(notSaved, '{"format":"something else"}');
    const suite = chinookSuiteFile();
    for (const [file, said] of [
      [join(here, 'nope.json'), 'nope.json: cannot read'],
      [notSaved, 'not a report saved by `nl2sql eval run --save`'],
    ] as const) {
      for (const suiteArgs of [['--suite', suite], []]) {
        const c = captureIo();
        const code = await main(['eval', 'report', file, ...suiteArgs, '--db', gone], c.io);
        expect(code).toBe(EXIT.config);
        expect(c.err()).toContain(said);
        expect(c.err()).not.toContain(gone);
      }
    }
  });
});

describe.skipIf(noChinook)('nl2sql eval report on a real saved run', () => {
  let page: string;

  beforeAll(async () => {
    page = join(dir, 'report.html');
    const c = captureIo();
    expect(
      await main(['eval', 'report', saved, '--records', BENCHMARKS, '--out', page], c.io),
    ).toBe(EXIT.ok);
    expect(c.out()).toMatch(/^wrote .*report\.html \(141 case runs, \d+ bytes\)$/);
  });

  test('every answered case run shows the rows and the answer the run returned, as saved', () => {
    const cases = pageCases(page);
    expect(cases).toHaveLength(141);
    const answered = cases.filter((c) => c.engineStatus === 'success');
    expect(answered.length).toBeGreaterThan(90);
    for (const c of answered) {
      expect(c.result?.source, `${c.id} ${c.role}`).toBe('saved');
      expect(c.result?.rows.length).toBeLessThanOrEqual(20);
      expect(c.resultNote).toBeNull();
      expect(c.answer?.parts.map((p) => p.text).join('').length).toBeGreaterThan(0);
    }
    // chinook_001: customers per country, most first; the page keeps the first 20 of 24.
    const first = cases.find((c) => c.id === 'chinook_001' && c.role === 'admin');
    expect(first?.result?.columns).toEqual(['Country', 'customers']);
    expect(first?.result?.rows[0]).toEqual(['USA', 13]);
    expect(first?.result?.rowCount).toBe(24);
    // Latency as the runner records it: the engine's, and the harness's apart.
    expect(first?.latencyMs).toBeGreaterThan(0);
    expect(first?.harnessMs).not.toBeNull();
    // A refusal returned no rows and says so.
    const refused = cases.find((c) => c.expected === 'refused');
    expect(refused?.result).toBeNull();
  });

  test('the page has the history of the records and no note about rows not saved', () => {
    const html = readFileSync(page, 'utf8');
    expect(html).not.toContain('rows not saved');
    expect(html).toMatch(/<section[^>]*id="history"/);
    expect(html).toContain('<polyline');
  });

  test('eval run --report writes the same case runs from the report in memory', () => {
    const strip = (cases: PageCase[]) =>
      cases.map(({ latencyMs: _l, harnessMs: _h, ...rest }) => JSON.stringify(rest));
    expect(strip(pageCases(fromRun))).toEqual(strip(pageCases(page)));
  });

  test('what it refuses, exit 3: a missing file, a page path that is a folder, a suite of another digest', async () => {
    const missing = captureIo();
    expect(await main(['eval', 'report', join(dir, 'nope.json')], missing.io)).toBe(EXIT.config);
    expect(missing.err()).toContain('nope.json: cannot read');
    const folder = join(dir, 'folder.html');
    mkdirSync(folder);
    const asFolder = captureIo();
    expect(await main(['eval', 'report', saved, '--out', folder], asFolder.io)).toBe(EXIT.config);
    expect(asFolder.err()).toContain('is a folder, not a file');
    const other = join(dir, 'other.yaml');
    writeFileSync(
      other,
      readFileSync(chinookSuiteFile(), 'utf8').replace('name:', '# edited\nname:'),
    );
    const mismatch = captureIo();
    expect(
      await main(
        ['eval', 'report', saved, '--suite', other, '--out', join(dir, 'x.html')],
        mismatch.io,
      ),
    ).toBe(EXIT.config);
    expect(mismatch.err()).toMatch(/suite/i);
    const notSaved = join(dir, 'not-saved.json');
    writeFileSync(notSaved, '{"format":"something else"}');
    const foreign = captureIo();
    expect(await main(['eval', 'report', notSaved], foreign.io)).toBe(EXIT.config);
    expect(foreign.err()).toContain('not a report saved by `nl2sql eval run --save`');
  });

  describe.skipIf(chromiumMissing !== null)('opened in Chromium', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchChromium();
    });
    afterAll(async () => {
      await browser?.close();
    });

    it("loads nothing else, and a case run's drill-down shows the run's rows and its answer", async () => {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const tab = await context.newPage();
      const errors: string[] = [];
      const requests: string[] = [];
      tab.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      tab.on('pageerror', (e) => errors.push(e.message));
      tab.on('request', (r) => requests.push(r.url()));
      await tab.goto(`file://${page}`);
      await tab.fill('#f-text', 'chinook_001 admin');
      const row = tab.locator('#case-table tr.run:visible');
      expect(await row.count()).toBe(1);
      await row.click();
      const detail = tab.locator('tr.detail');
      const text = (await detail.textContent()) ?? '';
      expect(text).toContain('USA');
      expect(text).toContain('Written answer');
      expect(text).toContain('24 rows; the first is USA, 13.');
      expect(errors).toEqual([]);
      expect(requests).toEqual([`file://${page}`]);
      await context.close();
    });
  });
});

if (chromiumMissing !== null && process.env.CI) {
  it('has Chromium for the browser checks (required under CI)', () => {
    throw new Error(`${chromiumMissing}; .ci/run installs it`);
  });
}

function chinookSuiteFile(): string {
  return new URL('../../datasets/suites/chinook.yaml', import.meta.url).pathname;
}
