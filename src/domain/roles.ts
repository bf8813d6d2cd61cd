export const ROLES = ['admin', 'employee', 'missionary'] as const;
export type Role = (typeof ROLES)[number] | 'none';

export const STAFF: readonly Role[] = ['admin', 'employee'];
export const ADMIN: readonly Role[] = ['admin'];
export const MISSIONARY: readonly Role[] = ['missionary'];

export function isStaff(role: Role | null | undefined): boolean {
  return role === 'admin' || role === 'employee';
}

export function isAdmin(role: Role | null | undefined): boolean {
  return role === 'admin';
}

export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  employee: 'Employee',
  missionary: 'Missionary',
  none: 'None',
};

/** Idle time after which a session ends (docs/product.md §9: 14,400,000 ms). */
export const SESSION_IDLE_MS = 14_400_000;
/** Password reset links live this long (decision 2, docs/decisions.md). */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const MIN_PASSWORD_LENGTH = 6;
export const GENERATED_PASSWORD_LENGTH = 8;
