import { CHINOOK_TABLES, chinookForTests } from '@nl2sql/datasets';
import { type Datasource, DatasourceError } from '@nl2sql/datasource';
import { type AskTrace, GENERIC_REFUSAL } from '@nl2sql/engine';
import type { EvalCase } from '@nl2sql/suite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CuratedAnswers } from '../src/curated-answers.js';
import { DECOMPOSER_SCHEMA_NAME } from '../src/decomposer.js';
import { PLANNER_SCHEMA, PLANNER_SCHEMA_NAME } from '../src/planner.js';
import { ReferenceEngine } from '../src/reference-engine.js';
import { REFINER_SCHEMA_NAME } from '../src/refiner.js';
import { RESOLVER_SCHEMA_NAME } from '../src/resolver.js';
import { fillNulls } from '../src/strict-fill.js';
import { SYNTHESIZER_SCHEMA_NAME } from '../src/synthesizer.js';
import { type ChinookRig, chinookRig } from './chinook-fixture.js';
import { rowsMatch } from './rows-match.js';

// Tests that read the real Chinook database skip, with the reason printed, where the
// documented lookup cannot find it (never under CI, where a missing database is a failure).
const chinook = await chinookForTests();
const noChinook = chinook.path === undefined;

let rig: ChinookRig;
const byId = (id: string): EvalCase => {
  const c = rig.suite.cases.find((x) => x.id === id);
  if (!c) throw new Error(`no case ${id}`);
  return c;
};
const traceOf = (t: unknown) => t as AskTrace;

beforeAll(async () => {
  if (noChinook) return;
  rig = await chinookRig();
});
afterAll(async () => {
  if (noChinook) return;
  await rig.close();
});
beforeEach(() => {
  if (noChinook) return;
  rig.server.reset();
});

/** A datasource that fails its first `failures` executions with `code`, then works. */
function flaky(
  inner: Datasource,
  code: 'EXECUTION' | 'TIMEOUT' | 'CONNECTION',
  failures = 1,
): Datasource {
  let left = failures;
  return {
    engine: inner.engine,
    introspect: (o) => inner.introspect(o),
    fingerprint: () => inner.fingerprint(),
    close: async () => {},
    execute: async (sql, o) => {
      if (left > 0) {
        left--;
        throw new DatasourceError(code, `injected ${code} failure`, {
          databaseMessage: 'no such column: t.Nmae',
          sql,
        });
      }
      return inner.execute(sql, o);
    },
  };
}

describe.skipIf(noChinook)('the retriever in the reference engine', () => {
  it("retrieves in the role's scope: the catalog role is never sent customers or invoices", async () => {
    const engine = rig.engine({ retrieval: { fullSnapshotMaxTables: 0 } });
    const question = 'How many tracks did each customer buy, by invoice country?';
    const admin = await engine.retrieve({ question, datasource: 'chinook', role: 'admin' });
    expect(admin.tables_sent).toEqual(expect.arrayContaining(['Customer', 'Invoice']));
    const catalog = await engine.retrieve({ question, datasource: 'chinook', role: 'catalog' });
    for (const table of ['Customer', 'Employee', 'Invoice', 'InvoiceLine']) {
      expect(catalog.tables_sent).not.toContain(table);
      expect(catalog.columns_sent.join(' ')).not.toContain(`${table}.`);
      expect((catalog.relationships_sent ?? []).join(' ')).not.toContain(`${table}(`);
    }
  });

  it('tells the planner the selection state instead of guessing, and records it in the trace', async () => {
    const engine = rig.engine({ retrieval: { fullSnapshotMaxTables: 0 } });
    // No word of this question names anything in Chinook's schema.
    const c = byId('chinook_014');
    const reply = await engine.ask({ question: c.question, role: 'admin' });
    const trace = traceOf(reply.trace);
    expect(trace.retrieval?.selection_status).toBe('no_candidates');
    expect(trace.retrieval?.tables_sent).toEqual([]);
    const planner = rig.server.requests.find((r) => r.schemaName === PLANNER_SCHEMA_NAME);
    expect(planner?.lastUserText).toContain('Schema selection: no_candidates');
    // A ready selection adds no state line.
    rig.server.reset();
    await engine.ask({ question: byId('chinook_002').question, role: 'admin' });
    const ready = rig.server.requests.find((r) => r.schemaName === PLANNER_SCHEMA_NAME);
    expect(ready?.lastUserText).toContain('Foreign keys:');
    expect(ready?.lastUserText).not.toContain('Schema selection:');
  });
});

describe.skipIf(noChinook)('ReferenceEngine on Chinook with gold plans', () => {
  it.each(['chinook_001', 'chinook_002', 'chinook_003', 'chinook_004'])(
    'answers %s for admin with the gold rows and a full trace',
    async (id) => {
      const c = byId(id);
      const reply = await rig.engine().ask({ question: c.question, role: 'admin' });
      expect(reply.error).toBeNull();
      expect(reply.status).toBe('success');
      expect(reply.results).toHaveLength(1);
      expect(rowsMatch(reply.results[0]?.rows ?? [], c.rows ?? [], c.order_matters)).toBe(true);
      expect(reply.answer).toMatch(/row|answer is/);
      const trace = traceOf(reply.trace);
      expect(trace.curated).toBe(false);
      expect(trace.datasource).toBe('chinook');
      expect(trace.sql).toEqual([reply.sql]);
      expect(trace.plan).toEqual(expect.objectContaining({ from: expect.anything() }));
      // 11 tables is under fullSnapshotMaxTables (15): the whole schema is sent.
      expect(trace.retrieval?.full_snapshot).toBe(true);
      expect(trace.retrieval?.tables_sent).toHaveLength(11);
      expect(trace.nodes.map((n) => n.node)).toEqual([
        'introspect',
        'resolver',
        'decomposer',
        'retriever',
        'planner',
        'validator',
        'generator',
        'safety',
        'executor',
        'synthesizer',
      ]);
      expect(trace.nodes.every((n) => n.status === 'ok' && n.ms >= 0)).toBe(true);
      expect(reply.usage.map((u) => u.node)).toEqual([
        'resolver',
        'decomposer',
        'planner',
        'synthesizer',
      ]);
      expect(reply.usage[0]).toMatchObject({
        input: 1200,
        cached: 400,
        output: 300,
        reasoning: 120,
      });
    },
  );

  it('refuses a role whose scope lacks a table, with the generic message and no rows', async () => {
    const c = byId('chinook_001'); // reads Customer: refused for catalog
    expect(c.outcome.catalog).toBe('refused');
    const reply = await rig.engine().ask({ question: c.question, role: 'catalog' });
    expect(reply.status).toBe('error');
    expect(reply.error).toEqual({ code: 'SECURITY_VIOLATION', message: GENERIC_REFUSAL });
    expect(reply.results).toEqual([]);
    for (const table of CHINOOK_TABLES) expect(reply.error?.message).not.toContain(table);
    // Refused before any SQL was written or run.
    expect(traceOf(reply.trace).nodes.map((n) => n.node)).not.toContain('executor');
    expect(reply.sql).toBeNull();
  });

  it('names the refused table only when revealRefusedTable is on', async () => {
    const c = byId('chinook_001');
    const reply = await rig
      .engine({ revealRefusedTable: true })
      .ask({ question: c.question, role: 'catalog' });
    expect(reply.error?.code).toBe('SECURITY_VIOLATION');
    expect(reply.error?.message).toBe('Role "catalog" may not read table Customer.');
  });

  it('runs a role on its own login and answers a database refusal as the refused outcome', async () => {
    // A datasource with one login per role (PostgreSQL's shape): the role `catalog`'s login
    // is refused by the database (PERMISSION_DENIED naming the table), `sales`' login reads.
    // No policy: only the database stands between the role and the data.
    const asked: string[] = [];
    const refusing: Datasource = {
      engine: 'sqlite',
      roles: ['catalog', 'sales'],
      execute: (sql, options) => rig.datasource.execute(sql, options),
      introspect: (options) => rig.datasource.introspect(options),
      fingerprint: () => rig.datasource.fingerprint(),
      close: async () => undefined,
      forRole: (role) => ({
        ...refusing,
        roles: [],
        execute: async (sql, options) => {
          asked.push(role);
          if (role === 'sales') return rig.datasource.execute(sql, options);
          throw new DatasourceError('PERMISSION_DENIED', 'permission denied for table Track');
        },
      }),
    };
    const engine = rig.engine({
      datasources: [{ id: 'chinook', datasource: refusing }],
      policy: undefined,
    });
    const c = byId('chinook_002');
    const refused = await engine.ask({ question: c.question, role: 'catalog' });
    expect(refused.error).toEqual({ code: 'SECURITY_VIOLATION', message: GENERIC_REFUSAL });
    expect(refused.results).toEqual([]);
    expect(JSON.stringify(refused)).not.toContain('permission denied for table');
    // Refused by the database: no refinement round, and the answer is not synthesised.
    const nodes = traceOf(refused.trace).nodes.map((n) => n.node);
    expect(nodes).toContain('executor');
    expect(nodes).not.toContain('refiner');
    expect(nodes).not.toContain('synthesizer');
    const allowed = await engine.ask({ question: c.question, role: 'sales' });
    expect(allowed.status).toBe('success');
    expect(asked).toEqual(['catalog', 'sales']);
    // A project's refusal message is what a database refusal says too.
    const worded = rig.engine({
      datasources: [{ id: 'chinook', datasource: refusing }],
      policy: undefined,
      refusalMessage: 'That is outside your access.',
    });
    expect((await worded.ask({ question: c.question, role: 'catalog' })).error).toEqual({
      code: 'SECURITY_VIOLATION',
      message: 'That is outside your access.',
    });
  });

  it('refuses a role the policy does not name', async () => {
    const reply = await rig
      .engine()
      .ask({ question: byId('chinook_002').question, role: 'intern' });
    expect(reply.error).toEqual({ code: 'SECURITY_VIOLATION', message: GENERIC_REFUSAL });
  });

  it.each(['chinook_044', 'chinook_045', 'chinook_046', 'chinook_047'])(
    'reports %s as QUESTION_NOT_ANSWERABLE from the resolver',
    async (id) => {
      const c = byId(id);
      expect(Object.values(c.outcome).every((o) => o === 'unanswerable')).toBe(true);
      const reply = await rig.engine().ask({ question: c.question, role: 'admin' });
      expect(reply.status).toBe('error');
      expect(reply.error?.code).toBe('QUESTION_NOT_ANSWERABLE');
      expect(reply.results).toEqual([]);
      expect(traceOf(reply.trace).nodes.at(-1)).toMatchObject({ node: 'resolver', status: 'ok' });
    },
  );

  it('reaches every outcome of every approved case for every role (mode plans)', async () => {
    const engine = rig.engine();
    const misses: string[] = [];
    let runs = 0;
    for (const c of rig.suite.cases.filter((x) => x.approved)) {
      for (const [role, outcome] of Object.entries(c.outcome)) {
        runs++;
        const r = await engine.ask({ question: c.question, role });
        const ok =
          outcome === 'allowed'
            ? r.status === 'success' &&
              rowsMatch(r.results[0]?.rows ?? [], c.rows ?? [], c.order_matters)
            : outcome === 'refused'
              ? r.error?.code === 'SECURITY_VIOLATION' &&
                r.error.message === GENERIC_REFUSAL &&
                r.results.length === 0
              : r.error?.code === 'QUESTION_NOT_ANSWERABLE' && r.results.length === 0;
        if (!ok)
          misses.push(
            `${c.id}/${role}: expected ${outcome}, got ${r.status} ${r.error?.code ?? ''}`,
          );
      }
    }
    expect(misses).toEqual([]);
    expect(runs).toBeGreaterThan(100);
  });
});

describe.skipIf(noChinook)('refiner', () => {
  it('recovers from an injected execution error, fed the error', async () => {
    const datasource = flaky(rig.datasource, 'EXECUTION');
    const engine = rig.engine({ datasources: [{ id: 'chinook', datasource }] });
    const c = byId('chinook_002');
    const reply = await engine.ask({ question: c.question, role: 'admin' });
    expect(reply.status).toBe('success');
    expect(rowsMatch(reply.results[0]?.rows ?? [], c.rows ?? [], true)).toBe(true);
    const trace = traceOf(reply.trace);
    expect(trace.refinements).toBe(1);
    expect(trace.sql).toHaveLength(2);
    expect(trace.nodes.filter((n) => n.node === 'executor').map((n) => n.status)).toEqual([
      'error',
      'ok',
    ]);
    const asked = rig.server.requests.find((r) => r.schemaName === REFINER_SCHEMA_NAME);
    expect(asked?.lastUserText).toContain(
      'EXECUTION_ERROR: injected EXECUTION failure (no such column: t.Nmae)',
    );
    expect(reply.usage.map((u) => u.node)).toContain('refiner');
  });

  it('repairs an invalid plan with the refined one', async () => {
    const c = byId('chinook_002');
    const bad = structuredClone(c.plan) as unknown as Record<string, unknown>;
    bad.from = { table: 'Track', alias: 't' };
    (bad.select as Array<{ expr: unknown }>)[0] = {
      expr: { kind: 'column', table: 'g', column: 'Nmae' },
    };
    const plannerAnswer = { clarification: null, plan: null };
    rig.server.fault(
      { kind: 'answer', value: { ...plannerAnswer, plan: fillPlan(bad) } },
      { schemaName: PLANNER_SCHEMA_NAME },
    );
    rig.server.fault(
      { kind: 'answer', value: { explanation: 'fixed the column', plan: fillPlan(c.plan) } },
      { schemaName: REFINER_SCHEMA_NAME },
    );
    const reply = await rig.engine().ask({ question: c.question, role: 'admin' });
    expect(reply.status).toBe('success');
    expect(traceOf(reply.trace).refinements).toBe(1);
    const asked = rig.server.requests.find((r) => r.schemaName === REFINER_SCHEMA_NAME);
    expect(asked?.lastUserText).toContain('INVALID_PLAN');
    expect(asked?.lastUserText).toContain('Nmae');
  });

  it('is bounded: a failure that persists ends in its typed error after one round', async () => {
    const datasource = flaky(rig.datasource, 'EXECUTION', 5);
    const reply = await rig
      .engine({ datasources: [{ id: 'chinook', datasource }] })
      .ask({ question: byId('chinook_002').question, role: 'admin' });
    expect(reply.error?.code).toBe('EXECUTION_ERROR');
    expect(traceOf(reply.trace).refinements).toBe(1);
    expect(rig.server.requests.filter((r) => r.schemaName === REFINER_SCHEMA_NAME)).toHaveLength(1);
  });

  it('can be switched off (maxRefinements 0)', async () => {
    const datasource = flaky(rig.datasource, 'TIMEOUT');
    const reply = await rig
      .engine({ datasources: [{ id: 'chinook', datasource }], maxRefinements: 0 })
      .ask({ question: byId('chinook_002').question, role: 'admin' });
    expect(reply.error?.code).toBe('TIMEOUT');
    expect(traceOf(reply.trace).refinements).toBe(0);
  });
});

function fillPlan(plan: unknown): unknown {
  return (fillNulls(PLANNER_SCHEMA, { clarification: null, plan }) as { plan: unknown }).plan;
}

describe.skipIf(noChinook)('faults end in typed errors, never a hang', () => {
  const question = () => byId('chinook_002').question;
  it.each([
    ['a 500', { kind: 'status', status: 500 } as const, 'LLM_ERROR'],
    [
      'a 429 with a long Retry-After',
      { kind: 'rate_limit', retryAfterSeconds: 3600 } as const,
      'LLM_ERROR',
    ],
    ['malformed JSON', { kind: 'malformed' } as const, 'LLM_ERROR'],
    ['a dropped connection', { kind: 'drop' } as const, 'LLM_ERROR'],
    ['a slow answer', { kind: 'slow', delayMs: 5000 } as const, 'TIMEOUT'],
    [
      'output that never fits the schema',
      { kind: 'answer', value: { nonsense: true } } as const,
      'LLM_ERROR',
    ],
  ])('%s from each LLM node', async (_what, fault, code) => {
    const fast = await chinookRig({ timeoutMs: 300 });
    try {
      for (const schemaName of [
        RESOLVER_SCHEMA_NAME,
        DECOMPOSER_SCHEMA_NAME,
        PLANNER_SCHEMA_NAME,
        SYNTHESIZER_SCHEMA_NAME,
      ]) {
        fast.server.reset();
        fast.server.fault(fault, { schemaName, times: 2 });
        const reply = await fast.engine().ask({ question: question(), role: 'admin' });
        expect(reply.status, schemaName).toBe('error');
        expect(reply.error?.code, schemaName).toBe(code);
        expect(reply.results).toEqual([]);
        const failed = traceOf(reply.trace).nodes.find((n) => n.status === 'error');
        expect(failed?.error, schemaName).toEqual(
          code === 'LLM_ERROR' ? expect.any(String) : 'TIMEOUT',
        );
      }
    } finally {
      await fast.close();
    }
  });

  it('a failed LLM node still reports the calls it was billed for (cost cap)', async () => {
    // The planner answers nonsense twice: the first answer and the corrective retry were both
    // answered, so both are billed, although the node failed.
    rig.server.fault(
      { kind: 'answer', value: { nonsense: true } },
      { schemaName: PLANNER_SCHEMA_NAME, times: 2 },
    );
    const reply = await rig.engine().ask({ question: question(), role: 'admin' });
    expect(reply.error?.code).toBe('LLM_ERROR');
    expect(reply.usage.map((u) => u.node)).toEqual([
      'resolver',
      'decomposer',
      'planner',
      'planner',
    ]);
  });

  it("a fault in the refiner ends the ask with the refiner's error", async () => {
    rig.server.fault({ kind: 'status', status: 500 }, { schemaName: REFINER_SCHEMA_NAME });
    const datasource = flaky(rig.datasource, 'EXECUTION');
    const reply = await rig
      .engine({ datasources: [{ id: 'chinook', datasource }] })
      .ask({ question: question(), role: 'admin' });
    expect(reply.error?.code).toBe('LLM_ERROR');
    expect(traceOf(reply.trace).nodes.at(-1)).toMatchObject({ node: 'refiner', status: 'error' });
  });

  it('a lost database connection is an EXECUTION_ERROR without refinement', async () => {
    const datasource = flaky(rig.datasource, 'CONNECTION');
    const reply = await rig
      .engine({ datasources: [{ id: 'chinook', datasource }] })
      .ask({ question: question(), role: 'admin' });
    expect(reply.error?.code).toBe('EXECUTION_ERROR');
    expect(traceOf(reply.trace).refinements).toBe(0);
  });

  it('askTimeoutMs bounds the whole ask', async () => {
    rig.server.fault({ kind: 'slow', delayMs: 3000 }, { schemaName: PLANNER_SCHEMA_NAME });
    const started = Date.now();
    const reply = await rig
      .engine({ askTimeoutMs: 200 })
      .ask({ question: question(), role: 'admin' });
    expect(reply.error?.code).toBe('TIMEOUT');
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it('a cancelled ask is CANCELLED', async () => {
    rig.server.fault({ kind: 'slow', delayMs: 3000 }, { schemaName: PLANNER_SCHEMA_NAME });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const reply = await rig
      .engine()
      .ask({ question: question(), role: 'admin' }, { signal: controller.signal });
    expect(reply.error?.code).toBe('CANCELLED');
  });

  it('rejects bad requests and unknown datasources as values', async () => {
    const engine = rig.engine();
    expect((await engine.ask({ question: ' ', role: 'admin' })).error?.code).toBe(
      'INVALID_REQUEST',
    );
    expect((await engine.ask({ question: 'q', role: '' })).error?.code).toBe('INVALID_REQUEST');
    const unknown = await engine.ask({ question: question(), role: 'admin', datasource: 'nope' });
    expect(unknown.error).toEqual({
      code: 'UNKNOWN_DATASOURCE',
      message: 'unknown datasource "nope"',
    });
  });
});

describe.skipIf(noChinook)('clarify, curated answers and the plan cache', () => {
  it('returns clarify with the question back when the planner flags the question', async () => {
    rig.server.fault(
      { kind: 'answer', value: { clarification: 'Which year do you mean?', plan: null } },
      { schemaName: PLANNER_SCHEMA_NAME },
    );
    const reply = await rig.engine().ask({ question: byId('chinook_004').question, role: 'admin' });
    expect(reply).toMatchObject({
      status: 'clarify',
      answer: 'Which year do you mean?',
      error: null,
      sql: null,
    });
    expect(reply.results).toEqual([]);
  });

  it('answers a curated question from the bank without a plan', async () => {
    const c = byId('chinook_001');
    const curated = new CuratedAnswers([
      { question: c.question, datasource: 'chinook', sql: `${c.sql} LIMIT 100` },
    ]);
    const engine = rig.engine({ curated, useCurated: true });
    const reply = await engine.ask({ question: `  ${c.question.toUpperCase()}  `, role: 'admin' });
    expect(reply.status).toBe('success');
    expect(rowsMatch(reply.results[0]?.rows ?? [], c.rows ?? [], c.order_matters)).toBe(true);
    const trace = traceOf(reply.trace);
    expect(trace.curated).toBe(true);
    expect(trace.plan).toBeNull();
    expect(rig.server.requests.map((r) => r.schemaName)).not.toContain(PLANNER_SCHEMA_NAME);
    // Built with them off, the same question takes the planner's path.
    const off = rig.engine({ curated, useCurated: false });
    const generated = await off.ask({ question: c.question, role: 'admin' });
    expect(traceOf(generated.trace).curated).toBe(false);
    expect(rig.server.requests.map((r) => r.schemaName)).toContain(PLANNER_SCHEMA_NAME);
  });

  it('still refuses and safety-checks curated SQL', async () => {
    const c = byId('chinook_001');
    const refusing = rig.engine({
      curated: [{ question: c.question, datasource: 'chinook', sql: `${c.sql} LIMIT 100` }],
      useCurated: true,
    });
    const refused = await refusing.ask({ question: c.question, role: 'catalog' });
    expect(traceOf(refused.trace).curated).toBe(true);
    expect(refused.error).toEqual({ code: 'SECURITY_VIOLATION', message: GENERIC_REFUSAL });
    const unbounded = rig.engine({
      curated: [{ question: c.question, datasource: 'chinook', sql: c.sql ?? '' }],
      useCurated: true,
    });
    expect((await unbounded.ask({ question: c.question, role: 'admin' })).error?.code).toBe(
      'UNSAFE_SQL',
    );
  });

  it('holds a role to its column lists: curated SQL and a gold plan reading a denied column are refused', async () => {
    // support reads Customer but not its Email; the curated SQL reads it through `*`.
    const policy = {
      roles: {
        support: {
          tables: ['Customer'],
          columns: { Customer: ['CustomerId', 'FirstName', 'LastName', 'Country'] },
        },
        admin: { tables: ['Customer'] },
      },
    };
    // Two of the suite's questions (the fake resolver knows them), answered from the bank.
    const question = byId('chinook_001').question;
    const other = byId('chinook_002').question;
    const curated = [
      { question, datasource: 'chinook', sql: 'SELECT * FROM Customer LIMIT 5' },
      {
        question: other,
        datasource: 'chinook',
        sql: 'SELECT DISTINCT Country FROM Customer ORDER BY Country LIMIT 100',
      },
    ];
    const engine = rig.engine({ policy, curated, useCurated: true });
    const leaked = await engine.ask({ question, role: 'support' });
    expect(leaked.error).toEqual({ code: 'SECURITY_VIOLATION', message: GENERIC_REFUSAL });
    expect(leaked.results).toEqual([]);
    expect((await engine.ask({ question, role: 'admin' })).status).toBe('success');
    const allowed = await engine.ask({ question: other, role: 'support' });
    expect(allowed.status).toBe('success');
    // A gold plan reading a column outside the role's list is refused by the validator, before
    // any SQL is written.
    const c = byId('chinook_001');
    const reads = c.columns ?? [];
    const [table, column] = (reads[0] ?? '').split('.') as [string, string];
    const others = (rig.suite.cases.flatMap((x) => x.columns ?? []) as string[])
      .filter((pair) => pair.startsWith(`${table}.`) && pair !== `${table}.${column}`)
      .map((pair) => pair.slice(table.length + 1));
    const narrowed = rig.engine({
      policy: {
        roles: {
          narrow: { tables: c.tables ?? [], columns: { [table]: [...new Set(others)] } },
        },
      },
    });
    const refused = await narrowed.ask({ question: c.question, role: 'narrow' });
    expect(refused.error).toEqual({ code: 'SECURITY_VIOLATION', message: GENERIC_REFUSAL });
    expect(refused.sql).toBeNull();
  });

  it('replays a cached plan (RBAC still applies), and not when built without the cache', async () => {
    const c = byId('chinook_001');
    const engine = rig.engine({ usePlanCache: true });
    await engine.ask({ question: c.question, role: 'admin' });
    const planned = rig.server.requests.filter((r) => r.schemaName === PLANNER_SCHEMA_NAME).length;
    const again = await engine.ask({ question: c.question, role: 'admin' });
    expect(traceOf(again.trace).plan_cached).toBe(true);
    expect(rows(again)).toEqual(rows(again));
    expect(rig.server.requests.filter((r) => r.schemaName === PLANNER_SCHEMA_NAME)).toHaveLength(
      planned,
    );
    const refused = await engine.ask({ question: c.question, role: 'catalog' });
    expect(refused.error?.code).toBe('SECURITY_VIOLATION');
    const uncached = rig.engine({ usePlanCache: false });
    await uncached.ask({ question: c.question, role: 'admin' });
    const fresh = await uncached.ask({ question: c.question, role: 'admin' });
    expect(traceOf(fresh.trace).plan_cached).toBe(false);
  });
});

describe.skipIf(noChinook)('options are fixed at construction', () => {
  it('exposes the switches read-only: assigning one throws and changes nothing', () => {
    const engine = rig.engine({ useCurated: true, usePlanCache: true, revealRefusedTable: true });
    for (const key of ['useCurated', 'usePlanCache', 'revealRefusedTable'] as const) {
      expect(() => {
        (engine as unknown as Record<string, boolean>)[key] = false;
      }).toThrow(TypeError);
      expect(engine[key]).toBe(true);
    }
  });

  it('a change to the options object after construction changes nothing', async () => {
    const options = {
      llm: rig.llm,
      datasources: [{ id: 'chinook', datasource: rig.datasource }],
      useCurated: false,
      retrieval: { kTables: 5 },
    };
    const engine = new ReferenceEngine(options);
    options.useCurated = true;
    options.retrieval.kTables = 2;
    const described = await engine.describe();
    expect(engine.useCurated).toBe(false);
    expect(described.settings).toMatchObject({ useCurated: false, retrieval: { kTables: 5 } });
  });
});

function rows(reply: { results: Array<{ rows: unknown[] }> }): number {
  return reply.results[0]?.rows.length ?? -1;
}
