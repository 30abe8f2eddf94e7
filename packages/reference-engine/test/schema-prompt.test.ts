import { describe, expect, it } from 'vitest';
import { schemaPrompt } from '../src/schema-prompt.js';

const schema = {
  tables: [
    {
      name: 'shipments',
      columns: [
        { name: 'id', type: 'INTEGER', primaryKey: true },
        { name: 'origin_id', type: 'INTEGER' },
        { name: 'destination_id', type: 'INTEGER' },
      ],
      foreignKeys: [],
    },
    { name: 'warehouses', columns: [{ name: 'id', type: 'INTEGER', primaryKey: true }] },
  ],
};

describe('schemaPrompt', () => {
  it('writes tables and joins, and no state line for a ready selection', () => {
    const text = schemaPrompt(schema, { status: 'ready', problems: [], notes: [] });
    expect(text).toBe(
      'shipments(id INTEGER PK, origin_id INTEGER, destination_id INTEGER)\nwarehouses(id INTEGER PK)',
    );
    expect(schemaPrompt(schema)).toBe(text);
  });

  it('names the state and each problem with its alternatives, so the planner asks', () => {
    const text = schemaPrompt(schema, {
      status: 'ambiguous_path',
      notes: [],
      problems: [
        {
          kind: 'ambiguous_path',
          from: 'shipments',
          to: 'warehouses',
          alternatives: [
            ['shipments(destination_id)->warehouses(id)'],
            ['shipments(origin_id)->warehouses(id)'],
          ],
        },
      ],
    });
    expect(text.split('\n').slice(2)).toEqual([
      'Schema selection: ambiguous_path: the tables can be joined in more than one way with different meanings; do not pick one, ask which is meant.',
      '- shipments -> warehouses: ambiguous_path: shipments(destination_id)->warehouses(id) | shipments(origin_id)->warehouses(id)',
    ]);
  });

  it.each([
    ['no_candidates', 'ask what is meant'],
    ['no_authorized_path', 'do not join them another way'],
  ] as const)('says what %s asks of the planner', (status, advice) => {
    const text = schemaPrompt(
      { tables: [] },
      {
        status,
        notes: [],
        problems:
          status === 'no_authorized_path'
            ? [{ kind: status, from: 'a', to: 'b', reason: 'denied' }]
            : [],
      },
    );
    expect(text).toContain(`Schema selection: ${status}:`);
    expect(text).toContain(advice);
    if (status === 'no_authorized_path')
      expect(text).toContain('- a -> b: no_authorized_path (denied)');
  });
});
