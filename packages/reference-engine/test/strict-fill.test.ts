import { CHINOOK_SUITE_PATH } from '@nl2sql/datasets';
import { checkOutput } from '@nl2sql/llm';
import { loadSuite } from '@nl2sql/suite';
import { describe, expect, it } from 'vitest';
import { PLANNER_SCHEMA } from '../src/planner.js';
import { fillNulls } from '../src/strict-fill.js';

describe('fillNulls', () => {
  it('makes every Chinook gold plan pass the strict planner schema', async () => {
    const suite = await loadSuite(CHINOOK_SUITE_PATH);
    const plans = suite.cases.flatMap((c) => (c.plan ? [c.plan] : []));
    expect(plans.length).toBeGreaterThan(40);
    for (const plan of plans) {
      const raw = { clarification: null, plan };
      expect(checkOutput(PLANNER_SCHEMA, { text: '', value: raw }).ok).toBe(false);
      const filled = fillNulls(PLANNER_SCHEMA, raw);
      expect(checkOutput(PLANNER_SCHEMA, { text: '', value: filled })).toMatchObject({ ok: true });
    }
  });

  it('fills only absent required keys and leaves values alone', () => {
    const schema = {
      type: 'object',
      properties: { a: { type: ['string', 'null'] }, b: { $ref: '#/$defs/B' } },
      required: ['a', 'b'],
      $defs: {
        B: {
          anyOf: [
            {
              type: 'object',
              properties: { kind: { enum: ['x'] }, x: { type: ['number', 'null'] } },
              required: ['kind', 'x'],
            },
            {
              type: 'object',
              properties: { kind: { enum: ['y'] }, y: { type: ['number', 'null'] } },
              required: ['kind', 'y'],
            },
            { type: 'null' },
          ],
        },
      },
    };
    expect(fillNulls(schema, { b: { kind: 'y' } })).toEqual({ a: null, b: { kind: 'y', y: null } });
    expect(fillNulls(schema, { a: 'k', b: { kind: 'x', x: 2 } })).toEqual({
      a: 'k',
      b: { kind: 'x', x: 2 },
    });
    expect(fillNulls(schema, { a: 'k', b: null })).toEqual({ a: 'k', b: null });
  });
});
