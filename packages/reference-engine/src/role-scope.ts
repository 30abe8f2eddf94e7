// The read scope the retriever applies for a role: the datasource's tables the access policy
// lets the role read and, of a table the policy narrows, only the columns it names (by the
// policy's one rule, so the retriever, the validator and the safety check agree). A policy
// may name tables of several datasources; only this schema's tables are kept, so a table of
// another datasource neither widens nor breaks this one's scope.

import {
  type AccessPolicy,
  type RoleAccess,
  roleAccess,
  tablesOutOfScope,
} from '@nl2sql/access-policy';
import type { DatabaseSchema } from '@nl2sql/datasource';
import { EngineError } from '@nl2sql/engine';
import type { RoleScope } from '@nl2sql/schema-selection';

/** The role's column lists for the tables of `schema`, in the schema's spelling. */
function schemaColumnLists(
  access: RoleAccess,
  schema: DatabaseSchema,
): Record<string, string[]> | undefined {
  const lists = new Map(
    Object.entries(access.columns ?? {}).map(([t, cols]) => [t.toLowerCase(), cols] as const),
  );
  const out: Record<string, string[]> = {};
  for (const table of schema.tables) {
    const list = lists.get(table.name.toLowerCase());
    if (list === undefined) continue;
    const wanted = new Set(list.map((c) => c.toLowerCase()));
    out[table.name] = table.columns.map((c) => c.name).filter((c) => wanted.has(c.toLowerCase()));
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** The role's scope over `schema`; undefined without a policy (every table is readable). */
export function retrievalScope(
  policy: AccessPolicy | undefined,
  role: string,
  schema: DatabaseSchema,
): RoleScope | undefined {
  if (!policy) return undefined;
  const access = roleAccess(policy, role) as RoleAccess;
  const tables = schema.tables
    .map((t) => t.name)
    .filter((t) => tablesOutOfScope(policy, role, [t]).length === 0);
  const columns = schemaColumnLists(access, schema);
  return { tables, ...(columns ? { columns } : {}) };
}

/**
 * What the safety check needs to hold a role to its column lists: the role's access and the
 * schema (to expand `*` and place unqualified columns); nothing when the role has no lists.
 */
export function columnScope(
  policy: AccessPolicy | undefined,
  role: string,
  schema: DatabaseSchema,
): { access?: RoleAccess; schema?: DatabaseSchema } {
  const access = roleAccess(policy, role);
  if (!access?.columns || Object.keys(access.columns).length === 0) return {};
  return { access, schema };
}

/**
 * What the retriever is given for a request's role, as its options. Under a policy a request
 * must name its role: with no role there is no scope to apply, and the whole schema is not a
 * safe default (INVALID_REQUEST).
 */
export function requestScope(
  policy: AccessPolicy | undefined,
  role: string | undefined,
  schema: DatabaseSchema,
): { scope?: RoleScope } {
  if (!policy) return {};
  if (typeof role !== 'string' || role === '') {
    throw new EngineError(
      'INVALID_REQUEST',
      'the engine has an access policy: the retrieve request needs a role',
    );
  }
  const scope = retrievalScope(policy, role, schema);
  return scope ? { scope } : {};
}
