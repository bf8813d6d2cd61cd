/** Wire shapes of the expense reports API, inferred from its contract. */
import type { TExpense } from '../../../domain/expense-reports/contract';

export type {
  TExpense as Expense,
  TFileUpload as FileUpload,
  TFullReport as FullReport,
  THoldAccountChoice as HoldAccountChoice,
  TMileage as Mileage,
  TReportEvent as ReportEvent,
  TReportSummary as ReportSummary,
} from '../../../domain/expense-reports/contract';

export type CategoryRef = NonNullable<TExpense['category']>;
