// The report in a real browser: headless Chromium opens the page from disk, as a user would.
// Skips (saying why) where Chromium is missing; under CI a missing Chromium is a failure.

import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunRecord, readRecords, writeRecord } from '@nl2sql/records';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeReport } from '../src/index.js';
import { CHROMIUM_PATH, chromiumMissing, launchChromium, screenshotDir } from './chromium.js';
import { HOSTILE_TEXTS } from './hostile-text.js';
import { addProcess } from './synthetic-process.js';
import { type Chinook, chinookSuite, syntheticSavedReport } from './synthetic-run.js';

const MAX_CHINOOK_BYTES = 2 * 1024 * 1024;
const MAX_FILTER_MS = 100;
const PAGE_ROWS = 100;

if (chromiumMissing !== null && process.env.CI) {
  it('has Chromium for the browser tests (required under CI)', () => {
    throw new Error(`${chromiumMissing}; .ci/run installs it`);
  });
}

describe.skipIf(chromiumMissing !== null)(`the report page in Chromium (${CHROMIUM_PATH})`, () => {
  let chinook: Chinook;
  let browser: Browser;
  let dir: string;
  let pagePath: string;
  let saved: Record<string, unknown>;
  let historyRecords: number;
  const shots = screenshotDir();

  beforeAll(async () => {
    chinook = await chinookSuite();
    dir = mkdtempSync(join(tmpdir(), 'nl2sql-report-'));
    // History: five earlier runs recorded under benchmarks/, then the run the page is about.
    const benchmarks = join(dir, 'benchmarks');
    for (let day = 1; day <= 5; day++) {
      const earlier = syntheticSavedReport(chinook, {
        configs: ['plans', 'gpt'],
        fails: (c, i) => (i * 7 + day + c) % (4 + day) === 0,
        startedAt: `2026-11-0${day}T09:00:00.000Z`,
        commit: `${day}abcdef`.repeat(5),
      });
      for (const record of earlier.records as RunRecord[]) writeRecord(benchmarks, record);
    }
    saved = syntheticSavedReport(chinook, {
      configs: ['plans', 'gpt'],
      fails: (c, i) => (c === 0 ? i === 2 : i % 5 === 1 || i === 3),
      answers: true,
      startedAt: '2026-11-20T09:00:00.000Z',
    });
    plantHostileText(saved);
    const savedPath = join(dir, 'run.json');
    writeFileSync(savedPath, JSON.stringify(saved));
    pagePath = join(dir, 'report.html');
    await writeReport({
      saved: [savedPath],
      suites: [chinook.path],
      records: benchmarks,
      out: pagePath,
    });
    historyRecords = readRecords(benchmarks).length + (saved.records as unknown[]).length;
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
  });

  /** Opens the page; every console error, page error and request is collected. */
  async function open(options: { javaScriptEnabled?: boolean; path?: string } = {}) {
    const context = await browser.newContext({
      javaScriptEnabled: options.javaScriptEnabled ?? true,
      viewport: { width: 1440, height: 900 },
    });
    const page = await context.newPage();
    const errors: string[] = [];
    const requests: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('request', (r) => requests.push(r.url()));
    await page.goto(`file://${options.path ?? pagePath}`);
    return { page, errors, requests, close: () => context.close() };
  }

  const visibleRows = (page: Page) => page.locator('#case-table tr.run:visible').count();
  /** How many rows match the filters (the table shows the first 100 of them). */
  const matched = async (page: Page) => {
    const n = Number(await page.locator('#f-count').getAttribute('data-matched'));
    expect(await visibleRows(page)).toBe(Math.min(n, PAGE_ROWS));
    return n;
  };
  const choose = async (page: Page, id: string, value: string) => {
    await page.selectOption(`#${id}`, value);
  };

  it('is self-contained and small: one file, no other request, under 2 MB for the Chinook suite', async () => {
    const bytes = statSync(pagePath).size;
    console.log(
      `report page for ${countRuns(saved)} Chinook case runs: ${(bytes / 1024).toFixed(0)} KiB`,
    );
    expect(bytes).toBeLessThan(MAX_CHINOOK_BYTES);
    const html = readFileSync(pagePath, 'utf8');
    // Markup is escaped, so any of these would be a real element or a style fetch.
    expect(
      html.match(
        /<(link|img|iframe|object|embed|audio|video|source)\b|<script[^>]*\ssrc=|@import|url\(/gi,
      ),
    ).toBeNull();
    const { requests, errors, page, close } = await open();
    expect(requests).toEqual([`file://${pagePath}`]);
    expect(errors).toEqual([]);
    expect(
      await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned),
    ).toBeUndefined();
    await close();
  });

  it("runs only its own script: a <script> that got past the escaping is refused by the CSP's hash", async () => {
    // As if an escaping bug let an engine's text through as markup: an inline script and an
    // inline event handler planted in the page's body.
    const html = readFileSync(pagePath, 'utf8');
    const planted = html.replace(
      '<main>',
      '<main><script>window.__planted = 1</script><img src="data:," onerror="window.__planted = 2">',
    );
    expect(planted).not.toBe(html);
    const path = join(dir, 'planted.html');
    writeFileSync(path, planted);
    const { page, errors, close } = await open({ path });
    // The page's own script ran (the case table's filters are live) ...
    expect(await matched(page)).toBeGreaterThan(0);
    // ... and neither planted one did: Chromium reports both as CSP violations.
    expect(
      await page.evaluate(() => (window as unknown as { __planted?: number }).__planted),
    ).toBeUndefined();
    expect(errors.filter((e) => /Content Security Policy/.test(e)).length).toBeGreaterThanOrEqual(
      2,
    );
    await close();
  });

  it('shows the board with interval bars, and the comparison with the gate verdict', async () => {
    const { page, errors, close } = await open();
    expect(await page.locator('#board .card').count()).toBe(2);
    expect(await page.locator('#board svg.interval').count()).toBeGreaterThanOrEqual(8);
    const comparison = page.locator('#comparison .comparison').first();
    await expect(comparison.textContent()).resolves.toMatch(/config gpt against config plans/);
    await expect(comparison.locator('.verdict').textContent()).resolves.toBe('gate fails');
    await expect(comparison.locator('.checks li.fail').first().textContent()).resolves.toMatch(
      /max_regressions/,
    );
    await page.screenshot({ path: join(shots, 'board.png'), fullPage: false });
    expect(errors).toEqual([]);
    await close();
  });

  it('filters change the visible rows: status, config, role, scorer, tag, difficulty, search', async () => {
    const { page, errors, close } = await open();
    const cases = JSON.parse((await page.locator('#report-data').textContent()) ?? '{}').cases as {
      status: string;
      config: string;
      role: string;
      failed: string[];
    }[];
    expect(await matched(page)).toBe(cases.length);
    await choose(page, 'f-status', 'fail');
    expect(await matched(page)).toBe(cases.filter((c) => c.status === 'fail').length);
    await choose(page, 'f-config', 'plans');
    expect(await matched(page)).toBe(
      cases.filter((c) => c.status === 'fail' && c.config === 'plans').length,
    );
    await choose(page, 'f-status', '');
    await choose(page, 'f-config', '');
    await choose(page, 'f-role', 'catalog');
    expect(await matched(page)).toBe(cases.filter((c) => c.role === 'catalog').length);
    await choose(page, 'f-role', '');
    await choose(page, 'f-scorer', 'faithfulness');
    expect(await matched(page)).toBe(cases.filter((c) => c.failed.includes('faithfulness')).length);
    await choose(page, 'f-scorer', '');
    await choose(page, 'f-tag', 'rbac-denial');
    const tagged = await matched(page);
    expect(tagged).toBeGreaterThan(0);
    expect(tagged).toBeLessThan(cases.length);
    await choose(page, 'f-tag', '');
    await choose(page, 'f-difficulty', 'unanswerable');
    expect(await matched(page)).toBe(4 * 3 * 2); // 4 unanswerable cases x 3 roles x 2 configs
    await choose(page, 'f-difficulty', '');
    await page.fill('#f-text', 'top 5 genres');
    expect(await matched(page)).toBe(6); // chinook_002, 3 roles x 2 configs
    await expect(page.locator('#f-count').textContent()).resolves.toBe(
      `6 of ${cases.length} case runs match`,
    );
    // More than a page of matches: the first 100 show, and the button adds more.
    await page.fill('#f-text', '');
    await expect(page.locator('#f-count').textContent()).resolves.toBe(
      `${cases.length} of ${cases.length} case runs match, showing the first ${PAGE_ROWS}`,
    );
    await expect(page.locator('#f-more').textContent()).resolves.toBe(`show ${PAGE_ROWS} more`);
    await page.click('#f-more');
    expect(await visibleRows(page)).toBe(2 * PAGE_ROWS);
    await page.click('#f-more');
    expect(await visibleRows(page)).toBe(cases.length);
    expect(await page.locator('#f-more').isVisible()).toBe(false);
    await page.fill('#f-text', 'top 5 genres');
    await page.screenshot({ path: join(shots, 'filtered.png') });
    expect(errors).toEqual([]);
    await close();
  });

  it("a failing case's drill-down shows its SQL diff, row diff, answer marks and findings", async () => {
    const { page, errors, close } = await open();
    await page.fill('#f-text', 'chinook_003 admin');
    await choose(page, 'f-config', 'plans');
    const row = page.locator('#case-table tr.run:visible');
    expect(await row.count()).toBe(1);
    await row.click();
    const detail = page.locator('tr.detail');
    await expect(detail.count()).resolves.toBe(1);
    // SQL: the gold's DESC deleted, the prediction's ASC inserted.
    await expect(detail.locator('.sql-gold del').allTextContents()).resolves.toContain('DESC');
    await expect(detail.locator('.sql-predicted ins').allTextContents()).resolves.toContain('ASC');
    // Rows: swapped columns, which lenient matched; strict marks the first unmatched rows.
    await expect(detail.locator('.row-diff .explain').textContent()).resolves.toMatch(
      /strict: rows differ.*lenient: pass/,
    );
    await expect(detail.locator('.row-diff .explain').textContent()).resolves.toMatch(
      /lenient column match: gold 1 = col_1, gold 2 = col_2, gold 3 = col_3/,
    );
    expect(await detail.locator('.row-diff tr.miss').count()).toBe(2);
    // The answer's made-up number and name are marked.
    await expect(detail.locator('mark.number').allTextContents()).resolves.toContain('987654.32');
    await expect(detail.locator('mark.name').allTextContents()).resolves.toContain(
      '"Nowhere Band"',
    );
    await expect(detail.locator('.findings').textContent()).resolves.toMatch(/limit-out-of-range/);
    await detail.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(shots, 'drill-down.png') });
    // A value changed in the last row: both tables mark row 5.
    await page.fill('#f-text', 'chinook_002 admin');
    await choose(page, 'f-config', 'gpt');
    await page.locator('#case-table tr.run:visible').click();
    const second = page.locator('tr.detail', { hasText: 'What are the top 5 genres' });
    await expect(second.locator('.row-diff tr.miss td.n').allTextContents()).resolves.toEqual([
      '5',
      '5',
    ]);
    // Clicking again closes it.
    await row.first().click();
    expect(await page.locator('tr.detail').count()).toBe(1);
    expect(errors).toEqual([]);
    await close();
  });

  it('shows hostile text as text: nothing planted in runs runs, and it reads back intact', async () => {
    const { page, errors, close } = await open();
    await page.fill('#f-text', 'chinook_005 admin');
    await choose(page, 'f-config', 'plans');
    await page.locator('#case-table tr.run:visible').click();
    const text = await page.locator('tr.detail').textContent();
    for (const hostile of HOSTILE_TEXTS.slice(0, 8)) expect(text).toContain(hostile);
    // The trajectory's SQL, error and message, and the clarifying question, read back whole.
    const hostile = HOSTILE_TEXTS.join('\n');
    const timeline = page.locator('tr.detail ol.timeline');
    await expect(timeline.locator('li.step.sql pre').allTextContents()).resolves.toEqual([hostile]);
    await expect(timeline.locator('li.step.unsafe .step-error').textContent()).resolves.toBe(
      `error: ${hostile}`,
    );
    await expect(timeline.locator('li.step.unsafe .step-unsafe').textContent()).resolves.toBe(
      `unsafe step: ${hostile}`,
    );
    await expect(timeline.locator('li.step.error').textContent()).resolves.toBe(`error${hostile}`);
    await expect(page.locator('tr.detail .clarify pre').textContent()).resolves.toBe(hostile);
    expect(
      await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned),
    ).toBeUndefined();
    expect(errors).toEqual([]);
    await close();
  });

  it('the history chart has one point per record, the commit on hover', async () => {
    const { page, errors, close } = await open();
    const points = page.locator('#history g.history-panel[data-mode="plans"] g.point');
    expect(await points.count()).toBe(historyRecords);
    await expect(points.first().locator('title').textContent()).resolves.toMatch(
      /^2026-11-01, commit 1abcdef: /,
    );
    await page.locator('#history').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(shots, 'history.png') });
    expect(errors).toEqual([]);
    await close();
  });

  it('with JavaScript off still shows the board, the case table and the history', async () => {
    const { page, close } = await open({ javaScriptEnabled: false });
    expect(await page.locator('#board .card').count()).toBe(2);
    await expect(page.locator('#board .card').first().textContent()).resolves.toMatch(
      /Strict accuracy/,
    );
    expect(await page.locator('#case-table tr.run').count()).toBe(countRuns(saved));
    expect(await page.locator('#case-table tr.run').first().isVisible()).toBe(true);
    expect(await page.locator('#filters').isVisible()).toBe(false);
    expect(await page.locator('#history g.point').count()).toBeGreaterThan(0);
    await page.screenshot({ path: join(shots, 'no-javascript.png') });
    await close();
  });

  it('stays responsive at 5,000 case runs: each filter under 100 ms', async () => {
    // With every column the page has: diagnostics, trajectories, clarify outcomes.
    const big = addProcess(
      syntheticSavedReport(chinook, {
        configs: ['plans', 'gpt', 'claude'],
        repeat: 12,
        fails: (c, i) => (i + c) % 6 === 0,
        answers: true,
      }),
      {
        unsafe: (index) => index % 50 === 0,
        clarify: (index) => (index % 9 === 0 ? 'guessed' : null),
      },
    );
    const runs = countRuns(big);
    expect(runs).toBeGreaterThanOrEqual(5000);
    const savedPath = join(dir, 'big.json');
    writeFileSync(savedPath, JSON.stringify(big));
    const out = join(dir, 'big.html');
    const written = await writeReport({ saved: [savedPath], suites: [chinook.path], out });
    const { page, errors, close } = await open({ path: out });
    const timings: Record<string, number> = {};
    const steps: [string, string, string][] = [
      ['status fail', 'f-status', 'fail'],
      ['config gpt', 'f-config', 'gpt'],
      ['all again', 'f-status', ''],
      ['role sales', 'f-role', 'sales'],
      ['tag join', 'f-tag', 'join'],
      ['tier judge', 'f-tier', 'judge'],
      ['trajectory unsafe', 'f-process', 'unsafe step'],
      ['clarify guessed', 'f-clarify', 'guessed'],
    ];
    for (const [name, id, value] of steps) timings[name] = await timeFilter(page, id, value);
    timings['search "genres"'] = await timeFilter(page, 'f-text', 'genres');
    timings['search cleared'] = await timeFilter(page, 'f-text', '');
    console.log(
      `${runs} case runs, page ${(written.bytes / 1024 / 1024).toFixed(1)} MiB; main-thread CPU ms per filter (script + style + layout): ${JSON.stringify(timings)}`,
    );
    for (const ms of Object.values(timings)) expect(ms).toBeLessThan(MAX_FILTER_MS);
    await page.screenshot({ path: join(shots, 'five-thousand.png') });
    expect(errors).toEqual([]);
    await close();
  });
});

/**
 * Sets one filter and times the whole update: the handler, style and layout. Wall time
 * depends on what else the machine runs, so the check is on the page's main-thread CPU time
 * (Chromium's ThreadTime), the best of three tries (the filter is set back in between), and
 * the wall time is printed beside it.
 */
async function timeFilter(page: Page, id: string, value: string): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const threadTime = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return metrics.find((m) => m.name === 'ThreadTime')?.value ?? Number.NaN;
  };
  const set = (to: string) =>
    page.evaluate(
      ([id, to]) => {
        const input = document.getElementById(id!) as HTMLInputElement | HTMLSelectElement;
        const started = performance.now();
        input.value = to!;
        input.dispatchEvent(
          new Event(input.tagName === 'SELECT' ? 'change' : 'input', { bubbles: true }),
        );
        void document.body.offsetHeight; // forces style and layout now
        return performance.now() - started;
      },
      [id, to],
    );
  const before = await page.evaluate(
    (id) => (document.getElementById(id) as HTMLInputElement).value,
    id,
  );
  let best = { cpu: Number.POSITIVE_INFINITY, wall: 0 };
  for (let attempt = 0; attempt < 3; attempt++) {
    if (attempt > 0) await set(before);
    const start = await threadTime();
    const wall = await set(value);
    const cpu = ((await threadTime()) - start) * 1000;
    if (cpu < best.cpu) best = { cpu, wall };
  }
  await cdp.detach();
  console.log(
    `filter ${id} = ${JSON.stringify(value)}: main-thread CPU ${best.cpu.toFixed(1)} ms (wall ${best.wall.toFixed(1)} ms)`,
  );
  return best.cpu;
}

function countRuns(saved: Record<string, unknown>): number {
  const report = saved.report as { configs: { cases: unknown[] }[] };
  return report.configs.reduce((n, c) => n + c.cases.length, 0);
}

/** chinook_005 as admin in config plans gets hostile text in its error and answer. */
function plantHostileText(saved: Record<string, unknown>): void {
  const report = saved.report as { configs: { cases: Record<string, unknown>[] }[] };
  const run = report.configs[0]!.cases.find(
    (c) => c.case_id === 'chinook_005' && c.role === 'admin',
  )!;
  const text = HOSTILE_TEXTS.join('\n');
  run.error = { code: 'ENGINE_ERROR', message: text };
  run.answer = { summary: null, content: text };
  run.explanation = text;
  run.trajectory = {
    steps: [
      { kind: 'sql', sql: text, error: text, row_count: null, unsafe: text },
      { kind: 'error', message: text },
    ],
    executions: 1,
    schema_calls: 0,
    errors: 1,
    recovered: false,
    probe_rows: 0,
    unsafe_step: 0,
  };
  run.clarify = { verdict: 'guessed', question: text };
}
