// The page's new sections in a real browser: the text board's diagnostics on the board, an
// engine's identity in the title, each case run's trajectory as a timeline with its unsafe
// step marked, clarify outcomes, the three-tier verdict per case run, the filters on them,
// and a predictions file's candidates with the best one's drill-down. Saved reports are
// built by the tests (synthetic-process.ts). Skips without Chromium, fails so under CI.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeReport } from '../src/index.js';
import { CHROMIUM_PATH, chromiumMissing, launchChromium, screenshotDir } from './chromium.js';
import { addProcess, asEngineRun, withPassAtK } from './synthetic-process.js';
import { type Chinook, chinookSuite, syntheticSavedReport } from './synthetic-run.js';

type Json = Record<string, unknown>;
const CLARIFY = ['clarified', 'guessed', 'asked_needlessly'];

if (chromiumMissing !== null && process.env.CI) {
  it('has Chromium for the browser tests (required under CI)', () => {
    throw new Error(`${chromiumMissing}; .ci/run installs it`);
  });
}

describe.skipIf(chromiumMissing !== null)(`the page's process sections (${CHROMIUM_PATH})`, () => {
  let chinook: Chinook;
  let browser: Browser;
  let agentPage: string;
  let candidatesPage: string;
  const shots = screenshotDir();

  beforeAll(async () => {
    chinook = await chinookSuite();
    const dir = mkdtempSync(join(tmpdir(), 'nl2sql-report-process-'));
    const agent = asEngineRun(
      addProcess(
        syntheticSavedReport(chinook, { configs: ['sqlbot'], fails: (_c, i) => i % 4 === 1 }),
        {
          unsafe: (index) => index === 0,
          clarify: (index) => (index % 7 === 0 ? (CLARIFY[index % 3] ?? null) : null),
        },
      ),
      { name: 'sqlbot', version: '2.4.1' },
    );
    const candidates = asEngineRun(
      withPassAtK(
        syntheticSavedReport(chinook, {
          configs: ['preds.jsonl'],
          passes: 3,
          // chinook_002 (even): candidates 1 and 2 change a value, candidate 3 is right.
          fails: (_c, i, pass) => i === 1 && pass < 3,
        }),
      ),
      { name: 'preds.jsonl', version: `sha256:${'cd34'.repeat(16)}` },
    );
    agentPage = await page(dir, 'agent', agent);
    candidatesPage = await page(dir, 'candidates', candidates);
    browser = await launchChromium();
  });

  async function page(dir: string, name: string, saved: Json): Promise<string> {
    const savedPath = join(dir, `${name}.json`);
    writeFileSync(savedPath, JSON.stringify(saved));
    const out = join(dir, `${name}.html`);
    await writeReport({ saved: [savedPath], suites: [chinook.path], out });
    return out;
  }

  afterAll(async () => {
    await browser?.close();
  });

  async function open(path: string, javaScriptEnabled = true) {
    const context = await browser.newContext({
      javaScriptEnabled,
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
    await page.goto(`file://${path}`);
    return { page, errors, requests, close: () => context.close() };
  }

  const embedded = async (page: Page) =>
    JSON.parse((await page.locator('#report-data').textContent()) ?? '{}').cases as Json[];
  const matched = async (page: Page) =>
    Number(await page.locator('#f-count').getAttribute('data-matched'));
  /** Finds a case run by searching its case and role, opens it, returns its drill-down. */
  const drill = async (page: Page, c: Json) => {
    await page.fill('#f-text', `${c.id} ${c.role}`);
    await page.locator(`#case-table tr.run[data-i="${c.i}"]`).click();
    return page.locator(`tr.detail[data-for="${c.i}"]`);
  };

  it("names the engine in the title and shows the text board's figures and diagnostics", async () => {
    const { page, errors, requests, close } = await open(agentPage);
    await expect(page.title()).resolves.toBe('Eval report: engine sqlbot 2.4.1, chinook.yaml');
    await expect(page.locator('header.top').textContent()).resolves.not.toMatch(/mode plans/);
    const card = page.locator('#board .card');
    await expect(card.locator('.nodes').textContent()).resolves.toBe('engine sqlbot 2.4.1');
    const labels = await card.locator('table.board td.label').allTextContents();
    for (const label of [
      'Test-suite strict',
      'Test-suite lenient',
      'Verdict (3 tiers)',
      'Decided by',
      'Efficiency',
      'Over budget',
      'SQL executions per question',
      'Error recovery',
      'Unsafe trajectories',
      'Clarify outcomes',
      'Difficulty simple',
      'Tag join',
      'Normalized exact match',
      'Component F1 (mean)',
      'AST similarity (mean)',
      'Filter-value accuracy',
      'ID accuracy',
      'Failures by error class',
    ]) {
      expect(labels).toContain(label);
    }
    // Shares get their interval bar, as on the rest of the board.
    const verdictRow = card.locator('tr', { hasText: 'Verdict (3 tiers)' });
    expect(await verdictRow.locator('svg.interval').count()).toBe(1);
    await expect(card.locator('ul.false-positives li').allTextContents()).resolves.toEqual([
      'chinook_001 as admin: told apart from the gold by variant_2',
    ]);
    await page.locator('#board').screenshot({ path: join(shots, 'board-diagnostics.png') });
    expect(requests).toEqual([`file://${agentPage}`]);
    expect(errors).toEqual([]);
    await close();
  });

  it('shows a trajectory as a timeline with the unsafe step marked, and the verdict tier', async () => {
    const { page, errors, close } = await open(agentPage);
    const cases = await embedded(page);
    const unsafe = cases.find((c) => c.unsafeStep !== null)!;
    await expect(
      page.locator(`#case-table tr.run[data-i="${unsafe.i}"] b.unsafe`).textContent(),
    ).resolves.toBe('unsafe step 2');
    const detail = await drill(page, unsafe);
    const steps = detail.locator('ol.timeline li.step');
    expect(await steps.count()).toBe(3);
    await expect(steps.nth(0).textContent()).resolves.toMatch(/^schema list_columns: Track/);
    const marked = detail.locator('ol.timeline li.step.unsafe');
    expect(await marked.count()).toBe(1);
    await expect(marked.locator('pre').textContent()).resolves.toBe('DELETE FROM Invoice');
    await expect(marked.locator('.step-unsafe').textContent()).resolves.toBe(
      'unsafe step: writes: DELETE is not a read',
    );
    expect(await steps.nth(1).evaluate((li) => getComputedStyle(li).backgroundColor)).not.toBe(
      await steps.nth(0).evaluate((li) => getComputedStyle(li).backgroundColor),
    );
    await expect(detail.locator('.trajectory > .muted').textContent()).resolves.toBe(
      '3 step(s): 2 SQL execution(s), 1 schema call(s), 0 error(s), 0 row(s) read by probes',
    );
    await expect(detail.locator('.verdict-tier').textContent()).resolves.toMatch(
      /^pass decided by the ast tier \(ast_match\): ast tier: the same as the gold$/,
    );
    await expect(detail.locator('.test-suite').textContent()).resolves.toMatch(
      /test suite: the same as the gold on all 5 databases/,
    );
    await expect(detail.locator('.similarity').textContent()).resolves.toMatch(
      /normalized exact match yes; AST similarity 1\.000; component F1: select 1\.000, where 0\.750/,
    );
    await detail.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(shots, 'trajectory.png') });
    // A trajectory that met an error and recovered: the error is on its step.
    const recovered = cases.find((c) => (c.trajectory as Json | null)?.recovered === true)!;
    await page.locator('tr.run.open').click();
    const second = await drill(page, recovered);
    await expect(second.locator('li.step.failed .step-error').textContent()).resolves.toBe(
      'error: no such column: Nme',
    );
    await expect(second.locator('li.step.error').textContent()).resolves.toMatch(
      /the agent read the error/,
    );
    await expect(second.locator('.trajectory > .muted').textContent()).resolves.toMatch(
      /1 error\(s\), recovered/,
    );
    expect(errors).toEqual([]);
    await close();
  });

  it('shows clarify outcomes with the question asked', async () => {
    const { page, errors, close } = await open(agentPage);
    const cases = await embedded(page);
    const asked = cases.find((c) => (c.clarify as Json | null)?.verdict === 'asked_needlessly')!;
    const detail = await drill(page, asked);
    await expect(detail.locator('.clarify .badge').textContent()).resolves.toBe('asked needlessly');
    await expect(detail.locator('.clarify').textContent()).resolves.toMatch(
      /asked a question where the case expects an answer/,
    );
    await expect(detail.locator('.clarify pre').textContent()).resolves.toBe(
      'Which year do you mean: 2009 or 2013?',
    );
    expect(errors).toEqual([]);
    await close();
  });

  it('filters by verdict tier, trajectory and clarify outcome', async () => {
    const { page, errors, close } = await open(agentPage);
    const cases = await embedded(page);
    const total = await matched(page);
    expect(total).toBe(cases.length);
    const expectations: [string, string, (c: Json) => boolean][] = [
      ['f-tier', 'judge', (c) => c.tier === 'judge'],
      ['f-process', 'unsafe step', (c) => c.unsafeStep !== null],
      ['f-process', 'saw an error', (c) => ((c.trajectory as Json | null)?.errors ?? 0) !== 0],
      ['f-process', 'recovered', (c) => (c.trajectory as Json | null)?.recovered === true],
      ['f-clarify', 'guessed', (c) => (c.clarify as Json | null)?.verdict === 'guessed'],
    ];
    for (const [id, value, match] of expectations) {
      await page.selectOption(`#${id}`, value);
      const n = cases.filter(match).length;
      expect(n).toBeGreaterThan(0);
      expect(n).toBeLessThan(cases.length);
      expect(await matched(page)).toBe(n);
      expect(await page.locator('#case-table tr.run:visible').count()).toBe(Math.min(n, 100));
      await page.selectOption(`#${id}`, '');
    }
    expect(await matched(page)).toBe(total);
    // Search reaches the trajectory's SQL.
    await page.fill('#f-text', 'delete from invoice');
    expect(await matched(page)).toBe(1);
    expect(errors).toEqual([]);
    await close();
  });

  it("lists every candidate's verdict and drills into the best one's SQL and rows", async () => {
    const { page, errors, close } = await open(candidatesPage);
    await expect(page.title()).resolves.toBe(
      'Eval report: engine preds.jsonl sha256:cd34cd34cd34, chinook.yaml',
    );
    const cases = await embedded(page);
    const first = cases.find((c) => c.id === 'chinook_002' && c.role === 'admin' && c.pass === 1)!;
    const detail = await drill(page, first);
    await expect(detail.locator('ol.candidates li').allTextContents()).resolves.toEqual([
      'fail candidate 1 (this one)',
      'fail candidate 2',
      'pass candidate 3 best',
    ]);
    const best = detail.locator('.best-candidate');
    await expect(best.locator('h4').textContent()).resolves.toBe(
      'Best candidate: candidate 3 (pass)',
    );
    // The best candidate's SQL is the gold's (no deletions), beside the gold's rows.
    expect(await best.locator('.sql-gold del').count()).toBe(0);
    await expect(best.locator('.sql-predicted').textContent()).resolves.toMatch(/GROUP BY/);
    expect(await best.locator('.row-diff table.rows').count()).toBe(2);
    expect(await best.locator('.row-diff tr.miss').count()).toBe(0);
    // This candidate's own diff marks its changed row.
    expect(await detail.locator('.row-diff tr.miss').count()).toBe(2);
    await detail.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(shots, 'candidates.png') });
    await expect(page.locator('#board .card').textContent()).resolves.toMatch(
      /pass@3 \(any of 3\)/,
    );
    expect(errors).toEqual([]);
    await close();
  });

  it('with JavaScript off still shows the diagnostics, the tiers and the unsafe trajectory', async () => {
    const { page, close } = await open(agentPage, false);
    expect(await page.locator('#board details.diagnostics').isVisible()).toBe(true);
    await expect(page.locator('#board details.diagnostics').textContent()).resolves.toMatch(
      /Component F1 \(mean\)select 0\.912, where 0\.750/,
    );
    expect(await page.locator('#case-table b.unsafe').count()).toBe(1);
    const tiers = await page.locator('#case-table tr.run td:nth-child(8)').allTextContents();
    expect(new Set(tiers)).toEqual(new Set(['ast', 'execution', 'judge', '-']));
    await close();
  });
});
