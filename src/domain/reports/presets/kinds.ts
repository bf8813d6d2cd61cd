import { z } from 'zod';

/**
 * The kinds of account the journal books to (docs/decisions.md decision 32). An organisation maps
 * each kind to one account of its own chart in Accounting settings; an unmapped kind keeps the
 * journal's own accounts (the chart of docs/reports.md), and every export names the unmapped kinds.
 */
export const ACCOUNT_KINDS = [
  'missionary_funds',
  'hold_accounts',
  'payroll_expense',
  'employer_taxes',
  'withholding_liabilities',
  'retirement',
  'admin_fee_income',
  'reimbursements',
  'advances',
  'bank_clearing',
] as const;

export type AccountKind = (typeof ACCOUNT_KINDS)[number];

/** What each kind holds, for the settings page and docs/reports.md. */
export const KIND_LABELS: Record<AccountKind, { label: string; today: string }> = {
  missionary_funds: { label: 'Missionary funds', today: '2600-{missionary #} Missionary Fund Balance — {name}' },
  hold_accounts: { label: 'Hold accounts', today: '2500-{hold account id} Hold Account Liability — {fund}' },
  payroll_expense: {
    label: 'Payroll expense',
    today: '1000 Operating Cash (net pay), 1250 Mid-Month Payroll Clearing, 2200 Insurance Payable',
  },
  employer_taxes: { label: 'Employer taxes', today: '2100 Payroll Taxes Payable (employer shares)' },
  withholding_liabilities: {
    label: 'Withholding liabilities',
    today: '2100 Payroll Taxes Payable (employee shares, income tax)',
  },
  retirement: { label: 'Retirement', today: '2150 403(b) Payable' },
  admin_fee_income: { label: 'Admin fee income', today: '4100 Admin Fee Income' },
  reimbursements: { label: 'Reimbursements', today: '1000 Operating Cash' },
  advances: { label: 'Advances', today: '1000 Operating Cash' },
  bank_clearing: { label: 'Bank clearing', today: '1000 Operating Cash, 1100 Donations Clearing' },
};

/** "Hold accounts, Retirement": kinds named as the settings page names them. */
export function kindLabels(kinds: readonly AccountKind[]): string {
  return kinds.map((kind) => KIND_LABELS[kind].label).join(', ');
}

export interface MappedAccount {
  number: string;
  name: string;
}

export interface AccountingMapping {
  accounts: Partial<Record<AccountKind, MappedAccount>>;
  /** The per-missionary dimension's name: a QuickBooks class list, a Xero tracking category. */
  dimension: string;
}

export const DEFAULT_DIMENSION = 'Missionary';

export const NO_MAPPING: AccountingMapping = { accounts: {}, dimension: DEFAULT_DIMENSION };

/** Characters no accounting package accepts inside an account number or a name we write. */
const noControl = (text: string) => [...text].every((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f);

export const ZMappedAccount = z
  .object({
    number: z
      .string()
      .trim()
      .min(1, 'Enter the account number.')
      .max(40, 'At most 40 characters.')
      .refine(noControl, 'No tabs or line breaks.')
      // A number is imported as it is typed, so it never starts with a character a spreadsheet escapes.
      .refine((text) => /^[\p{L}\p{N}]/u.test(text), 'Start the number with a letter or digit.'),
    name: z
      .string()
      .trim()
      .min(1, 'Enter the account name.')
      .max(200, 'At most 200 characters.')
      .refine(noControl, 'No tabs or line breaks.'),
  })
  .strict()
  .meta({ id: 'MappedAccount' });

export const ZAccountingMapping = z
  .object({
    accounts: z.partialRecord(z.enum(ACCOUNT_KINDS), ZMappedAccount),
    dimension: z
      .string()
      .trim()
      .min(1, 'Name the per-missionary dimension.')
      .max(40, 'At most 40 characters.')
      .refine(noControl, 'No tabs or line breaks.'),
  })
  .strict()
  .meta({ id: 'AccountingMapping' });

/** The kinds an export books with the journal's own accounts because no account is mapped. */
export function unmappedKinds(mapping: AccountingMapping): AccountKind[] {
  return ACCOUNT_KINDS.filter((kind) => mapping.accounts[kind] === undefined);
}
