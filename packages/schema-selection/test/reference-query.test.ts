import { describe, expect, it } from 'vitest';
import {
  type Coverage,
  type ReferenceQuery,
  referenceQueryOutcome,
  type SchemaSelection,
} from '../src/index.js';

const selection: SchemaSelection = {
  status: 'ready',
  tables: ['products'],
  columns: ['products.available_qty', 'products.name'],
  relationships: [],
  notes: [],
  paths: [],
  problems: [],
};
const complete = { complete: true } as Coverage;
const reference: ReferenceQuery = {
  sql: 'SELECT name, available_qty FROM products ORDER BY name',
  expected: {
    columns: ['name', 'available_qty'],
    rows: [
      ['Bolt', 30],
      ['Nut', 40],
    ],
  },
};
const returning = (rows: unknown[][]) => async () => ({ columns: ['a', 'b'], rows });

describe('referenceQueryOutcome', () => {
  it('does not run for a selection that is not ready', async () => {
    let ran = false;
    const outcome = await referenceQueryOutcome(
      reference,
      { ...selection, status: 'ambiguous_path' },
      complete,
      async () => {
        ran = true;
        return { columns: [], rows: [] };
      },
    );
    expect(outcome).toEqual({
      status: 'not_run_boundary_state',
      expectedRows: reference.expected.rows,
    });
    expect(ran).toBe(false);
  });

  it('does not run when a required element is missing', async () => {
    const outcome = await referenceQueryOutcome(
      reference,
      selection,
      { complete: false } as Coverage,
      returning([]),
    );
    expect(outcome.status).toBe('not_run_incomplete_context');
  });

  it('matches the gold rows, and passes the selection to the runner', async () => {
    let seen: SchemaSelection | undefined;
    const outcome = await referenceQueryOutcome(reference, selection, complete, async (_sql, s) => {
      seen = s;
      return {
        columns: ['name', 'available_qty'],
        rows: [
          ['Bolt', 30],
          ['Nut', 40],
        ],
      };
    });
    expect(outcome).toEqual({
      status: 'matched',
      expectedRows: [
        ['Bolt', 30],
        ['Nut', 40],
      ],
      actualRows: [
        ['Bolt', 30],
        ['Nut', 40],
      ],
    });
    expect(seen).toBe(selection);
  });

  it('compares row order when the query ends in ORDER BY, and explains a mismatch', async () => {
    const swapped = await referenceQueryOutcome(
      reference,
      selection,
      complete,
      returning([
        ['Nut', 40],
        ['Bolt', 30],
      ]),
    );
    expect(swapped.status).toBe('mismatched');
    expect(swapped.detail).toMatch(/^FAIL strict/);
    const unordered = await referenceQueryOutcome(
      { ...reference, orderMatters: false },
      selection,
      complete,
      returning([
        ['Nut', 40],
        ['Bolt', 30],
      ]),
    );
    expect(unordered.status).toBe('matched');
  });

  it('reports a query the restricted database cannot run as failed, with the error', async () => {
    const outcome = await referenceQueryOutcome(reference, selection, complete, async () => {
      throw new Error('no such column: available_qty');
    });
    expect(outcome).toEqual({
      status: 'failed',
      expectedRows: reference.expected.rows,
      detail: 'no such column: available_qty',
    });
  });
});
