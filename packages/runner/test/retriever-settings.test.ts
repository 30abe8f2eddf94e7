import type { Engine, EngineDescription } from '@nl2sql/engine';
import { defaultPlugins } from '@nl2sql/runner-plugins';
import { describe, expect, it } from 'vitest';
import { runEval } from '../src/index.js';
import { describedRetrieverSettings, retrieverSettings } from '../src/retriever-settings.js';
import { FakeEngine } from './fake-engine.js';
import { SUITE } from './suite-fixture.js';

/** The default plugins (@nl2sql/runner-plugins): the runner's own tests run with the real passes. */
const PLUGINS = await defaultPlugins();

const REPORTED: EngineDescription = {
  name: 'some-engine',
  version: '1.0.0',
  settings: {
    retrieval: {
      kTables: 8,
      kColumns: 12,
      fullSnapshotMaxTables: 15,
      mmrLambda: 0.7,
      embeddingWeight: 0.5,
      embedder: null,
    },
    maxRows: 1000,
  },
};

function describing(description: EngineDescription | undefined): Engine {
  const engine = new FakeEngine(SUITE, {
    retrieve: (c) => ({ tables_sent: c.tables, columns_sent: c.columns }),
  });
  return Object.assign(engine, description ? { describe: async () => description } : {});
}

describe('describedRetrieverSettings', () => {
  it("records the engine's own retriever settings, snake_cased, without its snapshot limit", () => {
    expect(describedRetrieverSettings(REPORTED.settings)).toEqual({
      k_tables: 8,
      k_columns: 12,
      mmr_lambda: 0.7,
      embedding_weight: 0.5,
      embedder: null,
    });
  });

  it('records nothing for an engine that reports no retrieval settings', () => {
    expect(describedRetrieverSettings(undefined)).toBeUndefined();
    expect(describedRetrieverSettings(null)).toBeUndefined();
    expect(describedRetrieverSettings({ maxRows: 1000 })).toBeUndefined();
    expect(describedRetrieverSettings({ retrieval: [1] })).toBeUndefined();
  });
});

describe('retrieverSettings over the configs of a run', () => {
  // Issue 29 changes this rule: a sweep over k runs configs with different settings on one
  // board, so the record holds each config's instead of refusing the run.
  it("records each config's settings under by_config when they differ, one set when they agree", () => {
    const engines = {
      a: { settings: REPORTED.settings ?? null },
      b: { settings: { retrieval: { kTables: 5 } } },
      c: { settings: null },
    };
    expect(retrieverSettings([{ name: 'a' }, { name: 'b' }, { name: 'c' }], engines)).toEqual({
      by_config: {
        a: describedRetrieverSettings(REPORTED.settings),
        b: { k_tables: 5 },
        c: null,
      },
    });
    expect(retrieverSettings([{ name: 'a' }], engines)).toEqual(
      describedRetrieverSettings(REPORTED.settings),
    );
    const same = { a: engines.a, b: engines.a };
    expect(retrieverSettings([{ name: 'a' }, { name: 'b' }], same)).toEqual(
      describedRetrieverSettings(REPORTED.settings),
    );
  });

  it('lands in the record settings of a retrieval run, beside the run snapshot limit', async () => {
    const report = await runEval({
      plugins: PLUGINS,
      suite: SUITE,
      mode: 'retrieval',
      engine: describing(REPORTED),
    });
    expect(report.settings.retrieval).toEqual({
      full_snapshot_max_tables: 0,
      k_tables: 8,
      k_columns: 12,
      mmr_lambda: 0.7,
      embedding_weight: 0.5,
      embedder: null,
    });
    const bare = await runEval({
      plugins: PLUGINS,
      suite: SUITE,
      mode: 'retrieval',
      engine: describing(undefined),
    });
    expect(bare.settings.retrieval).toEqual({ full_snapshot_max_tables: 0 });
  });
});
