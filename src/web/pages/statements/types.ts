/** Wire shapes of the statements routes (money in dollars, dates YYYY-MM-DD). */
export interface StatementSummary {
  id: number;
  distribution_id: number;
  user_id: number;
  user_name: string;
  start_date: string;
  end_date: string;
  donation_upload_name: string | null;
  total_donations: number;
  total_funds_disbursed: number;
  ending_balance: number;
  approved_at: string | null;
  url: string;
}

export interface TrendPointWire {
  distribution_id: number;
  start_date: string;
  end_date: string;
  total_donations: number;
  ending_balance: number;
}

export interface Trend {
  user_id: number;
  points: TrendPointWire[];
}

export const STATEMENTS_KEY = 'statements';
