/**
 * A report's status (docs/product.md §4) and its label on the screens. A module of its own, apart from
 * the rules in states.ts: those name every refusal from MESSAGES, and a list that only shows a status
 * (the missionary dashboard's, whose JavaScript has a budget) should not download every message.
 */
export type ReportStatus = 'unsubmitted' | 'returned' | 'submitted' | 'processed' | 'archived';

export const REPORT_STATUS_LABELS: Record<ReportStatus, string> = {
  unsubmitted: 'Not submitted',
  returned: 'Returned',
  submitted: 'Submitted',
  processed: 'Processed',
  archived: 'Archived',
};
