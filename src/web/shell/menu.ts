import type { Role } from '../../domain/roles';
import type { Terms } from '../../domain/terms';

export interface MenuItem {
  label: string;
  to: string;
}

/** Screens whose only purpose is a change employees may not make: their menu leaves them out. */
export const ADMIN_ONLY_PATHS: readonly string[] = [
  '/admin/user/create',
  '/admin/distribution-form',
  '/admin/denari-import',
];

/** docs/product.md §2.2, in its order; each role sees only what it can use. */
export function menuFor(role: Role, userId: number, terms: Terms): MenuItem[] {
  if (role === 'admin' || role === 'employee') {
    const items: MenuItem[] = [
      { label: 'All Expense Reports', to: '/admin/dashboard' },
      { label: 'Processed Expense Reports', to: '/admin/expense-reports/processed' },
      { label: 'Unprocessed Expense Reports', to: '/admin/expense-reports/unprocessed' },
      { label: 'All Advance Requests', to: '/admin/advance-requests' },
      { label: 'Unprocessed Advance Requests', to: '/admin/advance-requests/unprocessed' },
      { label: 'Donations', to: '/admin/donations' },
      { label: 'Hold Accounts', to: '/admin/hold-accounts' },
      { label: 'Distributions', to: '/admin/distributions/approved' },
      { label: 'Payments', to: '/admin/payments' },
      { label: 'All Users', to: '/admin/users' },
      { label: 'Add User', to: '/admin/user/create' },
      { label: 'MAT Day Processing', to: '/admin/distribution-form' },
      { label: 'Report Downloads', to: '/reports' },
      { label: 'Year End', to: '/admin/year-end' },
      { label: 'Denari Import', to: '/admin/denari-import' },
      { label: 'Settings', to: '/admin/settings' },
    ];
    if (role === 'employee') return items.filter((item) => !ADMIN_ONLY_PATHS.includes(item.to));
    // Decision 21: the mail queue, readable in the app (the only place to read mail without SMTP_URL).
    return [...items, { label: 'Outbox', to: '/admin/outbox' }];
  }
  if (role === 'missionary') {
    return [
      { label: 'My Expense History', to: `/dashboard/${userId}` },
      { label: 'New Expense Report', to: '/new-report/reimbursement' },
      { label: 'Advance Request', to: '/advance-request' },
      { label: 'My Support', to: `/support/${userId}` },
      { label: `My ${terms.missionary} Profile`, to: `/profile/${userId}` },
    ];
  }
  return [];
}

/** Where "/" sends a signed-in user (docs/product.md §2.1). */
export function homeFor(role: Role, userId: number): string | null {
  if (role === 'admin' || role === 'employee') return '/admin/dashboard';
  if (role === 'missionary') return `/dashboard/${userId}`;
  return null;
}
