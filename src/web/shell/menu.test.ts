import { DEFAULT_TERMS } from '../../domain/terms';
import { homeFor, menuFor } from './menu';

/** docs/product.md §2.2, in its order. */
const STAFF_PATHS = [
  '/admin/dashboard',
  '/admin/expense-reports/processed',
  '/admin/expense-reports/unprocessed',
  '/admin/advance-requests',
  '/admin/advance-requests/unprocessed',
  '/admin/donations',
  '/admin/hold-accounts',
  '/admin/distributions/approved',
  '/admin/payments',
  '/admin/users',
  '/admin/user/create',
  '/admin/distribution-form',
  '/reports',
  '/admin/year-end',
  '/admin/denari-import',
  '/admin/settings',
];

describe('menuFor', () => {
  it('gives an admin every staff screen in docs/product.md’s order, then the Outbox', () => {
    const items = menuFor('admin', 3, DEFAULT_TERMS);
    expect(items.map((item) => item.to)).toEqual([...STAFF_PATHS, '/admin/outbox']);
    expect(items.find((item) => item.to === '/admin/dashboard')?.label).toBe('All Expense Reports');
    expect(items.find((item) => item.to === '/admin/users')?.label).toBe('All Users');
    expect(items.find((item) => item.to === '/admin/user/create')?.label).toBe('Add User');
    expect(items.find((item) => item.to === '/admin/distribution-form')?.label).toBe('MAT Day Processing');
    expect(items.find((item) => item.to === '/reports')?.label).toBe('Report Downloads');
  });

  it('gives an employee no screen that would refuse them: no Add User, MAT Day Processing or import', () => {
    const items = menuFor('employee', 3, DEFAULT_TERMS);
    expect(items.map((item) => item.to)).toEqual(
      STAFF_PATHS.filter(
        (path) => !['/admin/user/create', '/admin/distribution-form', '/admin/denari-import'].includes(path),
      ),
    );
  });

  it('gives a missionary their own five screens, with their id', () => {
    expect(menuFor('missionary', 42, DEFAULT_TERMS)).toEqual([
      { label: 'My Expense History', to: '/dashboard/42' },
      { label: 'New Expense Report', to: '/new-report/reimbursement' },
      { label: 'Advance Request', to: '/advance-request' },
      { label: 'My Support', to: '/support/42' },
      { label: 'My Missionary Profile', to: '/profile/42' },
    ]);
  });

  it('uses the configured term for the missionary', () => {
    const items = menuFor('missionary', 1, { ...DEFAULT_TERMS, missionary: 'Field Worker' });
    expect(items.at(-1)?.label).toBe('My Field Worker Profile');
  });

  it('gives an account without a role nothing', () => {
    expect(menuFor('none', 1, DEFAULT_TERMS)).toEqual([]);
  });
});

describe('homeFor', () => {
  it.each([
    ['admin', '/admin/dashboard'],
    ['employee', '/admin/dashboard'],
    ['missionary', '/dashboard/9'],
    ['none', null],
  ] as const)('%s starts at %s', (role, home) => {
    expect(homeFor(role, 9)).toBe(home);
  });
});
