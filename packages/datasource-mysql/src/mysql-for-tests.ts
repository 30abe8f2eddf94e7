import { type MariadbServer, startMariadb } from './mariadb-server.js';

/** What a test suite that needs a real MariaDB server gets from {@link mariadbForTests}. */
export interface MariadbForTests {
  /** A running private server (stop it in teardown), or undefined when the suites skip. */
  server: MariadbServer | undefined;
  /** Why they are skipped (already printed), when `server` is undefined. */
  skipReason: string | undefined;
}

export interface MariadbForTestsOptions {
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
 * For test suites that need a real server: starts a private MariaDB (startMariadb). Where none
 * can start (the Debian package mariadb-server is not installed) it prints why and returns the
 * reason, so the caller writes `describe.skipIf(!db.server)`. Under CI, where `.ci/run`
 * installs mariadb-server, the failure is thrown instead: no test passes there by not running.
 */
export async function mariadbForTests(
  options: MariadbForTestsOptions = {},
): Promise<MariadbForTests> {
  try {
    return { server: await startMariadb(), skipReason: undefined };
  } catch (error) {
    if (isCi(options.env ?? process.env)) throw error;
    const said = error instanceof Error ? error.message.split('\n')[0] : String(error);
    const skipReason = `skipping the MySQL tests: no MariaDB server could start here (${said}); CI installs mariadb-server`;
    (options.warn ?? console.warn)(skipReason);
    return { server: undefined, skipReason };
  }
}
