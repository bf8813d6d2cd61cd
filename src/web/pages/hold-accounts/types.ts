/** Wire shapes of the hold accounts API (money in dollars). */
export interface HoldAccount {
  id: number;
  user_id: number;
  user: { id: number; name: string; missionary_number: string | null } | null;
  user_name: string | null;
  fund_name: string;
  opening_balance: number;
  balance: number;
  unreimbursed_amount: number;
  mat_day_recurring_deposit: number;
  mat_day_recurring_transfer: number;
  mat_day_recurring_withdrawal: number;
  status: 'active' | 'archived';
  archived_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface HoldAccountTransaction {
  id: number;
  hold_account_id: number;
  transaction_type: 'Deposit' | 'Transfer' | 'Withdrawal';
  transaction_amount: number;
  amount_approved: number | null;
  added_unreimbursed_amount: number;
  description: string | null;
  expense_id: number | null;
  distribution_id: number | null;
  recurring: 0 | 1;
  approved: 0 | 1;
  starting_balance: number | null;
  ending_balance: number | null;
  mat_date: string | null;
  status: string;
  created_by_name: string | null;
  created_at: string;
  deletable: boolean;
}
