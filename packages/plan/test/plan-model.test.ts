// The TypeBox definition is the one source of the PlanModel type and its schema. These tests
// check that the two agree in both directions: a typed plan validates (and a mistyped one
// does not compile), and whatever the published schema accepts is a plan the code typed by
// PlanModel handles.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compilePlan,
  PLAN_FORMAT,
  PLAN_JSON_SCHEMA,
  PlanCompileError,
  type PlanModel,
  planReads,
  validatePlan,
} from '../src/index.js';
import { arbitraryFromSchema } from './arbitrary-from-schema.js';
import { CHINOOK_SCHEMA } from './chinook-schema.js';

describe('PlanModel, defined once', () => {
  it('accepts a typed plan; the type refuses what the schema refuses', () => {
    const plan: PlanModel = {
      select: [{ expr: { kind: 'aggregate', func: 'count' }, alias: 'n' }],
      from: { table: 'Artist', alias: null },
      where: {
        kind: 'like',
        expr: { kind: 'column', table: 'Artist', column: 'Name' },
        pattern: 'A%',
      },
      limit: 10,
    };
    expect(PLAN_FORMAT.check(plan)).toBe(true);
    const badFunc: PlanModel = {
      ...plan,
      // @ts-expect-error: 'median' is not an aggregate function in the schema or the type.
      select: [{ expr: { kind: 'aggregate', func: 'median' } }],
    };
    expect(PLAN_FORMAT.check(badFunc)).toBe(false);
    // @ts-expect-error: `from` is required by both.
    const noFrom: PlanModel = { select: plan.select };
    expect(PLAN_FORMAT.check(noFrom)).toBe(false);
  });

  it('generates, from the published schema, only values the validator accepts', () => {
    fc.assert(
      fc.property(arbitraryFromSchema(PLAN_JSON_SCHEMA), (value) => {
        expect(PLAN_FORMAT.issues(value)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('hands every schema-valid value to code typed by PlanModel without a crash', () => {
    fc.assert(
      fc.property(arbitraryFromSchema(PLAN_JSON_SCHEMA), (value) => {
        const plan = value as PlanModel;
        // Shape errors are none; meaning errors are values, never exceptions.
        expect(validatePlan(plan, CHINOOK_SCHEMA).every((e) => e.code !== 'SHAPE')).toBe(true);
        planReads(plan);
        try {
          compilePlan(plan, 'sqlite');
        } catch (error) {
          expect(error).toBeInstanceOf(PlanCompileError);
        }
      }),
      { numRuns: 300 },
    );
  });
});
