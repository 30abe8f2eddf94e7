import { CHINOOK_FILE } from './chinook.js';
import { DatasetError } from './dataset-error.js';
import { type LocateOptions, resolveChinook } from './locate-chinook.js';

/** What a test suite that needs the real Chinook file gets from {@link chinookForTests}. */
export interface ChinookForTests {
  /** The verified file, or undefined when the suites that need it should be skipped. */
  path: string | undefined;
  /** Why they are skipped (already printed), when `path` is undefined. */
  skipReason: string | undefined;
}

export interface ChinookForTestsOptions {
  /** Where to look; the lookup never downloads, whatever `download` says. */
  locate?: Omit<LocateOptions, 'download'>;
  /** The environment that decides whether this is CI (default `process.env`). */
  env?: Readonly<Record<string, string | undefined>>;
  /** Where the skip reason is printed (default `console.warn`). */
  warn?: (line: string) => void;
}

/** True when `CI` is set to anything but an empty string, `0` or `false` (as CI services set it). */
export function isCi(env: Readonly<Record<string, string | undefined>>): boolean {
  const value = env.CI?.trim().toLowerCase();
  return value !== undefined && value !== '' && value !== '0' && value !== 'false';
}

/**
 * For test suites that need the real Chinook file. Looks it up the documented way
 * (`NL2SQL_DATA_DIR`, a `shared/` folder above the working directory or this package, the
 * download cache) but never downloads, so a machine without the file or without internet
 * skips at once instead of waiting on the network. When nothing verified is found it prints
 * the reason and returns it, so the caller can write `describe.skipIf(!chinook.path)`.
 * Under CI a missing database is a failure, not a skip: the DatasetError is thrown, so no
 * test can pass there by not running.
 */
export async function chinookForTests(
  options: ChinookForTestsOptions = {},
): Promise<ChinookForTests> {
  try {
    const { path } = await resolveChinook({ ...options.locate, download: false });
    return { path, skipReason: undefined };
  } catch (error) {
    if (!(error instanceof DatasetError) || isCi(options.env ?? process.env)) throw error;
    const skipReason = `skipping tests that need the Chinook database (${error.code}; looked in ${error.attempts.join('; ')}). To run them, set NL2SQL_DATA_DIR to a folder holding chinook/${CHINOOK_FILE}.`;
    (options.warn ?? console.warn)(skipReason);
    return { path: undefined, skipReason };
  }
}
