// The SDK's Node entry instantiates a ~22 MB wasm module at import time (top-level await),
// so it is imported dynamically on first use: importing @nl2sql/sqlcheck stays cheap and
// callers that never parse SQL (extractSql only) never pay for the wasm.
import type * as Polyglot from '@polyglot-sql/sdk';
import { onBaselineTier } from './baseline-tier.js';

export type PolyglotSdk = typeof Polyglot;

/** The wasm module could not be loaded: nothing in this package can run without it. */
export class SqlcheckLoadError extends Error {
  readonly code = 'SQLCHECK_WASM_LOAD_FAILED';
  constructor(cause: unknown) {
    super(
      `sqlcheck: loading @polyglot-sql/sdk (wasm) failed: ${cause instanceof Error ? cause.message : String(cause)}`,
      { cause },
    );
    this.name = 'SqlcheckLoadError';
  }
}

export interface LoadInfo {
  /** Milliseconds the first load took (import + wasm compile + instantiate). */
  loadMs: number;
  /** True when this call did the loading, false when the module was already loaded. */
  loadedNow: boolean;
}

let sdk: PolyglotSdk | undefined;
let pending: Promise<PolyglotSdk> | undefined;
let firstLoadMs = 0;

/**
 * Load the parser once. Optional: every async function of this package calls it itself;
 * call it up front to move the one-off cost out of the first check, or to measure it.
 */
export async function loadSqlcheck(): Promise<LoadInfo> {
  if (sdk) return { loadMs: firstLoadMs, loadedNow: false };
  await loadSdk();
  return { loadMs: firstLoadMs, loadedNow: true };
}

/** @internal The loaded SDK, loading it on first use. */
export async function loadSdk(): Promise<PolyglotSdk> {
  if (sdk) return sdk;
  if (!pending) {
    const started = performance.now();
    // Compiled on V8's baseline tier only: see baseline-tier.ts.
    pending = onBaselineTier(() => import('@polyglot-sql/sdk')).then(
      (mod) => {
        firstLoadMs = performance.now() - started;
        sdk = mod;
        return mod;
      },
      (cause: unknown) => {
        pending = undefined; // allow a retry after a transient failure
        throw new SqlcheckLoadError(cause);
      },
    );
  }
  return pending;
}
