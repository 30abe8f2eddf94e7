// The SDK's ~22 MB wasm module is loaded on first use: importing @nl2sql/sqlcheck stays cheap
// and callers that never parse SQL (extractSql only) never pay for the wasm.
//
// It is loaded through the SDK's manual entry, given the file's bytes. The default Node entry
// reads the same file at import time through a global fetch it wraps for file: URLs, as a
// Response compiled by streaming: that loads Node's fetch implementation for nothing, costs a
// short run about 50 ms (70 ms of CPU) more start-up, and leaves the process's fetch replaced.
// The manual entry still asks `typeof Request` and `typeof Response` before it instantiates,
// and in Node those globals are getters that load Node's fetch implementation (undici, ~26 ms)
// on first read: they read as absent for those two questions only (withoutFetchGlobals).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
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
    pending = onBaselineTier(instantiateSdk).then(
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

/** The SDK, instantiated from the wasm file's bytes (the manual entry's `init` takes them). */
async function instantiateSdk(): Promise<PolyglotSdk> {
  const wasm = createRequire(import.meta.url).resolve('@polyglot-sql/sdk/polyglot_sql.wasm');
  const [sdk, bytes] = await Promise.all([import('@polyglot-sql/sdk/manual'), readFile(wasm)]);
  // typed as a URL only, but handed to wasm-bindgen's loader, which instantiates bytes as given
  await withoutFetchGlobals(() => sdk.init({ wasmUrl: bytes as unknown as string }));
  // the entry's declarations re-export the default entry's by an extensionless path that
  // TypeScript's Node resolution does not follow; at run time it exports all of them
  return sdk as unknown as PolyglotSdk;
}

/**
 * The SQL parser itself, loaded once per process for every package that reads its trees (the
 * test suite's mutants): one compiled module, on the baseline tier, whoever asks first.
 */
export function loadSqlParser(): Promise<PolyglotSdk> {
  return loadSdk();
}

/** The globals whose first read loads Node's fetch implementation. */
const FETCH_GLOBALS = ['Request', 'Response'] as const;

/**
 * @internal Runs `start` with `Request` and `Response` reading as undefined until each has been
 * read once (or `start`'s promise settles), then as before. The SDK's loader reads both
 * synchronously, within microtasks of being called, to tell a URL or a fetch Response from
 * bytes; no other code runs before those reads, and a value the process set itself is left
 * alone (only Node's lazy getters are stood in for).
 */
export async function withoutFetchGlobals<T>(start: () => Promise<T>): Promise<T> {
  const restores: (() => void)[] = [];
  for (const name of FETCH_GLOBALS) {
    const own = Object.getOwnPropertyDescriptor(globalThis, name);
    if (own?.get === undefined || own.configurable !== true) continue;
    const restore = () => {
      const now = Object.getOwnPropertyDescriptor(globalThis, name);
      if (now?.get === standIn) Object.defineProperty(globalThis, name, own);
    };
    const standIn = () => {
      restore();
      return undefined;
    };
    Object.defineProperty(globalThis, name, {
      get: standIn,
      set(value: unknown) {
        restore();
        Object.assign(globalThis, { [name]: value });
      },
      configurable: true,
    });
    restores.push(restore);
  }
  try {
    return await start();
  } finally {
    for (const restore of restores) restore();
  }
}
