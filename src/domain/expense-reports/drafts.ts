/**
 * Start Report and leave, again and again, used to leave an empty draft each time. A
 * missionary's new reimbursement report reuses their newest empty draft instead: unsubmitted, of type
 * reimbursement, and without a single expense, trip or receipt — nothing the missionary could lose.
 * Advance reports are never reused: each belongs to its own advance request.
 */
export interface DraftFacts {
  id: number;
  type: 'reimbursement' | 'advance';
  submitted: boolean;
  archived: boolean;
  /** Expenses plus mileage trips. */
  items: number;
  files: number;
}

export function isEmptyDraft(report: DraftFacts): boolean {
  return (
    report.type === 'reimbursement' && !report.submitted && !report.archived && report.items === 0 && report.files === 0
  );
}

/** The id of the report Start Report should open instead of creating one, or null to create one. */
export function reusableDraft(reports: readonly DraftFacts[]): number | null {
  const empty = reports.filter(isEmptyDraft);
  return empty.length === 0 ? null : Math.max(...empty.map((report) => report.id));
}
