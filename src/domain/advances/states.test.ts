import type { Actor } from '../expense-reports/states';
import { MESSAGES } from '../messages';
import { ADVANCE_MESSAGES, type AdvanceAction, type AdvanceFacts, type AdvanceStatus, decideAdvance } from './states';

const OWNER = 7;
const owner: Actor = { id: OWNER, role: 'missionary' };
const other: Actor = { id: 8, role: 'missionary' };
const admin: Actor = { id: 1, role: 'admin' };
const employee: Actor = { id: 2, role: 'employee' };

const advance = (
  status: AdvanceStatus,
  extra: Partial<
    Pick<AdvanceFacts, 'archived' | 'distributionId' | 'distributionStatus' | 'expenseReportId' | 'unpaid'>
  > = {},
): AdvanceFacts => ({
  userId: OWNER,
  status,
  archived: false,
  distributionId: null,
  expenseReportId: status === 'submitted' || status === 'closed' ? 40 : null,
  ...extra,
});

describe('allowed transitions', () => {
  it.each([
    ['view', owner, advance('requested'), 'requested'],
    ['view', employee, advance('closed', { archived: true }), 'closed'],
    ['approve', admin, advance('requested'), 'approved'],
    ['start_report', owner, advance('approved'), 'approved'],
    ['submit_report', owner, advance('approved', { expenseReportId: 40 }), 'submitted'],
    ['close', admin, advance('submitted'), 'closed'],
    ['remove_report', admin, advance('submitted'), 'approved'],
    // The advance report sent back (decision 20): the advance waits for it again.
    ['return_report', admin, advance('submitted'), 'approved'],
    ['return_report', employee, advance('submitted'), 'approved'],
    ['remove_report', owner, advance('approved', { expenseReportId: 40 }), 'approved'],
    ['delete', owner, advance('requested'), 'deleted'],
    ['delete', admin, advance('requested'), 'deleted'],
    ['delete', owner, advance('approved'), 'deleted'], // approved, no report yet
    ['archive', admin, advance('closed'), 'archived'],
    // Paid by an approved distribution: history, so it may be archived (hidden).
    ['archive', admin, advance('closed', { distributionId: 3, distributionStatus: 'approved' }), 'archived'],
  ] as Array<[AdvanceAction, Actor, AdvanceFacts, string]>)('%s by %j from %j → %s', (action, actor, facts, to) => {
    expect(decideAdvance(action, facts, actor)).toEqual({ ok: true, to });
  });
});

describe('refused for the wrong person (403)', () => {
  it.each([
    ['view', other, advance('requested')],
    ['approve', owner, advance('requested')],
    ['approve', employee, advance('requested')],
    ['start_report', other, advance('approved')],
    ['start_report', admin, advance('approved')],
    ['delete', other, advance('requested')],
    ['delete', employee, advance('requested')],
    ['archive', owner, advance('closed')],
    ['archive', employee, advance('closed')],
    ['return_report', owner, advance('submitted')],
  ] as Array<[AdvanceAction, Actor, AdvanceFacts]>)('%s by %j', (action, actor, facts) => {
    expect(decideAdvance(action, facts, actor)).toMatchObject({ ok: false, code: 'forbidden' });
  });
});

describe('refused in the wrong state (409), nothing changes', () => {
  it.each([
    ['approve', admin, advance('approved'), ADVANCE_MESSAGES.alreadyProcessed],
    ['approve', admin, advance('closed'), ADVANCE_MESSAGES.alreadyProcessed],
    ['approve', admin, advance('requested', { distributionId: 3 }), MESSAGES.advanceInDistribution],
    ['start_report', owner, advance('requested'), ADVANCE_MESSAGES.notApproved],
    ['start_report', owner, advance('approved', { expenseReportId: 40 }), ADVANCE_MESSAGES.hasReport],
    ['start_report', owner, advance('closed'), ADVANCE_MESSAGES.notApproved],
    ['submit_report', owner, advance('requested'), ADVANCE_MESSAGES.wrongState],
    ['close', admin, advance('approved'), ADVANCE_MESSAGES.wrongState],
    ['return_report', admin, advance('closed'), ADVANCE_MESSAGES.wrongState],
    ['delete', owner, advance('approved', { expenseReportId: 40 }), ADVANCE_MESSAGES.notDeletable],
    ['delete', admin, advance('submitted'), ADVANCE_MESSAGES.notDeletable],
    ['delete', admin, advance('closed'), ADVANCE_MESSAGES.notDeletable],
    ['delete', owner, advance('requested', { distributionId: 3 }), MESSAGES.advanceInDistribution],
    ['archive', admin, advance('submitted'), ADVANCE_MESSAGES.onlyClosedArchive],
    ['archive', admin, advance('closed', { archived: true }), ADVANCE_MESSAGES.alreadyArchived],
    // Decision 14 (docs/decisions.md): closing never pays; an approved advance no distribution paid stays payable.
    ['archive', admin, advance('closed', { unpaid: true }), ADVANCE_MESSAGES.unpaid],
    ['archive', admin, advance('closed', { distributionId: 3 }), MESSAGES.advanceInDistribution],
    [
      'archive',
      admin,
      advance('closed', { distributionId: 3, distributionStatus: 'pending' }),
      MESSAGES.advanceInDistribution,
    ],
    [
      'delete',
      owner,
      advance('requested', { distributionId: 3, distributionStatus: 'approved' }),
      MESSAGES.advanceInDistribution,
    ],
  ] as Array<[AdvanceAction, Actor, AdvanceFacts, string]>)('%s by %j from %j: %s', (action, actor, facts, message) => {
    expect(decideAdvance(action, facts, actor)).toEqual({ ok: false, code: 'conflict', message });
  });

  it('uses docs/product.md’s words for a request referenced by a distribution', () => {
    expect(MESSAGES.advanceInDistribution).toBe(
      'This advance request is referenced in a distribution. Please contact an administrator to modify or delete it.',
    );
  });
});
