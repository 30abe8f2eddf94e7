import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  declaredModes,
  type EvalCase,
  LINT_RULES,
  type LintRule,
  rulesFor,
  SUITE_MODES,
} from '../src/index.js';

const base: EvalCase = {
  id: 'c',
  question: 'q',
  datasource: 'chinook',
  source: 'hand',
  approved: true,
  tags: ['single-table'],
  order_matters: false,
  outcome: { admin: 'allowed' },
  tables: ['Artist'],
  columns: [],
  sql: 'SELECT 1',
};

describe('LINT_RULES', () => {
  it('classifies every rule with at least one mode and a severity', () => {
    for (const [rule, info] of Object.entries(LINT_RULES)) {
      expect(info.modes.length, rule).toBeGreaterThan(0);
      for (const m of info.modes) expect(SUITE_MODES).toContain(m);
      expect(['error', 'warning']).toContain(info.severity);
    }
  });

  it('plan rules are mode plans only; row rules never apply to mode retrieval', () => {
    for (const [rule, info] of Object.entries(LINT_RULES)) {
      if (rule.startsWith('plan-')) expect(info.modes, rule).toEqual(['plans']);
      if (/^(rows|alt)-/.test(rule)) expect(info.modes, rule).not.toContain('retrieval');
    }
  });

  it('rulesFor gives exactly the rules classified for the modes', () => {
    for (const mode of SUITE_MODES) {
      const rules = rulesFor([mode]);
      for (const [rule, info] of Object.entries(LINT_RULES))
        expect(rules.has(rule as LintRule), `${mode} ${rule}`).toBe(info.modes.includes(mode));
    }
    expect(rulesFor(['engine', 'plans']).size).toBe(Object.keys(LINT_RULES).length);
  });

  it('the README table is the classification, row for row', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    for (const [rule, info] of Object.entries(LINT_RULES)) {
      const cells = SUITE_MODES.map((m) => (info.modes.includes(m) ? info.severity : ''));
      expect(readme, rule).toContain(`| \`${rule}\` | ${cells.join(' | ')} | ${info.checks} |`);
    }
  });
});

describe('declaredModes', () => {
  it('every suite is meant for full, engine and retrieval; plans when any case has a plan', () => {
    const suite = { name: 't', version: 1 as const, cases: [base] };
    expect(declaredModes(suite)).toEqual(['full', 'engine', 'retrieval']);
    const planned = {
      ...base,
      id: 'p',
      plan: {
        select: [{ expr: { kind: 'aggregate' as const, func: 'count' as const } }],
        from: { table: 'Artist' },
      },
    };
    expect(declaredModes({ ...suite, cases: [base, planned] })).toEqual([...SUITE_MODES]);
  });
});
