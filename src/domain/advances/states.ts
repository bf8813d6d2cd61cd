import type { Actor, Decision } from '../expense-reports/states';
import { MESSAGES } from '../messages';
import { type Cents, formatUSD } from '../money';

/**
 * An advance request's life (docs/product.md §4, docs/decisions.md): requested → approved (amount_approved
 * set) → submitted (its advance report is submitted) → closed (staff confirm the report) →
 * archived. Every action is decided here; a refused one changes nothing.
 */
export const ADVANCE_STATUSES = ['requested', 'approved', 'submitted', 'closed'] as const;
export type AdvanceStatus = (typeof ADVANCE_STATUSES)[number];

export const ADVANCE_STATUS_LABELS: Record<AdvanceStatus, string> = {
  requested: 'Requested',
  approved: 'Approved',
  submitted: 'Submitted',
  closed: 'Closed',
};

export type AdvanceAction =
  | 'view'
  /** PATCH /advance-request/{id}: staff approve an amount */
  | 'approve'
  /** POST /expense-report {type: advance}: the owner starts the advance report */
  | 'start_report'
  /** the advance report is submitted */
  | 'submit_report'
  /** the advance report is processed (receipt confirmed) */
  | 'close'
  /** the advance report is returned by staff (decision 20): submitted again later */
  | 'return_report'
  /** the advance report is deleted before it was processed */
  | 'remove_report'
  | 'delete'
  | 'archive';

export interface AdvanceFacts {
  userId: number;
  status: AdvanceStatus;
  archived: boolean;
  distributionId: number | null;
  /**
   * Status of the referencing distribution; unknown counts as pending. A pending one may still change,
   * an approved one is history (docs/decisions.md).
   */
  distributionStatus?: 'pending' | 'approved' | null;
  expenseReportId: number | null;
  /** Approved with an amount and not yet paid by a distribution (decision 14, docs/decisions.md). */
  unpaid?: boolean;
}

export const ADVANCE_MESSAGES = {
  alreadyProcessed: 'This advance request has already been processed.',
  notApproved: 'Only approved advance requests can have a report.',
  hasReport: 'This advance request already has a report.',
  notDeletable: 'Only requested advance requests, or approved ones without a report, can be deleted.',
  onlyClosedArchive: 'Only closed advance requests can be archived.',
  alreadyArchived: 'This advance request has already been archived.',
  wrongState: 'This advance request is not in a state that allows that.',
  unpaid: 'This advance has not been paid yet: the next distribution pays it. Archive it after that.',
} as const;

/**
 * The question a second request for the same amount on the same day asks (decision 34): the API
 * answers it with 409 naming `confirm_duplicate`, and the form asks it before sending again.
 */
export function duplicateRequestMessage(amount: Cents): string {
  return `You already asked for ${formatUSD(amount)} today — ask again?`;
}

type Who = 'owner' | 'admin' | 'staff' | 'owner_or_admin' | 'owner_or_staff';

interface Rule {
  who: Who;
  from: readonly AdvanceStatus[];
  to: AdvanceStatus | 'deleted' | 'archived' | null;
  /** true: refused while any distribution references it; 'pending': only while a pending one does. */
  blockedByDistribution: boolean | 'pending';
  /** Extra condition beyond the status; returns the refusal message. */
  guard?: (facts: AdvanceFacts) => string | null;
  wrongState: (facts: AdvanceFacts) => string;
}

export const ADVANCE_RULES: Record<AdvanceAction, Rule> = {
  view: {
    who: 'owner_or_staff',
    from: ADVANCE_STATUSES,
    to: null,
    blockedByDistribution: false,
    wrongState: () => ADVANCE_MESSAGES.wrongState,
  },
  approve: {
    who: 'admin',
    from: ['requested'],
    to: 'approved',
    blockedByDistribution: true,
    wrongState: () => ADVANCE_MESSAGES.alreadyProcessed,
  },
  start_report: {
    who: 'owner',
    from: ['approved'],
    to: 'approved',
    blockedByDistribution: false,
    guard: (facts) => (facts.expenseReportId !== null ? ADVANCE_MESSAGES.hasReport : null),
    wrongState: () => ADVANCE_MESSAGES.notApproved,
  },
  submit_report: {
    who: 'owner',
    from: ['approved'],
    to: 'submitted',
    blockedByDistribution: false,
    wrongState: () => ADVANCE_MESSAGES.wrongState,
  },
  close: {
    who: 'admin',
    from: ['submitted'],
    to: 'closed',
    blockedByDistribution: false,
    wrongState: () => ADVANCE_MESSAGES.wrongState,
  },
  return_report: {
    who: 'staff',
    from: ['submitted'],
    to: 'approved',
    blockedByDistribution: false,
    wrongState: () => ADVANCE_MESSAGES.wrongState,
  },
  remove_report: {
    who: 'owner_or_admin',
    from: ['approved', 'submitted'],
    to: 'approved',
    blockedByDistribution: false,
    wrongState: () => ADVANCE_MESSAGES.wrongState,
  },
  delete: {
    who: 'owner_or_admin',
    from: ['requested', 'approved'],
    to: 'deleted',
    blockedByDistribution: true,
    guard: (facts) => (facts.expenseReportId !== null ? ADVANCE_MESSAGES.notDeletable : null),
    wrongState: () => ADVANCE_MESSAGES.notDeletable,
  },
  archive: {
    who: 'admin',
    from: ['closed'],
    to: 'archived',
    blockedByDistribution: 'pending',
    guard: (facts) =>
      facts.archived ? ADVANCE_MESSAGES.alreadyArchived : facts.unpaid ? ADVANCE_MESSAGES.unpaid : null,
    wrongState: () => ADVANCE_MESSAGES.onlyClosedArchive,
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

/** Whether `actor` may do `action` now: 403 for the wrong person, 409 for the wrong state. */
export function decideAdvance(
  action: AdvanceAction,
  advance: AdvanceFacts,
  actor: Actor,
): Decision<AdvanceStatus | 'archived'> {
  const rule = ADVANCE_RULES[action];
  if (!allowed(rule.who, actor, advance.userId)) {
    return { ok: false, code: 'forbidden', message: 'You do not have permission to do that.' };
  }
  if (blockedByDistribution(rule.blockedByDistribution, advance)) {
    return { ok: false, code: 'conflict', message: MESSAGES.advanceInDistribution };
  }
  if (!rule.from.includes(advance.status)) return { ok: false, code: 'conflict', message: rule.wrongState(advance) };
  if (advance.archived && action !== 'view') {
    return { ok: false, code: 'conflict', message: ADVANCE_MESSAGES.alreadyArchived };
  }
  const refused = rule.guard?.(advance);
  if (refused) return { ok: false, code: 'conflict', message: refused };
  return { ok: true, to: rule.to ?? advance.status };
}

function blockedByDistribution(
  rule: boolean | 'pending',
  facts: { distributionId: number | null; distributionStatus?: 'pending' | 'approved' | null },
): boolean {
  if (!rule || facts.distributionId === null) return false;
  return rule === true || facts.distributionStatus !== 'approved';
}
