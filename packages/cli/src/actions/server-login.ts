// What `db up` shares between its PostgreSQL and MySQL servers: a role's login URL, and
// waiting for the signal that stops the server.
import { STOP_SIGNALS } from '../eval/stop-signals.js';

/** `url` logged in as `user` with `password`. */
export function loginUrl(url: string, user: string, password: string): string {
  const out = new URL(url);
  out.username = encodeURIComponent(user);
  out.password = encodeURIComponent(password);
  return out.toString();
}

/** Resolves at the first stop signal (Ctrl-C, SIGTERM). */
export function untilStopped(): Promise<string> {
  return new Promise((resolve) => {
    const handlers = STOP_SIGNALS.map((name) => {
      const handler = () => {
        for (const [n, h] of handlers) process.removeListener(n, h);
        resolve(name);
      };
      process.on(name, handler);
      return [name, handler] as const;
    });
  });
}
