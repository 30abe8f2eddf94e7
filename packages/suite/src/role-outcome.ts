// The outcome a role's run of an answerable case must end in, by the access policy's one
// rule (@nl2sql/access-policy): allowed when the SQL reads only tables in the role's scope
// and, of a table the role reads only some columns of, only those columns; refused
// otherwise. Import writes outcomes by this rule and lint checks them by it.

import {
  columnsOutsideScope,
  type QueryReads,
  type RoleAccess,
  readsOutsideScope,
  withinScope,
} from '@nl2sql/access-policy';

/** What one role may read: @nl2sql/access-policy's RoleAccess (tables, column lists). */
export type RoleScope = RoleAccess;

export { columnsOutsideScope, type QueryReads };

/** allowed or refused for a role with `scope` asking a question whose gold SQL reads `reads`. */
export function roleOutcome(scope: RoleScope, reads: QueryReads): 'allowed' | 'refused' {
  return withinScope(readsOutsideScope(scope, reads)) ? 'allowed' : 'refused';
}
