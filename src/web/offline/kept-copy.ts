import type {
  TExpense as Expense,
  TFileUpload as FileUpload,
  TFullReport as FullReport,
  TMileage as Mileage,
} from '../../domain/expense-reports/contract';
import { actionOf, type OutboxItem } from './queue';

/** What the server answered to a sent item: the row it made or changed, or the whole report. */
export type SentAnswer = Expense | Mileage | FileUpload | FullReport | { id?: number };

/** The key the office's exchange rates are kept under on the device (the dashboard keeps them too). */
export const EXCHANGE_RATES_KEPT = 'exchange-rates';

/** The key a report's kept copy is stored under (offline/cached-read.ts, expenses/queries.ts). */
export const keptReportKey = (reportId: number | string) => `report-${reportId}`;

function replaced<T extends { id: number }>(rows: readonly T[], item: OutboxItem, row: T | null): T[] {
  const action = actionOf(item);
  if (action === 'delete') return rows.filter((each) => each.id !== item.targetId);
  if (row === null) return [...rows];
  const at = rows.findIndex((each) => each.id === (action === 'update' ? item.targetId : row.id));
  return at < 0 ? [...rows, row] : rows.map((each, index) => (index === at ? row : each));
}

const isRow = (answer: SentAnswer): answer is { id: number } => typeof answer.id === 'number';

/**
 * The kept copy of a report once one of its items reached the server, with the server's answer put
 * in place: a new line added, a changed one replaced, a deleted one gone, a changed report taken
 * whole. Without it the copy stays as it was when the report was last opened, and a receipt sent
 * from another page (the dashboard sends what waits too) would be missing from an offline reload —
 * neither waiting nor sent, so it would be uploaded twice. Pure; outbox.ts stores the result.
 */
export function withSent(report: FullReport, item: OutboxItem, answer: SentAnswer): FullReport {
  if (item.kind === 'report') {
    return actionOf(item) === 'update' && isRow(answer) && answer.id === report.id && 'expense' in answer
      ? (answer as FullReport)
      : report;
  }
  const row = isRow(answer) && actionOf(item) !== 'delete' ? answer : null;
  if (item.kind === 'expense') return { ...report, expense: replaced(report.expense, item, row as Expense | null) };
  if (item.kind === 'mileage') return { ...report, mileage: replaced(report.mileage, item, row as Mileage | null) };
  return { ...report, file_upload: replaced(report.file_upload, item, row as FileUpload | null) };
}
