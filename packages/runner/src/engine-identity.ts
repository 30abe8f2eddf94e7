import { type EngineDescription, UNKNOWN_ENGINE } from '@nl2sql/engine';
import type { RecordEngine } from '@nl2sql/records';
import { withDeadline } from './case-deadline.js';
import type { EvalConfig } from './eval-config.js';

/** Which engine a config ran: what it said of itself, and where it was reached. */
export interface EngineIdentity {
  /** Its name (`@nl2sql/reference-engine` for the reference engine), or `unknown`. */
  readonly name: string;
  /** Its version (the reference engine's package version), or `unknown`. */
  readonly version: string;
  /** The models it calls, by node, as it reported them; null when it did not. */
  readonly models: Readonly<Record<string, string>> | null;
  /** An external engine's URL, without credentials; null in process. */
  readonly url: string | null;
  /** The settings it reported (retriever, row cap, ...), as it reported them; null when none. */
  readonly settings?: Readonly<Record<string, unknown>> | null;
  /** Why its own description could not be had, when it could not. */
  readonly unavailable?: string;
}

/** How long a config's engine may take to describe itself before it is `unknown`. */
const DESCRIBE_TIMEOUT_MS = 10_000;

function identityOf(config: EvalConfig, description: EngineDescription): EngineIdentity {
  const models = description.models;
  return {
    name: description.name || UNKNOWN_ENGINE,
    version: description.version || UNKNOWN_ENGINE,
    models: models && Object.keys(models).length > 0 ? { ...models } : null,
    url: config.endpoint ?? null,
    settings: description.settings ? { ...description.settings } : null,
    ...(description.unavailable ? { unavailable: description.unavailable } : {}),
  };
}

/**
 * Asks each config's engine to describe itself (`describe()`, `GET /describe` for an HTTP
 * engine) within 10 s. An engine that cannot (no describe, a failure, too slow) is
 * `unknown`, with why; the run goes on, since what it is asked is what is scored.
 */
export async function describeEngine(
  config: EvalConfig,
  signal?: AbortSignal,
): Promise<EngineIdentity> {
  const { engine } = config;
  if (typeof engine.describe !== 'function') {
    return identityOf(config, {
      name: UNKNOWN_ENGINE,
      version: UNKNOWN_ENGINE,
      unavailable: 'the engine has no describe()',
    });
  }
  try {
    const description = await withDeadline(
      (deadline) =>
        (engine.describe as NonNullable<typeof engine.describe>).call(engine, {
          signal: deadline,
        }),
      DESCRIBE_TIMEOUT_MS,
      signal,
    );
    return identityOf(config, description);
  } catch (error) {
    return identityOf(config, {
      name: UNKNOWN_ENGINE,
      version: UNKNOWN_ENGINE,
      unavailable: `describe() failed: ${(error as Error)?.message ?? String(error)}`,
    });
  }
}

/** The engine as a record of kind engine stores it. */
export function recordEngine(identity: EngineIdentity): RecordEngine {
  return { name: identity.name, version: identity.version, models: identity.models };
}
