/**
 * TanStack Query keys. A call's answer is kept under `queryKeyOf(contract.op, {params, query})`;
 * the factories in `keys` below are for what is not one call (tables paged in memory) and for the
 * queries that share a key across screens. Every key starts with its feature's name, the tag of the
 * contract its calls go through ('Hold accounts'), checked against that contract by tsc: a renamed
 * tag fails the build here. So `invalidateQueries({ queryKey: keys.<feature>.all })` refreshes
 * every list and record of that feature, whichever way it was keyed. The contracts are imported as
 * types only: any page may import this file without pulling the schemas (zod) into its chunk.
 */

import type { accountablePlanContract } from '../../domain/accountable-plan/contract';
import type { advancesContract } from '../../domain/advances/contract';
import type { categoriesContract } from '../../domain/categories/contract';
import type { distributionsContract } from '../../domain/distributions/contract';
import type { donationsContract } from '../../domain/donations/contract';
import type { expenseReportsContract } from '../../domain/expense-reports/contract';
import type { holdAccountsContract } from '../../domain/hold-accounts/contract';
import type { ledgerContract } from '../../domain/ledger/contract';
import type { notificationsContract } from '../../domain/notifications/contract';
import type { reportsContract, statementsContract } from '../../domain/reports/contract';
import type { secondFactorContract } from '../../domain/second-factor/contract';
import type { passkeyContract } from '../../domain/second-factor/passkey-contract';
import type { settingsContract } from '../../domain/settings/contract';
import type { supportContract } from '../../domain/support/contract';
import type { systemContract } from '../../domain/system/contract';
import type { usersContract } from '../../domain/users/contract';
import { SITE_KEY } from './site-key';

/** The tag `contracts()` gave a feature's endpoints, as a literal type: a constant below must equal it. */
export type TagOf<C> = C[keyof C] extends { tag: infer Tag } ? Tag : never;

const CATEGORIES: TagOf<typeof categoriesContract> = 'Categories';
const USERS: TagOf<typeof usersContract> = 'Users';
const EXPENSE_REPORTS: TagOf<typeof expenseReportsContract> = 'Expense reports';
const ADVANCES: TagOf<typeof advancesContract> = 'Advance requests';
const ACCOUNTABLE_PLAN: TagOf<typeof accountablePlanContract> = 'Accountable plan';
const NOTIFICATIONS: TagOf<typeof notificationsContract> = 'Notifications';
const DISTRIBUTIONS: TagOf<typeof distributionsContract> = 'Distributions';
const DONATIONS: TagOf<typeof donationsContract> = 'Donations';
const HOLD_ACCOUNTS: TagOf<typeof holdAccountsContract> = 'Hold accounts';
const STATEMENTS: TagOf<typeof statementsContract> = 'Statements';
const REPORTS: TagOf<typeof reportsContract> = 'Reports';
const SETTINGS: TagOf<typeof settingsContract> = 'Settings';
const SYSTEM: TagOf<typeof systemContract> = 'System';
const LEDGER: TagOf<typeof ledgerContract> = 'Ledger';
const SECOND_FACTOR: TagOf<typeof secondFactorContract> = 'Second factor';
const PASSKEYS: TagOf<typeof passkeyContract> = 'Passkeys';
const SUPPORT: TagOf<typeof supportContract> = 'Support';

type Id = number | string;

export const keys = {
  site: SITE_KEY,
  settings: [SETTINGS] as const,
  systemWarnings: [SYSTEM] as const,
  ledgerCheck: [LEDGER] as const,
  notificationPreferences: [NOTIFICATIONS, 'preferences'] as const,

  account: {
    secondFactor: [SECOND_FACTOR, 'status'] as const,
    passkeys: [PASSKEYS] as const,
    /** The admins' policy, apart from the signed-in user's own factors. */
    secondFactorPolicy: [SECOND_FACTOR, 'policy'] as const,
  },

  categories: {
    all: [CATEGORIES] as const,
    /** The settings table pages through the categories already loaded. */
    table: (rows: unknown) => [CATEGORIES, 'table', rows] as const,
  },

  users: {
    all: [USERS] as const,
    one: (id: Id | undefined) => [USERS, 'one', String(id)] as const,
    list: (archived: boolean, role: string | undefined) =>
      [USERS, archived ? 'archived' : 'active', role ?? 'all'] as const,
    missionarySearch: (term: string) => [USERS, 'search', 'missionary', term] as const,
  },

  expenseReports: {
    all: [EXPENSE_REPORTS] as const,
    one: (id: Id | undefined) => [EXPENSE_REPORTS, 'one', String(id)] as const,
    nextUnprocessed: (currentId: Id) => [EXPENSE_REPORTS, 'next-unprocessed', currentId] as const,
    ofUser: (userId: number) => [EXPENSE_REPORTS, 'user', userId] as const,
    mine: (userId: number) => [EXPENSE_REPORTS, 'mine', userId] as const,
    staff: (mode: string, archived: boolean) => [EXPENSE_REPORTS, 'staff', mode, archived] as const,
    /**
     * Two keys stand apart from the feature's prefix on purpose: the hold accounts an expense may be
     * charged to are refreshed on their own, not by every report change, and a receipt's file is a
     * download, not a contract's answer.
     */
    holdAccountChoices: (userId: number | undefined) => ['hold-account-choices', userId] as const,
    receiptFile: (fileUrl: string | null) => ['receipt-file', fileUrl] as const,
  },

  advances: {
    all: [ADVANCES] as const,
    one: (id: Id | undefined) => [ADVANCES, 'one', id] as const,
    ofUser: (userId: number) => [ADVANCES, 'user', userId] as const,
    mine: (userId: number) => [ADVANCES, 'mine', userId] as const,
    staff: (unprocessed: boolean) => [ADVANCES, 'staff', unprocessed] as const,
  },

  /** My Support calls through `route()` (the dashboard's budget), so its key is made here. */
  support: {
    all: [SUPPORT] as const,
    of: (userId: number) => [SUPPORT, userId] as const,
    months: (userId: number) => [SUPPORT, userId, 'months'] as const,
  },
  accountablePlan: {
    all: [ACCOUNTABLE_PLAN] as const,
    of: (userId: number) => [ACCOUNTABLE_PLAN, userId] as const,
  },

  outbox: {
    all: [NOTIFICATIONS, 'outbox'] as const,
    summary: [NOTIFICATIONS, 'outbox', 'summary'] as const,
    list: [NOTIFICATIONS, 'outbox', 'list'] as const,
    one: (id: number) => [NOTIFICATIONS, 'outbox', 'one', id] as const,
  },

  distributions: {
    all: [DISTRIBUTIONS] as const,
    one: (id: number | null) => [DISTRIBUTIONS, 'one', id] as const,
    context: (path: string) => [DISTRIBUTIONS, 'context', path] as const,
    list: (status: string) => [DISTRIBUTIONS, 'list', status] as const,
    approvedOf: (userId: number) => [DISTRIBUTIONS, 'user', userId, 'approved'] as const,
  },

  donations: {
    all: [DONATIONS] as const,
    uploadNames: [DONATIONS, 'upload-names'] as const,
    /** The uploads still holding undistributed donations, of one field worker or (null) of everyone. */
    undistributed: (userId: number | null) => [DONATIONS, 'undistributed', userId] as const,
    columnMappings: [DONATIONS, 'column-mappings'] as const,
    page: (filter: unknown) => [DONATIONS, 'page', filter] as const,
    uploadTotals: (uploadId: number) => [DONATIONS, 'upload-totals', uploadId] as const,
    /** A preview's rows are paged in memory: the key names the preview they come from. */
    preview: (file: string, totalCount: number, matched: number) =>
      [DONATIONS, 'preview', file, totalCount, matched] as const,
  },

  holdAccounts: {
    all: [HOLD_ACCOUNTS] as const,
    /** The table pages through the list already loaded; `updatedAt` tells it the list changed. */
    table: (status: string, updatedAt: number) => [HOLD_ACCOUNTS, 'table', status, updatedAt] as const,
    ofUser: (userId: number) => [HOLD_ACCOUNTS, 'user', userId] as const,
  },

  statements: {
    all: [STATEMENTS] as const,
    trend: (userId: number) => [STATEMENTS, 'trend', userId] as const,
    list: (userId: number) => [STATEMENTS, 'list', userId] as const,
    table: (userId: number) => [STATEMENTS, 'table', userId] as const,
  },

  reports: {
    matDates: (status: string) => [REPORTS, 'mat-dates', status] as const,
  },
};
