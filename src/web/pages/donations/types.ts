/** Wire shapes of the donations API (money in dollars, approved 0/1). */
export interface Donation {
  id: number;
  amount: number;
  count: number;
  user_id: number | null;
  user_name: string | null;
  fund_name: string | null;
  hold_account_id: number | null;
  upload_id: number | null;
  upload_name: string;
  approved: 0 | 1;
  distribution_id: number | null;
  created_at: string;
  missionary_number?: string | null;
}

export interface UploadName {
  upload_name: string;
  donations: number;
  total_amount: number;
  last_imported_at: string | null;
}

export interface PreviewRow {
  row: number;
  user_id: number;
  user_name: string;
  missionary_number: string | null;
  fund_name: string | null;
  hold_account_id: number | null;
  amount: number;
  count: number;
}

export interface ProblemRow {
  row: number;
  fund_name: string | null;
  account_number: string | null;
  name: string | null;
  amount: string;
  reasons: string[];
}

export interface MissionaryTotal {
  user_id: number;
  user_name: string;
  missionary_number: string | null;
  rows: number;
  count: number;
  general: number;
  designated: number;
  total: number;
}

export interface ImportTotals {
  by_missionary: MissionaryTotal[];
  grand: {
    rows: number;
    matched_rows: number;
    problem_rows: number;
    count: number;
    file_total: number;
    matched_total: number;
  };
}

/** POST /donation/denari-upload?preview=1 (and the body of a refused import). */
export interface ImportPreview {
  preview: true;
  upload_name: string;
  file: string;
  format?: 'csv' | 'xlsx';
  encoding?: string | null;
  total_count: number;
  can_import: boolean;
  file_errors: string[];
  ignored_headers: string[];
  matched: PreviewRow[];
  problems: ProblemRow[];
  totals: ImportTotals;
}

/** POST /donation/denari-upload: the import's answer (SPEC.md §7). */
export interface ImportResult {
  id: number;
  message: string;
  file: string;
  upload_name: string;
  total_count: number;
  total_amount: number;
  totals: ImportTotals;
  donations: Donation[];
  holdAccounts: Array<{ id: number; fund_name: string }>;
}
