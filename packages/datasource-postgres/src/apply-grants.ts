import { DatasourceError } from '@nl2sql/datasource';
import pg from 'pg';
import { parseConnectionUrl } from './connection-url.js';
import { postgresErrorCode } from './postgres-error.js';

/** Every PASSWORD '...' literal of the SQL, so no error message can repeat one. */
function passwordsIn(sql: string): string[] {
  return [...sql.matchAll(/PASSWORD '((?:[^']|'')*)'/g)].map((m) => m[1]!.replaceAll("''", "'"));
}

function adminPassword(url: string): string {
  const raw = new URL(url).password;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (secret.length > 0) out = out.replaceAll(secret, '***');
  }
  return out.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}

/**
 * Run the SQL `grantsSql` printed (or a DBA's edit of it) as the administrator `adminUrl`
 * names, connected to the database the grants are for. The script is one transaction, so a
 * failure changes nothing. Errors are DatasourceError (CONNECTION when the server cannot be
 * reached or refuses the login, EXECUTION when a statement fails) and never contain the
 * admin's password or a password the script sets.
 */
export async function applyGrants(adminUrl: string, sql: string): Promise<void> {
  const target = parseConnectionUrl(adminUrl, 'the admin URL');
  const secrets = [...passwordsIn(sql), adminPassword(adminUrl)];
  const client = new pg.Client({
    connectionString: adminUrl,
    application_name: 'nl2sql-evals grants',
  });
  client.on('error', () => undefined);
  const fail = (error: unknown, what: string) => {
    const message = error instanceof Error ? error.message : String(error);
    const code = postgresErrorCode(error);
    return new DatasourceError(
      code === 'CONNECTION' ? 'CONNECTION' : 'EXECUTION',
      `${target.label}: ${what}: ${redact(message, secrets)}`,
      {
        databaseMessage: redact(message, secrets),
        databaseCode: (error as { code?: string }).code,
      },
    );
  };
  try {
    await client.connect();
  } catch (error) {
    throw fail(error, 'could not connect');
  }
  try {
    // The simple query protocol: the script is many statements in one message.
    await client.query(sql);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw fail(error, 'the grants failed and were rolled back');
  } finally {
    await client.end().catch(() => undefined);
  }
}
