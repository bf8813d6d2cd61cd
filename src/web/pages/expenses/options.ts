import type { Category } from '../../api/types';
import type { HoldAccountChoice } from './types';

export interface Option {
  value: string;
  label: string;
}

/** The categories one kind of line may use: each category's advance/expense/mileage flag says where. */
export function categoryOptions(categories: readonly Category[] | undefined, kind: 'advance' | 'expense' | 'mileage') {
  return (categories ?? [])
    .filter((category) => category[kind] === 1)
    .map((category): Option => ({ value: String(category.id), label: category.expense_category }));
}

/** The owner's hold accounts to charge, "None" first: charging one is optional. */
export function holdAccountOptions(accounts: readonly HoldAccountChoice[] | undefined): Option[] {
  return [
    { value: '', label: 'None' },
    ...(accounts ?? []).map((account) => ({ value: String(account.id), label: account.fund_name })),
  ];
}
