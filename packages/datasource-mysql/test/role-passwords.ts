/** The test logins' passwords, one per Chinook policy role (login `chinook_<role>`). */
export const ROLE_PASSWORDS = {
  admin: 'admin-pw-1',
  sales: 'sales-pw-2',
  catalog: 'catalog-pw-3',
} as const;
