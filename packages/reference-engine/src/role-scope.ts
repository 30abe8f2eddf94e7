// The read scope the retriever applies for a role: the datasource's tables the access policy
// lets the role read (by the policy's one rule, so the retriever and the validator agree).
// A policy may name tables of several datasources; only this schema's tables are kept, so a
// table of another datasource neither widens nor breaks this one's scope.

import { type AccessPolicy, tablesOutOfScope } from '@nl2sql/access-policy';
import type { DatabaseSchema } from '@nl2sql/datasource';
import { EngineError } from '@nl2sql/engine';
import type { RoleScope } from '@nl2sql/schema-selection';

/** The role's scope over `schema`; undefined without a policy (every table is readable). */
export function retrievalScope(
  policy: AccessPolicy | undefined,
  role: string,
  schema: DatabaseSchema,
): RoleScope | undefined {
  if (!policy) return undefined;
  return {
    tables: schema.tables
      .map((t) => t.name)
      .filter((t) => tablesOutOfScope(policy, role, [t]).length === 0),
  };
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
