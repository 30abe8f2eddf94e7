import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildReportData, escapeHtml, parseSavedRun, renderReportPage } from '../src/index.js';
import { HOSTILE_TEXTS } from './hostile-text.js';
import { type Chinook, chinookSuite, syntheticSavedReport } from './synthetic-run.js';

let chinook: Chinook;
beforeAll(async () => {
  chinook = await chinookSuite();
});

/** A saved run whose config names, case ids, roles, SQL, errors and answers are all hostile. */
function hostileRun(text: string) {
  const saved = syntheticSavedReport(chinook, { configs: ['plans'], fails: (_c, i) => i < 4 }) as {
    report: { configs: { config: { name: string }; cases: Record<string, unknown>[] }[] };
    records: unknown[];
  };
  const config = saved.report.configs[0]!;
  config.config.name = text;
  for (const c of config.cases.slice(0, 6)) {
    c.case_id = `${c.case_id}${text}`;
    c.role = text;
    c.sql = text;
    c.explanation = text;
    c.error = { code: text, message: text };
    c.answer = text;
    // An agent's steps, the verdict's tier (shown in the table) and a clarifying question.
    c.trajectory = {
      steps: [
        { kind: 'sql', sql: text, error: text, row_count: null, unsafe: text },
        { kind: 'schema', call: text, target: text },
        { kind: 'error', message: text },
      ],
      executions: 1,
      schema_calls: 1,
      errors: 1,
      recovered: false,
      probe_rows: 0,
      unsafe_step: 0,
    };
    c.clarify = { verdict: 'guessed', question: text };
    c.diagnostics = {
      normalized_match: null,
      component_f1: null,
      ast_similarity: null,
      filter_values: null,
      difficulty: null,
      error_class: text,
      error_evidence: [text],
      empty_match: false,
      test_suite: { pass: false, lenient: false, distinguished_by: text, databases: 2 },
      verdict: { pass: false, tier: text, outcome: text, reason: text },
    };
  }
  saved.records = [];
  return parseSavedRun(JSON.stringify(saved), `runs/${text}.json`);
}

describe('renderReportPage', () => {
  it.each(HOSTILE_TEXTS)('keeps %j as text: no element, no end of the data block', (text) => {
    const run = hostileRun(text);
    const html = renderReportPage(buildReportData({ runs: [run], title: text }));
    // Exactly the two script elements the renderer writes, nothing else that runs or loads.
    expect(html.match(/<script\b/gi)).toHaveLength(2);
    expect(html.match(/<\/script/gi)).toHaveLength(2);
    // Outside the data block the text is only ever written escaped.
    const block = /<script type="application\/json" id="report-data">([\s\S]*?)<\/script>/.exec(
      html,
    );
    const outside = html.replace(block![0], '');
    // (as often as the page of a harmless run holds it: `<title>` is the page's own).
    const plain = renderReportPage(
      buildReportData({ runs: [hostileRun('plain')], title: 'plain' }),
    );
    const count = (haystack: string) => haystack.split(text).length - 1;
    if (/[<>"'&]/.test(text)) expect(count(outside)).toBe(count(plain));
    expect(outside).toContain(`<h3>config ${escapeHtml(text)}</h3>`);
    // The embedded data reads back exactly.
    const json = block![1];
    const data = JSON.parse(json!);
    expect(data.cases[0].config).toBe(text);
    expect(data.cases[0].error.message).toBe(text);
    expect(data.cases[0].answer.parts[0].text).toBe(text);
    const steps = data.cases[0].trajectory.steps;
    expect([
      steps[0].sql,
      steps[0].error,
      steps[0].unsafe,
      steps[1].call,
      steps[2].message,
    ]).toEqual(Array(5).fill(text));
    expect(data.cases[0].clarify.question).toBe(text);
    expect(data.cases[0].tier).toBe(text);
  });

  it('is a pure function of its data: the same data, the same bytes', () => {
    const run = hostileRun('plain');
    const data = buildReportData({ runs: [run] });
    expect(renderReportPage(data)).toBe(renderReportPage(structuredClone(data)));
  });

  it('loads nothing: a CSP that forbids every other source, no external reference', () => {
    const html = renderReportPage(buildReportData({ runs: [hostileRun('x')] }));
    // Only the page's own script runs: by its hash, never 'unsafe-inline' (issue 25).
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    const hash = createHash('sha256').update(script, 'utf8').digest('base64');
    expect(html).toContain(
      `content="default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-${hash}'; img-src data:"`,
    );
    expect(html).not.toContain("script-src 'unsafe-inline'");
    expect(html.match(/<script>/g)).toHaveLength(1);
    expect(html).not.toMatch(/https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
  });
});
