import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type CandidateSelection,
  completeSelection,
  coverage,
  type DeclaredRelationship,
  keyColumns,
  type RoleScope,
  readsRelationship,
  resolveRequirements,
  type SchemaSelection,
  type SchemaShape,
  type SelectionContext,
  selectCandidates,
  selectionContext,
} from '../src/index.js';
import {
  CUSTOMERS_TENANTS,
  DESTINATION,
  LINES_ORDERS,
  LINES_PRODUCTS,
  MANAGER,
  ORDERS_CUSTOMERS,
  ORDERS_TENANTS,
  ORIGIN,
  SHOP,
} from './fixtures/shop-schema.js';

const shop = (role?: RoleScope, declared?: DeclaredRelationship[]) =>
  selectionContext(SHOP, { ...(role ? { role } : {}), ...(declared ? { declared } : {}) });

describe('completeSelection on the shop schema', () => {
  it('leaves a one-table selection as it is', () => {
    const s = completeSelection({ columns: ['products.name'] }, shop());
    expect(s).toMatchObject({ status: 'ready', tables: ['products'], columns: ['products.name'] });
    expect(s.paths).toEqual([]);
    expect(s.notes).toEqual([]);
  });

  it('adds a bridge table with its key columns only, and says so', () => {
    const s = completeSelection({ columns: ['customers.name', 'products.name'] }, shop());
    expect(s.status).toBe('ready');
    expect(s.tables).toEqual(['customers', 'order_lines', 'orders', 'products']);
    expect(s.relationships).toEqual([LINES_ORDERS, LINES_PRODUCTS, ORDERS_CUSTOMERS]);
    expect(s.columns).not.toContain('order_lines.qty');
    expect(s.columns).not.toContain('orders.created_at');
    expect(s.paths).toEqual([
      {
        from: 'customers',
        to: 'products',
        relationships: [ORDERS_CUSTOMERS, LINES_ORDERS, LINES_PRODUCTS],
        bridges: ['order_lines', 'orders'],
      },
    ]);
    expect(s.notes).toEqual([
      'Added bridge tables: order_lines, orders',
      'Added key columns: customers.customer_id, customers.tenant_id, order_lines.order_id, ' +
        'order_lines.product_id, order_lines.tenant_id, orders.customer_id, orders.order_id, ' +
        'orders.tenant_id, products.product_id, products.tenant_id',
    ]);
  });

  it('reports two equally short paths with different meanings, and adds neither', () => {
    const s = completeSelection(
      { columns: ['shipments.tracking_number', 'warehouses.name'] },
      shop(),
    );
    expect(s.status).toBe('ambiguous_path');
    expect(s.columns).toEqual(['shipments.tracking_number', 'warehouses.name']);
    expect(s.relationships).toEqual([]);
    expect(s.notes).toEqual([DESTINATION, ORIGIN]);
    expect(s.problems).toEqual([
      {
        kind: 'ambiguous_path',
        from: 'shipments',
        to: 'warehouses',
        alternatives: [[DESTINATION], [ORIGIN]],
      },
    ]);
  });

  it('takes the one the retriever chose when a candidate relationship settles it', () => {
    const s = completeSelection(
      { columns: ['shipments.tracking_number', 'warehouses.name'], relationships: [ORIGIN] },
      shop(),
    );
    expect(s.status).toBe('ready');
    expect(s.relationships).toEqual([ORIGIN]);
  });

  it('is not ambiguous when the equally short paths mean the same join', () => {
    // orders and customers are joined on (tenant_id, customer_id); tenants can then be
    // reached from either: both say tenants.tenant_id = the orders' tenant.
    const s = completeSelection(
      { columns: ['customers.name', 'orders.created_at', 'tenants.name'] },
      shop(),
    );
    expect(s.status).toBe('ready');
    expect(s.relationships).toEqual([CUSTOMERS_TENANTS, ORDERS_CUSTOMERS]);
  });

  it('reports a table no relationship reaches, without joining on a same-named column', () => {
    const s = completeSelection({ columns: ['customers.name', 'invoices.amount'] }, shop());
    expect(s.status).toBe('no_authorized_path');
    expect(s.relationships).toEqual([]);
    expect(s.notes).toEqual(['customers → invoices: no approved, authorized path']);
    expect(s.problems).toEqual([
      { kind: 'no_authorized_path', from: 'customers', to: 'invoices', reason: 'none' },
    ]);
  });

  it('does not follow an unapproved relationship, and says that is why', () => {
    const declared = [
      { relationship: 'invoices(customer_id)->customers(customer_id)', approved: false },
    ];
    const s = completeSelection(
      { columns: ['customers.name', 'invoices.amount'] },
      shop(undefined, declared),
    );
    expect(s.problems).toEqual([
      { kind: 'no_authorized_path', from: 'customers', to: 'invoices', reason: 'unapproved' },
    ]);
    const approved = [{ ...declared[0]!, approved: true }];
    const joined = completeSelection(
      { columns: ['customers.name', 'invoices.amount'] },
      shop(undefined, approved),
    );
    expect(joined.status).toBe('ready');
    expect(joined.columns).toEqual([
      'customers.customer_id',
      'customers.name',
      'invoices.amount',
      'invoices.customer_id',
    ]);
  });

  it('does not walk through a table the role may not read', () => {
    const role = { tables: ['customers', 'order_lines', 'products'] };
    const s = completeSelection({ columns: ['customers.name', 'products.name'] }, shop(role));
    expect(s.status).toBe('no_authorized_path');
    expect(s.tables).toEqual(['customers', 'products']);
    expect(s.problems[0]).toMatchObject({ reason: 'denied' });
  });

  it('never brings back a denied key column to make a join', () => {
    const role = { deniedColumns: ['order_lines.tenant_id'] };
    const s = completeSelection({ columns: ['order_lines.qty', 'orders.created_at'] }, shop(role));
    expect(s.status).toBe('no_authorized_path');
    expect(s.columns).toEqual(['order_lines.qty', 'orders.created_at']);
    expect(s.problems).toEqual([
      { kind: 'no_authorized_path', from: 'order_lines', to: 'orders', reason: 'denied' },
    ]);
  });

  it('keeps the joins it could make when another table cannot be joined', () => {
    const s = completeSelection(
      { columns: ['customers.name', 'orders.created_at', 'invoices.amount'] },
      shop(),
    );
    expect(s.status).toBe('no_authorized_path');
    expect(s.relationships).toEqual([ORDERS_CUSTOMERS]);
    expect(s.problems.map((p) => p.to)).toEqual(['invoices']);
  });

  it('reports no_authorized_path over ambiguous_path when both happen', () => {
    const s = completeSelection(
      { columns: ['shipments.tracking_number', 'warehouses.name', 'invoices.amount'] },
      shop(),
    );
    expect(s.status).toBe('no_authorized_path');
    // Completion starts from the largest group of tables that can be joined at all, so the
    // odd one out is invoices, and the ambiguity between the other two is still reported.
    expect(s.problems.map((p) => [p.kind, p.from, p.to])).toEqual([
      ['no_authorized_path', 'shipments', 'invoices'],
      ['ambiguous_path', 'shipments', 'warehouses'],
    ]);
  });

  it('drops candidates outside the scope, with a note, and has nothing left: no_candidates', () => {
    const s = completeSelection({ columns: ['employees.salary'] }, shop({ tables: ['orders'] }));
    expect(s.status).toBe('no_candidates');
    expect(s.tables).toEqual([]);
    expect(s.notes).toEqual(["Dropped candidates outside the role's scope: employees.salary"]);
  });

  it('drops an unapproved candidate relationship', () => {
    const s = selectCandidates(
      { columns: [], relationships: [ORIGIN] },
      shop(undefined, [{ relationship: ORIGIN, approved: false }]),
    );
    expect(s.status).toBe('no_candidates');
    expect(s.notes).toEqual([`Dropped unapproved relationship: ${ORIGIN}`]);
  });

  it('keeps a self-referencing candidate relationship but never paths through one', () => {
    const s = completeSelection(
      { columns: ['employees.salary'], relationships: [MANAGER] },
      shop(),
    );
    expect(s.status).toBe('ready');
    expect(s.relationships).toEqual([MANAGER]);
    expect(s.columns).toEqual([
      'employees.employee_id',
      'employees.manager_id',
      'employees.salary',
    ]);
  });

  it('treats more equally short paths than it may examine as ambiguous', () => {
    const s = completeSelection(
      { columns: ['shipments.tracking_number', 'warehouses.name'] },
      shop(undefined, [{ relationship: ORIGIN, approved: false }]),
      { maxPaths: 1 },
    );
    expect(s.status).toBe('ready');
    const capped = completeSelection(
      { columns: ['shipments.tracking_number', 'warehouses.name'] },
      shop(),
      { maxPaths: 1 },
    );
    expect(capped.status).toBe('ambiguous_path');
    expect(capped.problems[0]).toMatchObject({ alternatives: [[DESTINATION]], more: 1 });
  });

  it('refuses a path budget that could examine nothing', () => {
    for (const maxPaths of [0, -1, 1.5, Number.NaN]) {
      expect(() =>
        completeSelection({ columns: ['orders.created_at'] }, shop(), { maxPaths }),
      ).toThrow(RangeError);
    }
  });

  it('does not depend on the order of the candidates', () => {
    const columns = ['warehouses.name', 'tenants.name', 'products.name', 'customers.name'];
    const a = completeSelection({ columns }, shop());
    const b = completeSelection({ columns: [...columns].reverse() }, shop());
    expect(b).toEqual(a);
  });

  it('takes a direct join over a longer route', () => {
    const s = completeSelection({ columns: ['orders.created_at', 'tenants.name'] }, shop());
    expect(s.relationships).toEqual([ORDERS_TENANTS]);
  });
});

// ---------------------------------------------------------------------------------------
// Invariants over random schemas, scopes and candidates.

interface World {
  schema: SchemaShape;
  declared: DeclaredRelationship[];
  role: RoleScope;
  candidates: CandidateSelection;
  required: string[];
}

const COLUMNS = ['id', 'k', 'v'];

const world: fc.Arbitrary<World> = fc.integer({ min: 1, max: 7 }).chain((n) => {
  const tables = Array.from({ length: n }, (_, i) => `t${i}`);
  const allColumns = tables.flatMap((t) => COLUMNS.map((c) => `${t}.${c}`));
  const end = fc.record({
    table: fc.constantFrom(...tables),
    columns: fc.constantFrom(['id'], ['k'], ['v'], ['id', 'k'], ['k', 'v']),
  });
  const relationship = fc.record({ from: end, to: end, approved: fc.boolean(), fk: fc.boolean() });
  return fc
    .record({
      relationships: fc.array(relationship, { maxLength: 12 }),
      readable: fc.subarray(tables),
      denied: fc.subarray(allColumns, { maxLength: Math.min(4, allColumns.length) }),
      candidates: fc.subarray(allColumns, { maxLength: Math.min(6, allColumns.length) }),
      required: fc.subarray(allColumns, {
        minLength: 1,
        maxLength: Math.min(8, allColumns.length),
      }),
    })
    .map(({ relationships, readable, denied, candidates, required }) => {
      const seen = new Set<string>();
      const fks = new Map<
        string,
        Array<{ columns: string[]; referencedTable: string; referencedColumns: string[] }>
      >();
      const declared: DeclaredRelationship[] = [];
      for (const r of relationships) {
        const to = { table: r.to.table, columns: r.to.columns.slice(0, r.from.columns.length) };
        const from = { table: r.from.table, columns: r.from.columns.slice(0, to.columns.length) };
        const label = `${from.table}(${from.columns})->${to.table}(${to.columns})`;
        if (seen.has(label)) continue;
        seen.add(label);
        if (r.fk) {
          fks.set(from.table, [
            ...(fks.get(from.table) ?? []),
            { columns: from.columns, referencedTable: to.table, referencedColumns: to.columns },
          ]);
          if (!r.approved) declared.push({ relationship: { from, to }, approved: false });
        } else {
          declared.push({ relationship: { from, to }, approved: r.approved });
        }
      }
      const schema: SchemaShape = {
        tables: tables.map((name) => ({
          name,
          columns: COLUMNS.map((c) => ({ name: c })),
          foreignKeys: fks.get(name) ?? [],
        })),
      };
      return {
        schema,
        declared,
        role: {
          tables: readable,
          deniedColumns: denied.filter((c) => readable.includes(c.split('.')[0]!)),
        },
        candidates: { columns: candidates },
        required,
      };
    });
});

function contextOfWorld(w: World): SelectionContext {
  return selectionContext(w.schema, { role: w.role, declared: w.declared });
}

/** The usable relationships, by an independent reading of the rules. */
function usable(context: SelectionContext) {
  return context.registry.all.filter(
    (r) => r.approved && readsRelationship(context.scope, r) && r.from.table !== r.to.table,
  );
}

function bfsDistance(context: SelectionContext, from: string, to: string): number | undefined {
  const edges = usable(context);
  const distance = new Map([[from, 0]]);
  const queue = [from];
  while (queue.length > 0) {
    const table = queue.shift()!;
    for (const r of edges) {
      const next =
        r.from.table === table ? r.to.table : r.to.table === table ? r.from.table : undefined;
      if (next !== undefined && !distance.has(next)) {
        distance.set(next, distance.get(table)! + 1);
        queue.push(next);
      }
    }
  }
  return distance.get(to);
}

function components(
  tables: readonly string[],
  relationships: Array<{ from: { table: string }; to: { table: string } }>,
) {
  const parent = new Map<string, string>();
  const find = (t: string): string => {
    const p = parent.get(t) ?? t;
    return p === t ? t : find(p);
  };
  for (const r of relationships) parent.set(find(r.from.table), find(r.to.table));
  return new Set(tables.map(find)).size;
}

// What a second completion must reproduce. A problem's `from` names the first table of the
// joined part, which can be a bridge the first completion added (t0 bridging t2 and t5), so it
// is left out; the tables left unjoined, why, and the alternatives must not change.
const chosen = (s: SchemaSelection) => ({
  status: s.status,
  tables: s.tables,
  columns: s.columns,
  relationships: s.relationships,
  problems: s.problems.map(({ from: _from, ...rest }) => rest),
});

describe('completeSelection invariants', () => {
  it('never adds a table, column or relationship outside the role scope', () => {
    fc.assert(
      fc.property(world, (w) => {
        const context = contextOfWorld(w);
        const s = completeSelection(w.candidates, context);
        for (const t of s.tables) expect(context.scope.readsTable(t)).toBe(true);
        for (const c of s.columns) expect(context.scope.readsColumn(c)).toBe(true);
        for (const id of s.relationships) {
          const r = context.registry.get(id);
          expect(r.approved).toBe(true);
          expect(readsRelationship(context.scope, r)).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(world, (w) => {
        const context = contextOfWorld(w);
        const once = completeSelection(w.candidates, context);
        expect(chosen(completeSelection(once, context))).toEqual(chosen(once));
      }),
      { numRuns: 300 },
    );
  });

  it('only adds to the scoped candidates, so no recall goes down', () => {
    fc.assert(
      fc.property(world, (w) => {
        const context = contextOfWorld(w);
        const before = selectCandidates(w.candidates, context);
        const after = completeSelection(w.candidates, context);
        for (const key of ['tables', 'columns', 'relationships'] as const) {
          expect(after[key]).toEqual(expect.arrayContaining([...before[key]]));
        }
        const required = resolveRequirements({ columns: w.required }, context.registry);
        const a = coverage(before, required);
        const b = coverage(after, required);
        expect(b.tablesRecall).toBeGreaterThanOrEqual(a.tablesRecall);
        expect(b.columnsRecall).toBeGreaterThanOrEqual(a.columnsRecall);
        expect(b.relationshipsRecall).toBeGreaterThanOrEqual(a.relationshipsRecall);
        expect(b.elementRecall).toBeGreaterThanOrEqual(a.elementRecall);
      }),
      { numRuns: 300 },
    );
  });

  it('adds only shortest approved, readable paths, each with its key columns', () => {
    fc.assert(
      fc.property(world, (w) => {
        const context = contextOfWorld(w);
        const s = completeSelection(w.candidates, context);
        for (const path of s.paths) {
          let at = path.from;
          for (const id of path.relationships) {
            const r = context.registry.get(id);
            expect(usable(context)).toContain(r);
            expect([r.from.table, r.to.table]).toContain(at);
            at = r.from.table === at ? r.to.table : r.from.table;
            for (const key of keyColumns(r)) expect(s.columns).toContain(key);
          }
          expect(at).toBe(path.to);
          expect(path.relationships.length).toBe(bfsDistance(context, path.from, path.to));
        }
        // An ambiguity names at least two equally short paths, each over usable relationships.
        for (const problem of s.problems) {
          if (problem.kind !== 'ambiguous_path') continue;
          const alternatives = problem.alternatives ?? [];
          expect(alternatives.length + (problem.more ?? 0)).toBeGreaterThanOrEqual(2);
          expect(new Set(alternatives.map((a) => a.length)).size).toBe(1);
          for (const id of alternatives.flat())
            expect(usable(context)).toContain(context.registry.get(id));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('says no_authorized_path exactly when the selected tables cannot all be joined', () => {
    fc.assert(
      fc.property(world, (w) => {
        const context = contextOfWorld(w);
        const scoped = selectCandidates(w.candidates, context);
        const s = completeSelection(w.candidates, context);
        if (scoped.tables.length === 0) {
          expect(s.status).toBe('no_candidates');
          return;
        }
        const joinable = components(scoped.tables, usable(context)) === 1;
        expect(s.status === 'no_authorized_path').toBe(!joinable);
        if (s.status === 'ready') {
          const used = s.relationships.map((id) => context.registry.get(id));
          expect(components(s.tables, used)).toBe(1);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('does not depend on the order of the candidates', () => {
    fc.assert(
      fc.property(world, fc.integer(), (w, seed) => {
        const context = contextOfWorld(w);
        const shuffled = [...w.candidates.columns].sort(
          (a, b) => ((a.length * 31 + seed) % 7) - ((b.length * 17 + seed) % 5),
        );
        expect(completeSelection({ columns: shuffled }, context)).toEqual(
          completeSelection(w.candidates, context),
        );
      }),
      { numRuns: 200 },
    );
  });
});
