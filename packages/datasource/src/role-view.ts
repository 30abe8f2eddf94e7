import type {
  DatabaseSchema,
  Datasource,
  ExecuteOptions,
  IntrospectOptions,
  QueryResult,
} from './datasource.js';
import { DatasourceError } from './datasource-error.js';
import { schemaFingerprint } from './schema-fingerprint.js';

/** A role's own login as an adapter reaches it: its query and its introspection. */
export interface RoleLogin {
  execute(sql: string, options: ExecuteOptions): Promise<QueryResult>;
  introspect(options: IntrospectOptions): Promise<DatabaseSchema>;
}

/**
 * The Datasource a role sees through its own login. Its `close()` does nothing: the logins
 * belong to the adapter that made the view, and closing that closes them all.
 */
export function roleView(engine: string, login: RoleLogin): Datasource {
  return {
    engine,
    execute: (sql, options = {}) => login.execute(sql, options),
    introspect: (options = {}) => login.introspect(options),
    fingerprint: async () => schemaFingerprint(await login.introspect({ rowCounts: false })),
    close: async () => undefined,
  };
}

/**
 * The CONNECTION error for a role without a login of its own (`where` names the datasource),
 * listing the roles that have one: never a fallback to the datasource's own, wider login.
 */
export function unknownRoleError(
  where: string,
  role: string,
  known: readonly string[],
): DatasourceError {
  return new DatasourceError(
    'CONNECTION',
    `${where}: no login is configured for role ${role}; ${known.length > 0 ? `roles with one: ${known.join(', ')}` : 'no role has one'}`,
  );
}
