import type { DistanceType } from '../../../domain/expense-reports/calculations';
import type { ReportType } from '../../../domain/expense-reports/schemas';
import type { ReportStatus } from '../../../domain/expense-reports/states';
import type { User } from '../../api/types';
import type { Advance } from '../advances/types';

/** A report in lists (GET /paginated_expense_report). Money in dollars, flags 0/1. */
export interface ReportSummary {
  id: number;
  type: ReportType;
  user_id: number;
  user_name: string;
  missionary_number: string | null;
  status: ReportStatus;
  total_amount: number;
  unreimbursed_amount: number;
  payout: number | null;
  start_date: string | null;
  end_date: string | null;
  date_submitted: string | null;
  submitted: 0 | 1;
  processed: 0 | 1;
  processed_at: string | null;
  distance_type: DistanceType;
  advance_request_id: number | null;
  distribution_id: number | null;
  archived_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface CategoryRef {
  id: number;
  expense_category: string;
}

export interface Expense {
  id: number;
  expense_report_id: number;
  date: string;
  expense_code: number | null;
  category: CategoryRef | null;
  description: string | null;
  field_currency: number;
  exchange_rate: number;
  usd_amount: number;
  hold_account_id: number | null;
  hold_account: { id: number; fund_name: string } | null;
}

export interface Mileage {
  id: number;
  expense_report_id: number;
  date: string;
  odometer_start: number | null;
  odometer_end: number | null;
  total_distance: number;
  distance: number;
  miles: number | null;
  total_cost: number;
  type: number | null;
  category: CategoryRef | null;
}

export interface FileUpload {
  id: number;
  expense_report_id: number;
  filename: string;
  file_url: string;
  content_type: string;
  size_bytes: number;
  created_at: string;
}

/** GET /expense-report/{id}. */
export interface FullReport extends ReportSummary {
  expense: Expense[];
  mileage: Mileage[];
  file_upload: FileUpload[];
  advance_request: Advance | null;
  user: User | null;
}

export interface HoldAccountChoice {
  id: number;
  fund_name: string;
}
