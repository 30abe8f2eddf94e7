// Path completion on the real Chinook schema, introspected from the pinned database file,
// with the demo's access policy.

import { CHINOOK_POLICIES, CHINOOK_TABLES, chinookForTests } from '@nl2sql/datasets';
import type { DatabaseSchema } from '@nl2sql/datasource';
import { openSqlite } from '@nl2sql/datasource-sqlite';
import { beforeAll, describe, expect, it } from 'vitest';
import { completeSelection, type RoleScope, selectionContext } from '../src/index.js';

// Tests that read the real Chinook database skip, with the reason printed, where the
// documented lookup cannot find it (never under CI, where a missing database is a failure).
const chinook = await chinookForTests();
const noChinook = chinook.path === undefined;

let schema: DatabaseSchema;

beforeAll(async () => {
  if (noChinook) return;
  const datasource = await openSqlite(chinook.path!);
  try {
    schema = await datasource.introspect({ rowCounts: false });
  } finally {
    await datasource.close();
  }
});

const as = (role?: RoleScope) => selectionContext(schema, role ? { role } : {});
const policy = (name: keyof typeof CHINOOK_POLICIES.roles) => ({
  tables: [...(CHINOOK_POLICIES.roles[name]?.tables ?? [])],
});

describe.skipIf(noChinook)('path completion on Chinook', () => {
  it("registers Chinook's eleven foreign keys, approved", () => {
    const registry = as().registry;
    expect(registry.all).toHaveLength(11);
    expect(registry.unresolved).toEqual([]);
    expect(registry.approved).toHaveLength(11);
  });

  it('joins Track and Customer through InvoiceLine and Invoice', () => {
    const s = completeSelection(
      { columns: ['Track.Name', 'Customer.LastName'] },
      as(policy('sales')),
    );
    expect(s.status).toBe('ready');
    expect(s.tables).toEqual(['Customer', 'Invoice', 'InvoiceLine', 'Track']);
    expect(s.relationships).toEqual([
      'Invoice(CustomerId)->Customer(CustomerId)',
      'InvoiceLine(InvoiceId)->Invoice(InvoiceId)',
      'InvoiceLine(TrackId)->Track(TrackId)',
    ]);
    // Bridges bring their keys, not their other columns (no Invoice.Total, no InvoiceLine.UnitPrice).
    expect(s.columns).toEqual([
      'Customer.CustomerId',
      'Customer.LastName',
      'Invoice.CustomerId',
      'Invoice.InvoiceId',
      'InvoiceLine.InvoiceId',
      'InvoiceLine.TrackId',
      'Track.Name',
      'Track.TrackId',
    ]);
    expect(s.paths).toEqual([
      {
        from: 'Customer',
        to: 'Track',
        relationships: [
          'Invoice(CustomerId)->Customer(CustomerId)',
          'InvoiceLine(InvoiceId)->Invoice(InvoiceId)',
          'InvoiceLine(TrackId)->Track(TrackId)',
        ],
        bridges: ['Invoice', 'InvoiceLine'],
      },
    ]);
  });

  it('refuses the same pair to a role that may not read Invoice', () => {
    const role = { tables: CHINOOK_TABLES.filter((t) => t !== 'Invoice') };
    const s = completeSelection({ columns: ['Track.Name', 'Customer.LastName'] }, as(role));
    expect(s.status).toBe('no_authorized_path');
    expect(s.tables).toEqual(['Customer', 'Track']);
    expect(s.problems).toEqual([
      { kind: 'no_authorized_path', from: 'Customer', to: 'Track', reason: 'denied' },
    ]);
    expect(s.notes).toEqual(['Customer → Track: no approved, authorized path']);
  });

  it('drops what the catalog role may not read before joining the rest', () => {
    const s = completeSelection(
      { columns: ['Artist.Name', 'Genre.Name', 'Customer.LastName'] },
      as(policy('catalog')),
    );
    expect(s.status).toBe('ready');
    expect(s.tables).toEqual(['Album', 'Artist', 'Genre', 'Track']);
    expect(s.notes[0]).toBe("Dropped candidates outside the role's scope: Customer.LastName");
  });

  it('never uses Employee.ReportsTo to connect tables, and joins staff to customers directly', () => {
    const s = completeSelection({ columns: ['Employee.LastName', 'Customer.LastName'] }, as());
    expect(s.relationships).toEqual(['Customer(SupportRepId)->Employee(EmployeeId)']);
  });

  it('joins every pair of Chinook tables along a shortest path, unambiguously', () => {
    const context = as();
    for (const a of CHINOOK_TABLES) {
      for (const b of CHINOOK_TABLES) {
        if (a >= b) continue;
        const s = completeSelection({ columns: [], tables: [a, b] }, context);
        expect(s.status, `${a} + ${b}`).toBe('ready');
        expect(s.paths).toHaveLength(1);
        const distance = context.graph.search([a]).distance([b]);
        expect(s.paths[0]?.relationships.length, `${a} + ${b}`).toBe(distance);
      }
    }
  });
});
