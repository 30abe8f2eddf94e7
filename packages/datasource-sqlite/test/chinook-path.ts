import { chinookForTests } from '@nl2sql/datasets';

/**
 * The verified Chinook_Sqlite.sqlite the integration tests read (never write). When it cannot
 * be found the reason is printed and `noChinook` is true, so those suites skip; under CI the
 * lookup throws instead, so they can never pass there by not running.
 */
export const chinook = await chinookForTests();

/** For `describe.skipIf(noChinook)`. */
export const noChinook = chinook.path === undefined;

/** The Chinook path; only call it inside a suite skipped when `noChinook`. */
export async function chinookPath(): Promise<string> {
  if (chinook.path === undefined) throw new Error(chinook.skipReason);
  return chinook.path;
}
