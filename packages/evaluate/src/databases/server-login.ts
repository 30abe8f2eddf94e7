// What `db up` shares between its PostgreSQL and MariaDB servers: the logins made for a
// server's policy roles, a role's login URL, and waiting for the signal that stops it.
import { randomBytes } from 'node:crypto';
import { CHINOOK_POLICIES } from '@nl2sql/datasets';
import { STOP_SIGNALS } from '../run/stop-signals.js';

/** One login per Chinook policy role, with a password made for this server. */
export function chinookLogins(): Record<string, { login: string; password: string }> {
  return Object.fromEntries(
    Object.keys(CHINOOK_POLICIES.roles).map((role) => [
      role,
      { login: `chinook_${role}`, password: randomBytes(12).toString('base64url') },
    ]),
  );
}

/** `url` logged in as `user` with `password`. */
export function loginUrl(url: string, user: string, password: string): string {
  const out = new URL(url);
  out.username = encodeURIComponent(user);
  out.password = encodeURIComponent(password);
  return out.toString();
}

/** Each role's login URL on the server at `url`. */
export function roleUrls(
  url: string,
  logins: Record<string, { login: string; password: string }>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(logins).map(([role, l]) => [role, loginUrl(url, l.login, l.password)]),
  );
}

/** The first stop signal (Ctrl-C, SIGTERM), and how to stop listening for it. */
export interface UntilStopped {
  readonly signal: Promise<string>;
  dispose(): void;
}

/** Listens for the first stop signal; `dispose()` gives the signals back to the process. */
export function untilStopped(): UntilStopped {
  let dispose = () => {};
  const signal = new Promise<string>((resolve) => {
    const handlers = STOP_SIGNALS.map((name) => {
      const handler = () => {
        dispose();
        resolve(name);
      };
      process.on(name, handler);
      return [name, handler] as const;
    });
    dispose = () => {
      for (const [n, h] of handlers) process.removeListener(n, h);
    };
  });
  return { signal, dispose: () => dispose() };
}
