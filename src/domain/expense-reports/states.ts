import type { ErrorCode } from '../errors';
import { MESSAGES } from '../messages';
import type { Role } from '../roles';
import type { ReportStatus } from './status-labels';

/**
 * An expense report's life (docs/product.md §4): unsubmitted (the owner edits, saves, deletes) → submitted →
 * processed → archived. Staff may send a submitted report back (decision 20, docs/decisions.md): it is then
 * returned — editable by its owner again, with the comment that says why — until it is submitted again. Every action is decided here, from the report's state and who asks; the
 * server applies a decision only when it allows the action, so a refused one changes nothing.
 */
export type ReportAction =
  /** read the report and its items */
  | 'view'
  /** add, change or delete expenses, mileage and files; save; change the distance type */
  | 'edit'
  | 'submit'
  | 'process'
  /** PATCH /return-expense-report/{id}: staff send a submitted report back with a comment */
  | 'return'
  /** DELETE /expense-report/unsubmitted/{id}: the owner's (or an admin's) delete of a draft */
  | 'delete_unsubmitted'
  /** DELETE /expense-report/{id}: the admin's delete of an unprocessed report */
  | 'delete'
  | 'archive';

export interface ReportFacts {
  userId: number;
  submitted: boolean;
  processed: boolean;
  archived: boolean;
  /** Sent back by staff and not submitted since (decision 20). */
  returned?: boolean;
  distributionId: number | null;
  /**
   * Status of the referencing distribution; unknown counts as pending. A pending one may still change,
   * an approved one is history (docs/decisions.md).
   */
  distributionStatus?: 'pending' | 'approved' | null;
}

export interface Actor {
  id: number;
  role: Role;
}

export type Decision<S> = { ok: true; to: S | 'deleted' } | { ok: false; code: ErrorCode; message: string };

export function reportStatus(
  report: Pick<ReportFacts, 'submitted' | 'processed' | 'archived' | 'returned'>,
): ReportStatus {
  if (report.archived) return 'archived';
  if (report.processed) return 'processed';
  if (report.submitted) return 'submitted';
  return report.returned ? 'returned' : 'unsubmitted';
}

type Who = 'owner' | 'staff' | 'admin' | 'owner_or_admin' | 'owner_or_staff';

interface Rule {
  who: Who;
  from: readonly ReportStatus[];
  to: ReportStatus | 'deleted' | null;
  /** Refused while a distribution references the report (docs/decisions.md). */
  /** true: refused while any distribution references it; 'pending': only while a pending one does. */
  blockedByDistribution: boolean | 'pending';
  wrongState: (status: ReportStatus) => string;
}

export const REPORT_MESSAGES = {
  notEditable: 'This report has been submitted and can no longer be changed.',
  alreadySubmitted: 'This report has already been submitted.',
  notSubmitted: 'This report has not been submitted yet.',
  alreadyProcessed: 'This report has already been processed.',
  onlyUnsubmittedDelete: 'Only reports that have not been submitted can be deleted here.',
  processedNoDelete: 'Processed reports cannot be deleted. Archive them instead.',
  onlyProcessedArchive: 'Only processed reports can be archived.',
  alreadyArchived: 'This report has already been archived.',
  onlySubmittedReturn: 'Only submitted reports that are not processed can be returned.',
} as const;

/** The whole table: who may do what, from which states, to which state. */
export const REPORT_RULES: Record<ReportAction, Rule> = {
  view: {
    who: 'owner_or_staff',
    from: ['unsubmitted', 'returned', 'submitted', 'processed', 'archived'],
    to: null,
    blockedByDistribution: false,
    wrongState: () => '',
  },
  edit: {
    who: 'owner',
    from: ['unsubmitted', 'returned'],
    to: null,
    blockedByDistribution: false,
    wrongState: () => REPORT_MESSAGES.notEditable,
  },
  submit: {
    who: 'owner',
    from: ['unsubmitted', 'returned'],
    to: 'submitted',
    blockedByDistribution: false,
    wrongState: () => REPORT_MESSAGES.alreadySubmitted,
  },
  process: {
    who: 'admin',
    from: ['submitted'],
    to: 'processed',
    blockedByDistribution: true,
    wrongState: (status) =>
      status === 'unsubmitted' || status === 'returned'
        ? REPORT_MESSAGES.notSubmitted
        : REPORT_MESSAGES.alreadyProcessed,
  },
  // Staff (decision 20): sending back moves no money, so employees may ask a question too. Refused while
  // a distribution includes the report, which would otherwise pay a report its owner is changing.
  return: {
    who: 'staff',
    from: ['submitted'],
    to: 'returned',
    blockedByDistribution: true,
    wrongState: () => REPORT_MESSAGES.onlySubmittedReturn,
  },
  delete_unsubmitted: {
    who: 'owner_or_admin',
    from: ['unsubmitted', 'returned'],
    to: 'deleted',
    blockedByDistribution: true,
    wrongState: () => REPORT_MESSAGES.onlyUnsubmittedDelete,
  },
  delete: {
    who: 'admin',
    from: ['unsubmitted', 'returned', 'submitted'],
    to: 'deleted',
    blockedByDistribution: true,
    wrongState: () => REPORT_MESSAGES.processedNoDelete,
  },
  archive: {
    who: 'admin',
    from: ['processed'],
    to: 'archived',
    blockedByDistribution: 'pending',
    wrongState: (status) =>
      status === 'archived' ? REPORT_MESSAGES.alreadyArchived : REPORT_MESSAGES.onlyProcessedArchive,
  },
};

function allowed(who: Who, actor: Actor, ownerId: number): boolean {
  const owner = actor.id === ownerId;
  switch (who) {
    case 'owner':
      return owner;
    case 'admin':
      return actor.role === 'admin';
    case 'staff':
      return actor.role === 'admin' || actor.role === 'employee';
    case 'owner_or_admin':
      return owner || actor.role === 'admin';
    case 'owner_or_staff':
      return owner || actor.role === 'admin' || actor.role === 'employee';
  }
}

/** Whether `actor` may do `action` to the report now: 403 for the wrong person, 409 for the wrong state. */
export function decideReport(action: ReportAction, report: ReportFacts, actor: Actor): Decision<ReportStatus> {
  const rule = REPORT_RULES[action];
  if (!allowed(rule.who, actor, report.userId)) {
    return { ok: false, code: 'forbidden', message: 'You do not have permission to do that.' };
  }
  if (blockedByDistribution(rule.blockedByDistribution, report)) {
    return { ok: false, code: 'conflict', message: MESSAGES.reportInDistribution };
  }
  const status = reportStatus(report);
  if (!rule.from.includes(status)) return { ok: false, code: 'conflict', message: rule.wrongState(status) };
  return { ok: true, to: rule.to ?? status };
}

function blockedByDistribution(
  rule: boolean | 'pending',
  facts: { distributionId: number | null; distributionStatus?: 'pending' | 'approved' | null },
): boolean {
  if (!rule || facts.distributionId === null) return false;
  return rule === true || facts.distributionStatus !== 'approved';
}
