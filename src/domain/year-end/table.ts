import type { Column, ReportTable } from '../reports/table';
import type { PersonYearEnd } from './figures';

/**
 * The year-end download (CSV or Excel): one row per person and form, the W-2 boxes and the 1099-NEC
 * boxes side by side, and the distribution ids each row is made of, so any figure can be traced.
 */
const money = (header: string): Column => ({ header, kind: 'money', total: true, width: 14 });

export const YEAR_END_COLUMNS: Column[] = [
  { header: 'User ID', kind: 'integer', width: 9 },
  { header: 'Name', kind: 'text', width: 28 },
  { header: 'Form', kind: 'text', width: 10 },
  { header: 'Reportable', kind: 'text', width: 11 },
  money('Gross pay'),
  money('W-2 box 1 wages'),
  money('W-2 box 2 federal income tax'),
  money('W-2 box 3 social security wages'),
  money('W-2 box 4 social security tax'),
  money('W-2 box 5 Medicare wages'),
  money('W-2 box 6 Medicare tax'),
  money('W-2 box 12 code E 403(b)'),
  money('W-2 box 14 housing allowance'),
  money('1099-NEC box 1'),
  money('1099-NEC box 4'),
  money('Advances as wages'),
  { header: 'Distribution IDs', kind: 'text', width: 30 },
  { header: 'Notes', kind: 'text', width: 60 },
];

export function yearEndRow(person: PersonYearEnd): Array<string | number> {
  return [
    person.userId,
    person.userName,
    person.form,
    person.reportable ? 'yes' : 'no',
    person.grossPay,
    person.box1,
    person.box2,
    person.box3,
    person.box4,
    person.box5,
    person.box6,
    person.box12E,
    person.box14,
    person.nec1,
    person.nec4,
    person.advancesAsWages,
    person.distributionIds.join(' '),
    person.notes.join(' '),
  ];
}

export function yearEndTable(year: number, people: readonly PersonYearEnd[]): ReportTable {
  return { sheetName: `Year end ${year}`, columns: YEAR_END_COLUMNS, rows: people.map(yearEndRow), frozenColumns: 2 };
}

export function yearEndFilename(year: number, format: 'csv' | 'xlsx'): string {
  return `year-end_${year}.${format}`;
}

export function yearEndSummaryFilename(year: number, userId: number): string {
  return `year-end-summary_${year}_user-${userId}.pdf`;
}
