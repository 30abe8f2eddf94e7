// The SQL parser's wasm (~22 MB) runs on V8's baseline code (Liftoff) only. With V8's
// default dynamic tiering, the parser's hot functions are recompiled by the optimising
// compiler (TurboFan) as a run goes on; for this module that costs 150-190 MB of resident
// memory that is never given back, and parsing is no faster over a run for it
// (decisions/sqlcheck-wasm-baseline-tier.md has the figures).
//
// V8 fixes a module's tiering when it compiles it, so the tier-up flags are turned off for
// the parser's compile only, and dynamic tiering is turned back on after: wasm compiled
// later in the process tiers up as usual. `--wasm-tier-up` stays off: turned back on, it
// would have V8 recompile the whole parser in the background, and a module compiled with
// dynamic tiering (the default) does not read it (test/baseline-tier.test.ts checks both).
import { setFlagsFromString } from 'node:v8';

/** While the parser compiles: no tier-up, dynamic or eager. */
export const BASELINE_TIER_FLAGS = '--no-wasm-tier-up --no-wasm-dynamic-tiering';
/** After: dynamic tiering (V8's default) for every module compiled later. */
export const RESTORED_TIER_FLAGS = '--wasm-dynamic-tiering';

/** A flag about wasm tiering (either spelling V8 accepts, either sign). */
const TIERING_FLAG =
  /^--(no[-_])?(liftoff|liftoff[-_]only|wasm[-_]tier[-_]up|wasm[-_]dynamic[-_]tiering)(=|$)/;

/**
 * Whether to change the flags: not when the process was started with a tiering flag of its
 * own, which stands (`node --wasm-dynamic-tiering` keeps V8's tier-up for the parser too).
 */
export function setsBaselineTier(execArgv: readonly string[]): boolean {
  return !execArgv.some((arg) => TIERING_FLAG.test(arg));
}

/**
 * Runs `compile` (which compiles a wasm module: the SDK's import instantiates it) with V8's
 * tier-up off, and turns dynamic tiering back on once `compile` has settled, either way.
 */
export async function onBaselineTier<T>(
  compile: () => Promise<T>,
  execArgv: readonly string[] = process.execArgv,
): Promise<T> {
  if (!setsBaselineTier(execArgv)) return compile();
  setFlagsFromString(BASELINE_TIER_FLAGS);
  try {
    return await compile();
  } finally {
    setFlagsFromString(RESTORED_TIER_FLAGS);
  }
}
