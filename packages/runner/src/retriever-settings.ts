// Mode retrieval's record says which retriever settings produced its recall, so two runs are
// compared like for like. The runner does not know any engine's retriever: it records what
// each config's engine reported under `settings.retrieval` when it described itself at the
// start of the run, keys in the record's snake_case. An engine that does not describe itself
// (or reports no retrieval settings) records none; configs of one run that report different
// settings (a sweep over k) are recorded each under `by_config`.

import type { EngineIdentity } from './engine-identity.js';
import type { EvalConfig } from './eval-config.js';

const snake = (key: string): string => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * The retriever settings in an engine's described settings, snake_cased;
 * `fullSnapshotMaxTables` is left out, since the run sends its own limit with every
 * retrieve and records that one.
 */
export function describedRetrieverSettings(
  settings: Readonly<Record<string, unknown>> | null | undefined,
): Readonly<Record<string, unknown>> | undefined {
  const reported = settings?.retrieval;
  if (typeof reported !== 'object' || reported === null || Array.isArray(reported)) {
    return undefined;
  }
  return Object.fromEntries(
    Object.entries(reported)
      .filter(([key]) => key !== 'fullSnapshotMaxTables')
      .map(([key, value]) => [snake(key), value]),
  );
}

/**
 * The retriever settings of the run: the one set every config reported (undefined when none
 * reported any), or, when they differ (a sweep over k, `--k 4,8,12`), each config's under
 * `by_config` so the record says which settings produced each config's recall.
 */
export function retrieverSettings(
  configs: readonly Pick<EvalConfig, 'name'>[],
  engines: Readonly<Record<string, Pick<EngineIdentity, 'settings'>>>,
): Readonly<Record<string, unknown>> | undefined {
  const each = configs.map(
    (config) => [config.name, describedRetrieverSettings(engines[config.name]?.settings)] as const,
  );
  const first = JSON.stringify(each[0]?.[1]);
  if (each.every(([, settings]) => JSON.stringify(settings) === first)) return each[0]?.[1];
  return { by_config: Object.fromEntries(each.map(([name, s]) => [name, s ?? null])) };
}
