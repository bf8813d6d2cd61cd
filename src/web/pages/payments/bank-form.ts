import {
  BANK_FIELD_LABELS,
  BANK_METHOD_FIELDS,
  type BankField,
  type BankFieldsInput,
  PAYOUT_METHODS,
  type PayoutMethod,
} from '../../../domain/payments/bank-details';
import type { TBankDetailsView } from '../../../domain/payments/contract';

/** What the bank details form holds: the method and every field as typed (details are never shown whole). */
export type BankFormValues = { payout_method: PayoutMethod } & Record<Exclude<BankField, 'payout_method'>, string>;

const DETAIL_FIELDS = Object.keys(BANK_FIELD_LABELS).filter(
  (field): field is Exclude<BankField, 'payout_method'> => field !== 'payout_method',
);

export const METHOD_LABELS: Record<PayoutMethod, string> = {
  ach: 'ACH (US bank account)',
  wire: 'International wire',
  check: 'Check',
  none: 'Not paid by a batch',
};

export const ACCOUNT_TYPE_LABELS: Record<string, string> = { checking: 'Checking', savings: 'Savings' };

export const METHOD_OPTIONS = PAYOUT_METHODS.map((method) => ({ value: method, label: METHOD_LABELS[method] }));

/**
 * A new form starts blank but for the method and the names and codes that are not secret (beneficiary,
 * country, currency, BIC, bank name); account numbers are only ever shown masked, so they are typed again.
 */
export function bankFormDefaults(current: TBankDetailsView | undefined): BankFormValues {
  return {
    payout_method: current?.payout_method ?? 'none',
    bank_routing_number: '',
    bank_account_number: '',
    bank_account_type: current?.bank_account_type ?? '',
    beneficiary_name: current?.beneficiary_name ?? '',
    bank_country: current?.bank_country ?? '',
    bank_currency: current?.bank_currency ?? '',
    iban: '',
    bic: current?.bic ?? '',
    bank_name: current?.bank_name ?? '',
  };
}

/**
 * The body of a save: the chosen method's fields as typed (blank clears, and the server names what is
 * missing) and every other field cleared, so the profile never keeps a former method's account.
 */
export function bankDetailsBody(values: BankFormValues): BankFieldsInput {
  const used = new Set<string>(BANK_METHOD_FIELDS[values.payout_method]);
  const body: BankFieldsInput = { payout_method: values.payout_method };
  for (const field of DETAIL_FIELDS) body[field] = used.has(field) ? values[field].trim() || null : null;
  return body;
}

/** The current details as label/value pairs for the chosen method (masked as the API sends them). */
export function bankDetailsSummary(details: TBankDetailsView): Array<[string, string | null]> {
  const rows: Array<[string, string | null]> = [
    [BANK_FIELD_LABELS.payout_method, METHOD_LABELS[details.payout_method]],
  ];
  for (const field of BANK_METHOD_FIELDS[details.payout_method]) {
    const value = details[field];
    rows.push([BANK_FIELD_LABELS[field], field === 'bank_account_type' && value ? ACCOUNT_TYPE_LABELS[value] : value]);
  }
  return rows;
}
