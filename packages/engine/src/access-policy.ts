// RBAC: which tables each role may read, shaped like the demo's CHINOOK_POLICIES. A role the
// policy does not name may read nothing. Names compare case-insensitively, as SQL's do.

export interface AccessPolicy {
  roles: Readonly<Record<string, { readonly tables: readonly string[] }>>;
}

/** The tables of `tables` that `role` may not read (none when there is no policy). */
export function tablesOutOfScope(
  policy: AccessPolicy | undefined,
  role: string,
  tables: readonly string[],
): string[] {
  if (!policy) return [];
  const scope = Object.hasOwn(policy.roles, role) ? policy.roles[role]?.tables : undefined;
  const allowed = new Set((scope ?? []).map((t) => t.toLowerCase()));
  return tables.filter((t) => !allowed.has(t.toLowerCase()));
}

/** The tables `role` may read, or undefined for "every table" (no policy). */
export function roleScope(policy: AccessPolicy | undefined, role: string): string[] | undefined {
  if (!policy) return undefined;
  return Object.hasOwn(policy.roles, role) ? [...(policy.roles[role]?.tables ?? [])] : [];
}
