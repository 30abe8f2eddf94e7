// Mode retrieval's record says which retriever settings produced its recall, so two runs are
// compared like for like. The runner does not know any engine's retriever: it records what
// each config's engine reported under `settings.retrieval` when it described itself at the
// start of the run, keys in the record's snake_case. An engine that does not describe itself
// (or reports no retrieval settings) records none; two configs of one run that report
// different settings cannot share one record's settings, so the run refuses.

import type { EngineIdentity } from './engine-identity.js';
import type { EvalConfig } from './eval-config.js';
import { RunnerError } from './runner-error.js';

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

/** The retriever settings every config of the run reported (undefined when none reported any). */
export function retrieverSettings(
  configs: readonly Pick<EvalConfig, 'name'>[],
  engines: Readonly<Record<string, Pick<EngineIdentity, 'settings'>>>,
): Readonly<Record<string, unknown>> | undefined {
  let agreed: { config: string; settings: Readonly<Record<string, unknown>> | undefined } | null =
    null;
  for (const config of configs) {
    const settings = describedRetrieverSettings(engines[config.name]?.settings);
    if (agreed === null) agreed = { config: config.name, settings };
    else if (JSON.stringify(agreed.settings) !== JSON.stringify(settings)) {
      throw new RunnerError(
        'INVALID_OPTIONS',
        `configs ${agreed.config} and ${config.name} report different retriever settings (${JSON.stringify(agreed.settings ?? null)} and ${JSON.stringify(settings ?? null)}); one retrieval run records one set, so run them separately`,
      );
    }
  }
  return agreed?.settings;
}
