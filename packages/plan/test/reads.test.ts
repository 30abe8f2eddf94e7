import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type PlanModel, planReads } from '../src/index.js';
import { validPlan } from './arbitrary-plan.js';
import { CHINOOK_SCHEMA } from './chinook-schema.js';
import { col, lit } from './plan-builders.js';

describe('planReads', () => {
  it('lists tables and Table.Column reads from every clause, aliases resolved, sorted', () => {
    const plan: PlanModel = {
      select: [
        {
          expr: { kind: 'concat', parts: [col('c', 'FirstName'), lit(' '), col('c', 'LastName')] },
          alias: 'name',
        },
        { expr: { kind: 'aggregate', func: 'count' }, alias: 'invoices' },
      ],
      from: { table: 'Customer', alias: 'c' },
      joins: [
        {
          kind: 'inner',
          table: 'Invoice',
          alias: 'i',
          on: [{ left: col('i', 'CustomerId'), right: col('c', 'CustomerId') }],
        },
      ],
      where: {
        kind: 'compare',
        op: '=',
        left: { kind: 'date_part', part: 'year', arg: col('i', 'InvoiceDate') },
        right: lit(2010),
      },
      group_by: [col('c', 'FirstName'), col('c', 'LastName')],
      having: {
        kind: 'compare',
        op: '>',
        left: { kind: 'aggregate', func: 'sum', arg: col('i', 'Total') },
        right: lit(10),
      },
      order_by: [
        { kind: 'alias', alias: 'invoices', direction: 'desc' },
        { kind: 'expr', expr: col('c', 'Country') },
      ],
    };
    expect(planReads(plan)).toEqual({
      tables: ['Customer', 'Invoice'],
      columns: [
        'Customer.Country',
        'Customer.CustomerId',
        'Customer.FirstName',
        'Customer.LastName',
        'Invoice.CustomerId',
        'Invoice.InvoiceDate',
        'Invoice.Total',
      ],
    });
  });

  it('counts a self-joined table once and reads columns in CASE conditions', () => {
    const plan: PlanModel = {
      select: [
        { expr: col('t', 'Name') },
        {
          expr: {
            kind: 'case',
            branches: [
              { when: { kind: 'is_null', expr: col('t', 'Composer') }, result: lit('unknown') },
            ],
            else: lit('known'),
          },
        },
      ],
      from: { table: 'Track', alias: 't' },
      joins: [
        {
          kind: 'left',
          table: 'Track',
          alias: 'longer',
          on: [
            { left: col('longer', 'GenreId'), right: col('t', 'GenreId') },
            { left: col('longer', 'Milliseconds'), op: '>', right: col('t', 'Milliseconds') },
          ],
        },
      ],
      where: { kind: 'is_null', expr: col('longer', 'TrackId') },
    };
    expect(planReads(plan)).toEqual({
      tables: ['Track'],
      columns: [
        'Track.Composer',
        'Track.GenreId',
        'Track.Milliseconds',
        'Track.Name',
        'Track.TrackId',
      ],
    });
  });

  it('reads no column for COUNT(*) and keeps an unresolvable qualifier as written', () => {
    expect(
      planReads({
        select: [{ expr: { kind: 'aggregate', func: 'count' } }],
        from: { table: 'Invoice' },
      }),
    ).toEqual({
      tables: ['Invoice'],
      columns: [],
    });
    expect(
      planReads({ select: [{ expr: col('x', 'Name') }], from: { table: 'Artist', alias: 'a' } })
        .columns,
    ).toEqual(['x.Name']);
  });

  it('reads only tables and columns of the schema for every valid plan', () => {
    const tables = new Set(CHINOOK_SCHEMA.tables.map((t) => t.name));
    const columns = new Set(
      CHINOOK_SCHEMA.tables.flatMap((t) => t.columns.map((c) => `${t.name}.${c.name}`)),
    );
    fc.assert(
      fc.property(validPlan, (plan) => {
        const reads = planReads(plan);
        for (const table of reads.tables) expect(tables).toContain(table);
        for (const column of reads.columns) expect(columns).toContain(column);
        // Every column read belongs to a table read.
        for (const column of reads.columns) expect(reads.tables).toContain(column.split('.')[0]);
        expect(reads.tables).toContain(plan.from.table);
      }),
      { numRuns: 300 },
    );
  });
});
