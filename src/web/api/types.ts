import type { Role } from '../../domain/roles';

/** The web's view of the API's wire shapes (SPEC.md §3): money in dollars, flags 0/1, dates YYYY-MM-DD. */
export interface Profile {
  missionary_number: string | null;
  tax_status: 'W2' | '1099' | 'W2 Exempt' | null;
  fica_tax: 0 | 1;
  retirement_amount: number;
  fund_balance: number;
  unreimbursed_amount: number;
  net_salary: number;
  social_security: number | null;
  medicare: number | null;
  federal_income_tax: number;
  wire_fee: number;
  housing_allowance: number;
  insurance_amount: number;
  admin_fee_percentage: number | null;
  admin_fee_cap: number | null;
}

export interface User {
  id: number;
  name: string;
  email: string;
  role: Role;
  missionary_number: string | null;
  unreimbursed_amount: number;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  profile: Profile | null;
}

export interface SessionUser extends User {
  api_token: string;
}

export interface Page<T> {
  data: T[];
  total_count: number;
}

export interface Setting {
  id: number;
  setting_name: string;
  setting_value: string;
}

export interface Category {
  id: number;
  expense_category: string;
  description: string;
  advance: 0 | 1;
  expense: 0 | 1;
  mileage: 0 | 1;
}
