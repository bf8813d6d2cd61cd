import type { ReviewFlag } from '../../../domain/distributions';

/**
 * Wire shapes of the distributions API (SPEC.md §3 Distribution; money in dollars). Only the fields
 * the screens read are typed here.
 */
export interface DistributionRecord {
  id: number;
  status: 'pending' | 'approved';
  user_id: number;
  user_name: string;
  user_email?: string;
  missionary_number?: string | null;
  start_date: string;
  end_date: string;
  donation_upload_name: string | null;
  total_donations: number;
  funds_available: number;
  total_payroll: number;
  total_expenses: number;
  total_funds_disbursed: number;
  ending_balance: number;
  starting_balance: number;
  unreimbursed_amount_ending: number;
  comments: string | null;
  review_flags?: ReviewFlag[] | null;
  created_at: string;
  approved_at?: string | null;
}

export type DistributionStatus = 'approved' | 'pending';
export const DISTRIBUTION_STATUSES: readonly DistributionStatus[] = ['approved', 'pending'];
