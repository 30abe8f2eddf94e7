import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDatasetRecords } from '../src/index.js';

// The record of spec 001 §12, as its example writes it, then records import cannot take.
const RECORDS = `- id: sql-0142
  question: "What was net revenue by region last quarter?"
  role: finance
  as_of_date: "2025-10-01"
  gold_sql:
    - "SELECT region, SUM(net_amount) FROM fct_revenue WHERE fiscal_quarter = '2025-Q3' GROUP BY region"
  gold_result_ordered: false
  gold_tables: [fct_revenue]
  tags: {difficulty: medium, needs_business_definition: net_revenue, ambiguity: low, domain: finance}
  expected_behavior: answer
  notes: "Fiscal quarter, not calendar. Net = after refunds."
- question: two golds
  gold_sql: [SELECT 1, SELECT 2]
- question: ambiguous
  gold_sql: SELECT 1
  expected_behavior: clarify
- question: refused for whom?
  gold_sql: SELECT 1
  expected_behavior: refuse
- question: a typo
  gold_sqll: SELECT 1
`;

describe('readDatasetRecords', () => {
  it('reads a record into a pair and what import must check, and locates what it cannot take', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'nl2sql-records-'));
    await writeFile(join(dir, 'records.yaml'), RECORDS);
    const { pairs, problems } = await readDatasetRecords(join(dir, 'records.yaml'), 'records.yaml');
    expect(pairs).toEqual([
      {
        file: 'records.yaml',
        line: 1,
        pair: {
          id: 'sql-0142',
          question: 'What was net revenue by region last quarter?',
          sql: "SELECT region, SUM(net_amount) FROM fct_revenue WHERE fiscal_quarter = '2025-Q3' GROUP BY region",
          tags: [
            'difficulty:medium',
            'needs_business_definition:net_revenue',
            'ambiguity:low',
            'domain:finance',
          ],
          order_matters: false,
          as_of_date: '2025-10-01',
          notes: 'Fiscal quarter, not calendar. Net = after refunds.',
        },
        expect: { role: 'finance', behavior: 'answer', tables: ['fct_revenue'] },
      },
      // Several golds: the first is the case's SQL, the others its alternatives.
      {
        file: 'records.yaml',
        line: 12,
        pair: {
          question: 'two golds',
          sql: 'SELECT 1',
          alt_sql: ['SELECT 2'],
          order_matters: false,
        },
        expect: { behavior: 'answer' },
      },
    ]);
    expect(problems.map((p) => p.message)).toEqual([
      "records.yaml:14: notes: expected_behavior clarify needs notes saying why the question is ambiguous (they become the case's clarify_reason)",
      'records.yaml:17: role: expected_behavior refuse needs the role that is refused',
      expect.stringMatching(/^records\.yaml:20: /),
    ]);
  });

  it('reads JSONL too, and refuses another extension', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'nl2sql-records-'));
    await writeFile(
      join(dir, 'r.jsonl'),
      '{"question": "q", "gold_sql": "SELECT 1", "gold_result_ordered": true, "tags": ["x"]}\n',
    );
    const { pairs } = await readDatasetRecords(join(dir, 'r.jsonl'), 'r.jsonl');
    expect(pairs[0]?.pair).toEqual({
      question: 'q',
      sql: 'SELECT 1',
      tags: ['x'],
      order_matters: true,
    });
    await expect(readDatasetRecords(join(dir, 'r.csv'), 'r.csv')).rejects.toThrow(
      'r.csv: dataset records are JSONL or a YAML list',
    );
  });
});
