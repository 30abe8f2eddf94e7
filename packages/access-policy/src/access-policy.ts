// Which tables each role may read (RBAC), and the one rule that reads it: a table is in a
// role's scope when the role's list names it, compared case-insensitively as SQL compares
// names; a role the policy does not name reads nothing. A role may also narrow a table it
// reads to some of its columns (column-scope.ts). The reference engine refuses by this rule,
// suite lint and import derive a case's expected outcome by it and the runner finds leaks
// by it, so none of them can disagree.

/** What one role may read. */
export interface RoleAccess {
  /** The tables the role may read (any spelling case). */
  readonly tables: readonly string[];
  /**
   * Table -> the only columns of it the role may read (any spelling case); a table of
   * `tables` not named here is read whole. Every table named here is one of `tables`.
   */
  readonly columns?: Readonly<Record<string, readonly string[]>>;
}

/** Which tables each role may read, shaped like the Chinook demo's `CHINOOK_POLICIES`. */
export interface AccessPolicy {
  readonly roles: Readonly<Record<string, RoleAccess>>;
}

/**
 * Whether the policy names `role`. Only the policy's own keys count, so a role called
 * `toString` or `constructor` is not found on Object's prototype.
 */
export function hasRole(policy: AccessPolicy, role: string): boolean {
  return Object.hasOwn(policy.roles, role);
}

/** The tables of `tables` that `scope` does not name (case-insensitively), in their order. */
export function tablesOutsideScope(scope: readonly string[], tables: readonly string[]): string[] {
  const allowed = new Set(scope.map((t) => t.toLowerCase()));
  return tables.filter((t) => !allowed.has(t.toLowerCase()));
}

/** The tables `role` may read; `[]` for a role the policy does not name; undefined without a policy (every table). */
export function roleTables(policy: AccessPolicy | undefined, role: string): string[] | undefined {
  if (!policy) return undefined;
  return hasRole(policy, role) ? [...(policy.roles[role]?.tables ?? [])] : [];
}

/** The tables of `tables` that `role` may not read (none when there is no policy). */
export function tablesOutOfScope(
  policy: AccessPolicy | undefined,
  role: string,
  tables: readonly string[],
): string[] {
  const scope = roleTables(policy, role);
  return scope === undefined ? [] : tablesOutsideScope(scope, tables);
}
