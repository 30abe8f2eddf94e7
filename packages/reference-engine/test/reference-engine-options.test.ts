import { GENERIC_REFUSAL } from '@nl2sql/engine';
import { describe, expect, it } from 'vitest';
import type { LlmCaller } from '../src/llm-caller.js';
import {
  DEFAULT_MAX_REFINEMENTS,
  DEFAULT_MAX_ROWS,
  DEFAULT_STATEMENT_TIMEOUT_MS,
  referenceSettings,
} from '../src/reference-engine-options.js';

const llm = { call: async () => ({}) } as unknown as LlmCaller;

describe('referenceSettings', () => {
  it('applies every documented default', () => {
    expect(referenceSettings({ llm, datasources: [] })).toEqual({
      llm,
      policy: undefined,
      revealRefusedTable: false,
      refusalMessage: GENERIC_REFUSAL,
      useCurated: true,
      usePlanCache: true,
      maxRefinements: 1,
      statementTimeoutMs: 5000,
      maxRows: 1000,
    });
    expect([DEFAULT_MAX_REFINEMENTS, DEFAULT_STATEMENT_TIMEOUT_MS, DEFAULT_MAX_ROWS]).toEqual([
      1, 5000, 1000,
    ]);
  });

  it('keeps every option given, falsy ones included (0 refinements, switches off)', () => {
    const policy = { roles: { analyst: { tables: ['Invoice'] } } };
    expect(
      referenceSettings({
        llm,
        datasources: [],
        policy,
        revealRefusedTable: true,
        refusalMessage: 'No.',
        useCurated: false,
        usePlanCache: false,
        maxRefinements: 0,
        statementTimeoutMs: 0,
        maxRows: 0,
      }),
    ).toEqual({
      llm,
      policy,
      revealRefusedTable: true,
      refusalMessage: 'No.',
      useCurated: false,
      usePlanCache: false,
      maxRefinements: 0,
      statementTimeoutMs: 0,
      maxRows: 0,
    });
  });
});
