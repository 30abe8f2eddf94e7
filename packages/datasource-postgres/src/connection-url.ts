import { DatasourceError } from '@nl2sql/datasource';

/** A PostgreSQL URL checked and described without its password. */
export interface ConnectionUrl {
  /** The URL as given, for the driver only: it may hold a password. */
  readonly url: string;
  /** `PostgreSQL user@host:port/database`: what error messages name. Never the password. */
  readonly label: string;
  /** The login the URL names (empty when the driver's default applies). */
  readonly user: string;
  readonly database: string;
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * Check that `url` is a `postgres://` or `postgresql://` URL and describe it. A URL that does
 * not parse is refused with a message that repeats none of it, since it may hold a password.
 */
export function parseConnectionUrl(url: string, what = 'PostgreSQL URL'): ConnectionUrl {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new DatasourceError(
      'CONNECTION',
      `${what} does not parse as a URL; expected postgres://user:password@host:port/database`,
    );
  }
  if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
    throw new DatasourceError(
      'CONNECTION',
      `${what} must start with postgres:// or postgresql://, not ${parsed.protocol}//`,
    );
  }
  const user = decode(parsed.username);
  const socketHost = parsed.searchParams.get('host');
  const host = parsed.hostname || socketHost || 'localhost';
  const port = parsed.port || '5432';
  const database = decode(parsed.pathname.replace(/^\//, '')) || user;
  return {
    url,
    user,
    database,
    label: `PostgreSQL ${user || '(default user)'}@${host}:${port}/${database || '(default database)'}`,
  };
}

/** The URL with its password replaced by `***`, for printing. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    for (const key of [...parsed.searchParams.keys()]) {
      if (key.toLowerCase() === 'password') parsed.searchParams.set(key, '***');
    }
    return parsed.toString();
  } catch {
    return '(a URL that does not parse)';
  }
}
