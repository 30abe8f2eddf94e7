// The read scope the retriever applies for a role: the datasource's tables the access policy
// lets the role read (by the policy's one rule, so the retriever and the validator agree).
// A policy may name tables of several datasources; only this schema's tables are kept, so a
// table of another datasource neither widens nor breaks this one's scope.

import { type AccessPolicy, tablesOutOfScope } from '@nl2sql/access-policy';
import type { DatabaseSchema } from '@nl2sql/datasource';
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
