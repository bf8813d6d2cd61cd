import type { AdvanceStatus } from '../../../domain/advances/states';

/** GET /advance-request…, /paginated_advance_request rows (SPEC.md §3, §2.3). Money in dollars. */
export interface Advance {
  id: number;
  user_id: number;
  user_name: string;
  missionary_number: string | null;
  status: AdvanceStatus;
  amount_requested: number;
  amount_approved: number | null;
  dist_amount_approved: number | null;
  approved: 0 | 1;
  type: number | null;
  category: { id: number; expense_category: string } | null;
  hold_account_id: number | null;
  hold_account: { id: number; fund_name: string } | null;
  distribution_id: number | null;
  date_submitted: string | null;
  mat_date: string | null;
  expense_report_id: number | null;
  expense_report: { id: number; submitted: 0 | 1; processed: 0 | 1; total_amount: number } | null;
  archived_at: string | null;
  created_at: string;
  updated_at: string;
}
