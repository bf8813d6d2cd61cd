import { MESSAGES } from '../messages';
import { type Actor, decideReport, REPORT_MESSAGES, type ReportAction, type ReportFacts, reportStatus } from './states';

const OWNER = 7;
const owner: Actor = { id: OWNER, role: 'missionary' };
const otherMissionary: Actor = { id: 8, role: 'missionary' };
const admin: Actor = { id: 1, role: 'admin' };
const employee: Actor = { id: 2, role: 'employee' };

const report = (
  status: 'unsubmitted' | 'returned' | 'submitted' | 'processed' | 'archived',
  distributionId: number | null = null,
  distributionStatus?: 'pending' | 'approved',
) =>
  ({
    userId: OWNER,
    submitted: status !== 'unsubmitted' && status !== 'returned',
    returned: status === 'returned',
    processed: status === 'processed' || status === 'archived',
    archived: status === 'archived',
    distributionId,
    distributionStatus,
  }) satisfies ReportFacts;

describe('report status', () => {
  it.each([
    [{ submitted: false, processed: false, archived: false }, 'unsubmitted'],
    [{ submitted: true, processed: false, archived: false }, 'submitted'],
    [{ submitted: true, processed: true, archived: false }, 'processed'],
    [{ submitted: true, processed: true, archived: true }, 'archived'],
    [{ submitted: false, processed: false, archived: false, returned: true }, 'returned'],
    // submitted again after a return: the stale flag does not matter once submitted
    [{ submitted: true, processed: false, archived: false, returned: true }, 'submitted'],
  ])('%j is %s', (flags, status) => {
    expect(reportStatus(flags)).toBe(status);
  });
});

type Row = [ReportAction, Actor, ReturnType<typeof report>, string];
const allowedRows: Row[] = [
  ['view', owner, report('unsubmitted'), 'unsubmitted'],
  ['view', employee, report('processed'), 'processed'],
  ['view', admin, report('archived'), 'archived'],
  ['edit', owner, report('unsubmitted'), 'unsubmitted'],
  ['submit', owner, report('unsubmitted'), 'submitted'],
  ['process', admin, report('submitted'), 'processed'],
  ['delete_unsubmitted', owner, report('unsubmitted'), 'deleted'],
  ['delete_unsubmitted', admin, report('unsubmitted'), 'deleted'],
  ['delete', admin, report('unsubmitted'), 'deleted'],
  ['delete', admin, report('submitted'), 'deleted'],
  ['archive', admin, report('processed'), 'archived'],
  // Decision 20: staff send a submitted report back; its owner edits and submits it again.
  ['return', admin, report('submitted'), 'returned'],
  ['return', employee, report('submitted'), 'returned'],
  ['edit', owner, report('returned'), 'returned'],
  ['submit', owner, report('returned'), 'submitted'],
  ['view', owner, report('returned'), 'returned'],
  ['delete_unsubmitted', owner, report('returned'), 'deleted'],
  ['delete', admin, report('returned'), 'deleted'],
  // Paid by an approved distribution: history, so it may be archived (hidden), never deleted.
  ['archive', admin, report('processed', 12, 'approved'), 'archived'],
];

describe('allowed transitions', () => {
  it.each(allowedRows)('%s by %j from %j → %s', (action, actor, facts, to) => {
    expect(decideReport(action, facts, actor)).toEqual({ ok: true, to });
  });
});

const forbiddenRows: Array<[ReportAction, Actor, ReturnType<typeof report>]> = [
  ['view', otherMissionary, report('submitted')],
  ['edit', otherMissionary, report('unsubmitted')],
  ['edit', admin, report('unsubmitted')], // staff view, they do not edit a missionary's report
  ['edit', employee, report('unsubmitted')],
  ['submit', admin, report('unsubmitted')],
  ['submit', otherMissionary, report('unsubmitted')],
  ['process', owner, report('submitted')],
  ['process', employee, report('submitted')],
  ['delete_unsubmitted', otherMissionary, report('unsubmitted')],
  ['delete_unsubmitted', employee, report('unsubmitted')],
  ['delete', owner, report('submitted')],
  ['delete', employee, report('submitted')],
  ['archive', owner, report('processed')],
  ['archive', employee, report('processed')],
  ['return', owner, report('submitted')],
  ['return', otherMissionary, report('submitted')],
  ['edit', admin, report('returned')],
];

describe('refused for the wrong person (403)', () => {
  it.each(forbiddenRows)('%s by %j', (action, actor, facts) => {
    expect(decideReport(action, facts, actor)).toMatchObject({ ok: false, code: 'forbidden' });
  });
});

const conflictRows: Array<[ReportAction, Actor, ReturnType<typeof report>, string]> = [
  ['edit', owner, report('submitted'), REPORT_MESSAGES.notEditable],
  ['edit', owner, report('processed'), REPORT_MESSAGES.notEditable],
  ['submit', owner, report('submitted'), REPORT_MESSAGES.alreadySubmitted],
  ['submit', owner, report('processed'), REPORT_MESSAGES.alreadySubmitted],
  ['process', admin, report('unsubmitted'), REPORT_MESSAGES.notSubmitted],
  ['process', admin, report('processed'), REPORT_MESSAGES.alreadyProcessed],
  ['process', admin, report('archived'), REPORT_MESSAGES.alreadyProcessed],
  ['process', admin, report('submitted', 12), MESSAGES.reportInDistribution],
  ['delete_unsubmitted', owner, report('submitted'), REPORT_MESSAGES.onlyUnsubmittedDelete],
  ['delete', admin, report('processed'), REPORT_MESSAGES.processedNoDelete],
  ['delete', admin, report('submitted', 12), MESSAGES.reportInDistribution],
  ['archive', admin, report('submitted'), REPORT_MESSAGES.onlyProcessedArchive],
  ['archive', admin, report('archived'), REPORT_MESSAGES.alreadyArchived],
  ['archive', admin, report('processed', 12), MESSAGES.reportInDistribution],
  ['archive', admin, report('processed', 12, 'pending'), MESSAGES.reportInDistribution],
  ['delete', admin, report('submitted', 12, 'approved'), MESSAGES.reportInDistribution],
  ['return', admin, report('unsubmitted'), REPORT_MESSAGES.onlySubmittedReturn],
  ['return', admin, report('returned'), REPORT_MESSAGES.onlySubmittedReturn],
  ['return', employee, report('processed'), REPORT_MESSAGES.onlySubmittedReturn],
  ['return', admin, report('archived'), REPORT_MESSAGES.onlySubmittedReturn],
  // A distribution that includes the report would pay what its owner is changing.
  ['return', admin, report('submitted', 12, 'pending'), MESSAGES.reportInDistribution],
  ['process', admin, report('returned'), REPORT_MESSAGES.notSubmitted],
];

describe('refused in the wrong state (409)', () => {
  it.each(conflictRows)('%s by %j from %j: %s', (action, actor, facts, message) => {
    expect(decideReport(action, facts, actor)).toEqual({ ok: false, code: 'conflict', message });
  });

  it('says what docs/product.md says when a distribution references the report', () => {
    expect(MESSAGES.reportInDistribution).toMatch(/distribution/);
    expect(MESSAGES.reportInDistribution).toMatch(/delete or modify the distribution first/);
  });
});

describe('every action in every state', () => {
  const actions: ReportAction[] = [
    'view',
    'edit',
    'submit',
    'process',
    'return',
    'delete_unsubmitted',
    'delete',
    'archive',
  ];
  const statuses = ['unsubmitted', 'returned', 'submitted', 'processed', 'archived'] as const;
  const actors = [owner, otherMissionary, admin, employee];
  const table = actions.flatMap((action) =>
    statuses.flatMap((status) => actors.map((actor) => [action, status, actor] as const)),
  );

  it.each(table)('%s from %s by %j is decided with a reason', (action, status, actor) => {
    const decision = decideReport(action, report(status), actor);
    if (decision.ok) {
      // Only the owner, or staff reading, or an admin acting: never another missionary.
      expect(actor).not.toEqual(otherMissionary);
    } else {
      expect(['forbidden', 'conflict']).toContain(decision.code);
      expect(decision.message.length).toBeGreaterThan(0);
    }
  });
});
