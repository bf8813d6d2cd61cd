import type { YearToDate } from '../../domain/distributions/payroll-year';
import { centsFromDatabase } from '../db/schema/columns';

/** One user's year so far as load-context.ts's combined read returns it (money as exact text). */
export interface YearToDateJson {
  user_id: number;
  year: number;
  wage_base: string | null;
  ss_wages: string;
  housing_excluded: string;
  designation_amount: string | null;
  designation_on: string | null;
}

export function yearToDateOf(row: YearToDateJson): YearToDate {
  return {
    year: row.year,
    socialSecurityWageBase: row.wage_base === null ? null : centsFromDatabase(row.wage_base),
    socialSecurityWagesBefore: centsFromDatabase(row.ss_wages),
    housingDesignation:
      row.designation_amount === null || row.designation_on === null
        ? null
        : { amount: centsFromDatabase(row.designation_amount), approvedOn: row.designation_on },
    housingExcludedBefore: centsFromDatabase(row.housing_excluded),
  };
}
