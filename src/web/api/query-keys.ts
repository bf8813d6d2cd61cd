/**
 * TanStack Query keys. A call's answer is kept under `queryKeyOf(contract.op, {params, query})`;
 * the factories in `keys` below are for what is not one call (tables paged in memory) and for the
 * screens not yet moved to `call()`. Every key starts with its feature's name, the contract's tag
 * ('Hold accounts'), so `invalidateQueries({ queryKey: keys.<feature>.all })` refreshes every list
 * and record of that feature, whichever way it was keyed. Types only from the contracts, no zod: any
 * page may import it without pulling the schemas into its chunk.
 */

import { SITE_KEY } from './site-key';

type Id = number | string;

export const keys = {
  site: SITE_KEY,
  settings: ['settings'] as const,
  systemWarnings: ['system', 'warnings'] as const,
  ledgerCheck: ['ledger-check'] as const,
  setupChecklist: ['setup-checklist'] as const,
  notificationPreferences: ['notification-preferences'] as const,

  account: {
    secondFactor: ['account', 'second-factor'] as const,
    passkeys: ['account', 'passkeys'] as const,
    /** The admins' policy; apart from `account` (the signed-in user's own factors). */
    secondFactorPolicy: ['second-factor', 'policy'] as const,
  },

  categories: {
    all: ['categories'] as const,
    /** The settings table pages through the categories already loaded. */
    table: (rows: unknown) => ['categories', 'table', rows] as const,
  },

  users: {
    all: ['Users'] as const,
    one: (id: Id | undefined) => ['Users', 'one', String(id)] as const,
    list: (archived: boolean, role: string | undefined) =>
      ['Users', archived ? 'archived' : 'active', role ?? 'all'] as const,
    missionarySearch: (term: string) => ['Users', 'search', 'missionary', term] as const,
  },

  expenseReports: {
    all: ['expense-reports'] as const,
    one: (id: Id | undefined) => ['expense-reports', 'one', String(id)] as const,
    nextUnprocessed: (currentId: Id) => ['expense-reports', 'next-unprocessed', currentId] as const,
    ofUser: (userId: number) => ['expense-reports', 'user', userId] as const,
    mine: (userId: number) => ['expense-reports', 'mine', userId] as const,
    staff: (mode: string, archived: boolean) => ['expense-reports', 'staff', mode, archived] as const,
    /** The hold accounts an expense may be charged to (apart from `holdAccounts`: refreshed on its own). */
    holdAccountChoices: (userId: number | undefined) => ['hold-account-choices', userId] as const,
    receiptFile: (fileUrl: string | null) => ['receipt-file', fileUrl] as const,
  },

  advances: {
    all: ['advance-requests'] as const,
    one: (id: Id | undefined) => ['advance-requests', 'one', id] as const,
    ofUser: (userId: number) => ['advance-requests', 'user', userId] as const,
    mine: (userId: number) => ['advance-requests', 'mine', userId] as const,
    staff: (unprocessed: boolean) => ['advance-requests', 'staff', unprocessed] as const,
  },

  accountablePlan: {
    all: ['accountable-plan'] as const,
    of: (userId: number) => ['accountable-plan', userId] as const,
  },

  outbox: {
    all: ['outbox'] as const,
    summary: ['outbox', 'summary'] as const,
    list: ['outbox', 'list'] as const,
    one: (id: number) => ['outbox', 'one', id] as const,
  },

  distributions: {
    all: ['distributions'] as const,
    one: (id: number | null) => ['distributions', 'one', id] as const,
    context: (path: string) => ['distributions', 'context', path] as const,
    list: (status: string) => ['distributions', 'list', status] as const,
    approvedOf: (userId: number) => ['distributions', 'user', userId, 'approved'] as const,
  },

  donations: {
    all: ['donations'] as const,
    uploadNames: ['donations', 'upload-names'] as const,
    /** The uploads still holding undistributed donations, of one field worker or (null) of everyone. */
    undistributed: (userId: number | null) => ['donations', 'undistributed', userId] as const,
    columnMappings: ['donations', 'column-mappings'] as const,
    page: (filter: unknown) => ['donations', 'page', filter] as const,
    uploadTotals: (uploadId: number) => ['donations', 'upload-totals', uploadId] as const,
    /** A preview's rows are paged in memory: the key names the preview they come from. */
    preview: (file: string, totalCount: number, matched: number) =>
      ['donations', 'preview', file, totalCount, matched] as const,
  },

  holdAccounts: {
    all: ['Hold accounts'] as const,
    /** The table pages through the list already loaded; `updatedAt` tells it the list changed. */
    table: (status: string, updatedAt: number) => ['Hold accounts', 'table', status, updatedAt] as const,
    ofUser: (userId: number) => ['Hold accounts', 'user', userId] as const,
  },

  statements: {
    all: ['statements'] as const,
    trend: (userId: number) => ['statements', 'trend', userId] as const,
    list: (userId: number) => ['statements', 'list', userId] as const,
    table: (userId: number) => ['statements', 'table', userId] as const,
  },

  reports: {
    matDates: (status: string) => ['reports', 'mat-dates', status] as const,
  },
};
