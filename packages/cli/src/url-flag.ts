// `--engine URL` must be an http(s) URL, checked when the command line is read: a typo
// (`localhost:8080`, `htp://...`) is caught before the suite is loaded or any case asked.

import { configError } from './cli-error.js';
import type { FlagParser } from './command.js';

export const httpUrlFlag: FlagParser = (text, flag) => {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw configError(`${flag} must be an http:// or https:// URL, got ${JSON.stringify(text)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw configError(
      `${flag} must be an http:// or https:// URL, got ${JSON.stringify(text)} (${url.protocol.slice(0, -1)})`,
    );
  return text;
};

/**
 * A `postgres://` or `postgresql://` URL. It may hold a password, so no message repeats it:
 * what is wrong is said without the text.
 */
export const postgresUrlFlag: FlagParser = (text, flag) => {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw configError(
      `${flag} must be a postgres://user:password@host:port/database URL; the value given does not parse as one`,
    );
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:')
    throw configError(
      `${flag} must be a postgres:// or postgresql:// URL, not ${url.protocol.slice(0, -1)}://`,
    );
  return text;
};

/**
 * A database server's URL: postgres://, postgresql://, mysql:// or mariadb://. The command
 * checks that the scheme fits its --engine. No message repeats the text (it may hold a password).
 */
export const serverUrlFlag: FlagParser = (text, flag) => {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw configError(
      `${flag} must be a postgres:// or mysql:// URL (user:password@host:port/database); the value given does not parse as one`,
    );
  }
  if (!['postgres:', 'postgresql:', 'mysql:', 'mariadb:'].includes(url.protocol))
    throw configError(
      `${flag} must be a postgres:// or mysql:// URL, not ${url.protocol.slice(0, -1)}://`,
    );
  return text;
};
