import { byCase, type CaseRun, determinism, passK } from '@nl2sql/gate';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BoardTally, type CaseResult, percentile } from '../src/index.js';
import { caseResultOf } from './case-result-fixture.js';

const status = fc.constantFrom('pass' as const, 'fail' as const, 'error' as const);

/** Case runs of a few cases, roles and passes (each (case, role, pass) once), in task order. */
const caseRuns = fc
  .uniqueArray(
    fc.record({
      caseId: fc.constantFrom('c1', 'c2', 'c3', 'c4'),
      role: fc.constantFrom(null, 'analyst', 'support'),
      pass: fc.integer({ min: 1, max: 3 }),
    }),
    { selector: (r) => `${r.caseId}|${r.role}|${r.pass}`, minLength: 0, maxLength: 30 },
  )
  .chain((keys) =>
    fc.tuple(
      ...keys.map((key) =>
        fc
          .record({
            status,
            lenient: status,
            generated: fc.option(status),
            outcome: fc.boolean(),
            faithful: fc.option(fc.boolean()),
            cost: fc.option(fc.double({ min: 0, max: 1, noNaN: true })),
            sql: fc.constantFrom('SELECT 1', 'SELECT 2', null),
            rows: fc.constantFrom('a', 'b', null),
            latency: fc.option(fc.double({ min: 0, max: 500, noNaN: true })),
            suspect: fc.option(fc.constant('constant query')),
          })
          .map(
            (r): CaseResult =>
              caseResultOf(key.caseId, {
                role: key.role,
                pass: key.pass,
                status: r.status,
                lenientStatus: r.lenient,
                generatedStatus: r.generated,
                sql: r.sql,
                rowsDigest: r.rows,
                costUsd: r.cost,
                latencyMs: r.latency,
                suspect: r.suspect,
                scores: {
                  outcome: {
                    pass: r.outcome,
                    lenient: r.outcome,
                    explanation: null,
                    detail: {},
                    kind: 'execution',
                  },
                  ...(r.faithful === null
                    ? {}
                    : {
                        faithfulness: {
                          pass: r.faithful,
                          lenient: r.faithful,
                          explanation: null,
                          detail: {
                            unsupported_numbers: r.faithful ? [] : ['12'],
                            unsupported_entities: [],
                          },
                          kind: 'quality' as const,
                        },
                      }),
                },
              }),
          ),
      ),
    ),
  );

function gateRuns(records: readonly CaseResult[], passed: (r: CaseResult) => boolean): CaseRun[] {
  return records.map((r) => ({
    caseId: r.caseId,
    ...(r.role === null ? {} : { role: r.role }),
    pass: r.pass,
    passed: passed(r),
    sql: r.sql,
    rowsDigest: r.rowsDigest,
  }));
}

describe('BoardTally', () => {
  it('counts what @nl2sql/gate counts, in any order of arrival, with sums taken in task order', () => {
    fc.assert(
      fc.property(
        caseRuns,
        fc.integer({ min: 2, max: 3 }),
        fc.boolean(),
        (records, passes, curated) => {
          const options = { retrieval: false, passes, curated, faithfulness: true };
          const inOrder = BoardTally.over(records, options).runMetrics();
          // The same case runs arriving in reverse (as a resume or three shards might give them).
          const shuffled = new BoardTally(options);
          for (let i = records.length - 1; i >= 0; i--) shuffled.add(records[i] as CaseResult, i);
          expect(shuffled.runMetrics()).toEqual(inOrder);

          const n = records.length;
          expect(inOrder.accuracy.execution.strict.count).toBe(
            records.filter((r) => r.status === 'pass').length,
          );
          expect(inOrder.accuracy_generated?.count ?? null).toBe(
            curated
              ? records.filter((r) => (r.generatedStatus ?? r.status) === 'pass').length
              : null,
          );
          expect(inOrder.dollars.total).toBe(records.reduce((s, r) => s + (r.costUsd ?? 0), 0));
          const latencies = records.flatMap((r) => (r.latencyMs === null ? [] : [r.latencyMs]));
          expect(inOrder.latency.p95_ms).toBe(percentile(latencies, 95));
          expect(inOrder.suspect?.count).toBe(records.filter((r) => r.suspect !== null).length);
          if (n === 0) {
            expect(inOrder.pass_k).toBeNull();
            expect(inOrder.pass_at_k).toBeNull();
            return;
          }
          const strict = passK(byCase(gateRuns(records, (r) => r.status === 'pass')));
          const lenient = passK(byCase(gateRuns(records, (r) => r.lenientStatus === 'pass')));
          expect(inOrder.pass_k?.strict).toEqual({
            count: strict.count,
            total: strict.total,
            rate: strict.count / strict.total,
          });
          expect(inOrder.pass_k?.lenient.count).toBe(lenient.count);
          // Any of k: the cases (and roles) some pass passed; first of k: those pass 1 passed.
          const groups = new Map<string, CaseResult[]>();
          for (const r of records) {
            const key = `${r.caseId}@${r.role}`;
            groups.set(key, [...(groups.get(key) ?? []), r]);
          }
          const rate = (count: number) => ({
            count,
            total: groups.size,
            rate: count / groups.size,
          });
          const count = (ok: (runs: CaseResult[]) => boolean) =>
            [...groups.values()].filter(ok).length;
          expect(inOrder.pass_at_k).toEqual({
            k: passes,
            strict: rate(count((runs) => runs.some((r) => r.status === 'pass'))),
            lenient: rate(count((runs) => runs.some((r) => r.lenientStatus === 'pass'))),
            first: {
              strict: rate(count((runs) => runs.some((r) => r.pass === 1 && r.status === 'pass'))),
              lenient: rate(
                count((runs) => runs.some((r) => r.pass === 1 && r.lenientStatus === 'pass')),
              ),
            },
          });
          const passAtK = inOrder.pass_at_k;
          expect(
            passAtK && inOrder.pass_k && passAtK.strict.count >= inOrder.pass_k.strict.count,
          ).toBe(true);
          expect(passAtK && passAtK.strict.count >= passAtK.first.strict.count).toBe(true);
          const d = determinism(byCase(gateRuns(records, (r) => r.status === 'pass')));
          expect(inOrder.determinism).toEqual(
            d.rate === null
              ? null
              : { cases: d.cases, deterministic: d.deterministic, rate: d.rate },
          );
          const unfaithful = records.filter((r) => r.scores.faithfulness?.pass === false);
          expect(inOrder.faithfulness?.unfaithful.map((u) => [u.case_id, u.role, u.pass])).toEqual(
            unfaithful.map((r) => [r.caseId, r.role, r.pass]),
          );
        },
      ),
    );
  });

  it('a dollar sum does not depend on the order costs arrive in (float addition is not associative)', () => {
    const costs = [0.1, 0.2, 0.3];
    const records = costs.map((costUsd, i) => caseResultOf(`c${i}`, { costUsd }));
    const options = { retrieval: false, passes: 1, curated: false, faithfulness: false };
    const expected = costs.reduce((a, b) => a + b, 0);
    for (const order of [
      [0, 1, 2],
      [2, 1, 0],
      [1, 2, 0],
    ]) {
      const tally = new BoardTally(options);
      for (const i of order) tally.add(records[i] as CaseResult, i);
      expect(tally.runMetrics().dollars.total).toBe(expected);
    }
    // Summed in arrival order, the reverse would read differently: the order is what keeps it.
    expect([...costs].reverse().reduce((a, b) => a + b, 0)).not.toBe(expected);
  });

  it('a retrieval board takes its means in task order too', () => {
    const recall = (caseId: string, table: number, column: number) =>
      caseResultOf(caseId, {
        scores: {
          retrieval_recall: {
            pass: table === 1,
            lenient: table === 1,
            explanation: null,
            kind: 'execution',
            detail: {
              table_recall: table,
              column_recall: column,
              missed_tables: table === 1 ? [] : ['Album'],
              missed_columns: [],
              tables_sent: ['Artist', 'Album'],
              columns_sent: ['Artist.Name'],
            },
          },
        },
      });
    const records = [recall('a', 1, 0.1), recall('b', 0.5, 0.2), recall('c', 1, 0.7)];
    const options = { retrieval: true, passes: 1, curated: false, faithfulness: false };
    const tally = new BoardTally(options);
    for (const i of [2, 0, 1]) tally.add(records[i] as CaseResult, i);
    expect(tally.metrics()).toEqual({
      retrieval: {
        cases: 3,
        table_recall: (1 + 0.5 + 1) / 3,
        column_recall: (0.1 + 0.2 + 0.7) / 3,
        // Issue 29: every needed table sent, by the name 001 §8 gives it (older case records
        // carry no precision, so none is reported).
        all_tables_hit: { count: 2, total: 3, rate: 2 / 3 },
        perfect_tables: 2,
        perfect_columns: 3,
        tables_sent: 2,
        columns_sent: 1,
        routing: null,
        relationships_recall: null,
        element_recall: null,
        complete: null,
        reference_matches: null,
        boundary_as_expected: null,
      },
    });
  });

  it('means precision@k over the case runs that carry it, beside recall', () => {
    const sent = (caseId: string, table_precision?: number, column_precision?: number) =>
      caseResultOf(caseId, {
        scores: {
          retrieval_recall: {
            pass: true,
            lenient: true,
            explanation: null,
            kind: 'execution',
            detail: {
              table_recall: 1,
              column_recall: 1,
              ...(table_precision === undefined ? {} : { table_precision, column_precision }),
              missed_tables: [],
              missed_columns: [],
              tables_sent: ['Artist', 'Album'],
              columns_sent: ['Artist.Name'],
            },
          },
        },
      });
    const records = [sent('a', 0.5, 0.25), sent('b', 1, 0.75), sent('c')];
    const options = { retrieval: true, passes: 1, curated: false, faithfulness: false };
    const board = BoardTally.over(records, options).metrics() as {
      retrieval: Record<string, unknown>;
    };
    expect(board.retrieval).toMatchObject({
      cases: 3,
      table_precision: 0.75,
      column_precision: 0.5,
      all_tables_hit: { count: 3, total: 3, rate: 1 },
    });
  });

  it("counts spec 003's selection figures where the scorer had the schema, in any order", () => {
    const selection = (caseId: string, element: number, extra: Record<string, unknown>) =>
      caseResultOf(caseId, {
        scores: {
          retrieval_recall: {
            pass: true,
            lenient: true,
            explanation: null,
            kind: 'execution',
            detail: {
              table_recall: 1,
              column_recall: 1,
              missed_tables: [],
              missed_columns: [],
              tables_sent: ['Artist'],
              columns_sent: ['Artist.Name'],
              relationships_recall: element / 2,
              element_recall: element,
              ...extra,
            },
          },
        },
      });
    const records = [
      selection('a', 0.3, { complete: true, reference_query: { status: 'matched' } }),
      selection('b', 0.9, { complete: false, status_as_expected: true }),
      selection('c', 0.1, {
        complete: true,
        reference_query: { status: 'differs' },
        status_as_expected: false,
      }),
    ];
    const options = { retrieval: true, passes: 1, curated: false, faithfulness: false };
    const tally = new BoardTally(options);
    for (const i of [1, 2, 0]) tally.add(records[i] as CaseResult, i);
    const board = tally.metrics() as { retrieval: Record<string, unknown> };
    expect(board.retrieval).toMatchObject({
      relationships_recall: (0.15 + 0.45 + 0.05) / 3,
      element_recall: (0.3 + 0.9 + 0.1) / 3,
      complete: { count: 2, total: 3 },
      reference_matches: { count: 1, total: 2 },
      boundary_as_expected: { count: 1, total: 2 },
    });
    expect(tally.metrics()).toEqual(BoardTally.over(records, options).metrics());
  });
});
