export {
  type AccessPolicy,
  hasRole,
  type RoleAccess,
  roleTables,
  tablesOutOfScope,
  tablesOutsideScope,
} from './access-policy.js';
export { accessPolicyErrors } from './access-policy-errors.js';
export {
  columnsOutsideScope,
  limitsColumnsOf,
  type QueryReads,
  readsOutOfScope,
  readsOutsideScope,
  roleAccess,
  type ScopeBreach,
  withinScope,
} from './column-scope.js';
