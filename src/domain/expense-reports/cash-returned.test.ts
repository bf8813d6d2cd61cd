import fc from 'fast-check';
import { MESSAGES } from '../messages';
import { cashReturnedSection } from '../reports/cash-returned';
import {
  ADVANCE_NEEDS_RECEIPT,
  advanceReportProblem,
  advanceSubmitBlockers,
  CASH_RETURNED_MESSAGES,
  cashReturnedProblem,
} from './calculations';

/** Decision 34 (docs/decisions.md): expenses + cash returned must come within $1 of the approved amount. */
describe('advanceReportProblem with cash returned', () => {
  it.each([
    // expenses, cash returned, approved → problem
    [31240, 8760, 40000, null], // 312.40 + 87.60 = 400.00
    [31240, 8660, 40000, null], // 399.00: exactly $1 under
    [31240, 8659, 40000, MESSAGES.advanceReportTooLow], // 398.99: $1.01 under
    [31240, 8860, 40000, null], // 401.00: exactly $1 over
    [31240, 8861, 40000, MESSAGES.advanceReportTooHigh], // 401.01
    [0, 12000, 12000, null], // all of it given back
    [40000, 0, 40000, null], // all of it spent, as before
  ])('%i + %i against %i → %s', (spent, back, approved, expected) => {
    expect(advanceReportProblem(spent, approved, back)).toBe(expected);
  });

  it('is the old rule on expenses + cash (property)', () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.nat(1_000_000), fc.nat(1_000_000), (spent, back, approved) => {
        const ok = Math.abs(spent + back - approved) <= 100;
        expect(advanceReportProblem(spent, approved, back) === null).toBe(ok);
      }),
    );
  });
});

describe('cashReturnedProblem', () => {
  it.each([
    [0, 5000, 'reimbursement', null], // nothing declared: nothing to refuse
    [5000, 5000, 'advance', null], // all of it
    [5001, 5000, 'advance', CASH_RETURNED_MESSAGES.aboveApproved], // a cent more than was given
    [1, 5000, 'reimbursement', CASH_RETURNED_MESSAGES.notAdvance],
  ] as const)('%i of %i on %s → %s', (back, approved, type, expected) => {
    expect(cashReturnedProblem(back, approved, type)).toBe(expected);
  });
});

describe('advanceSubmitBlockers: what the form shows before Submit', () => {
  it.each([
    [{ total: 40000, approved: 40000, cashReturned: 0, receipts: 0 }, [ADVANCE_NEEDS_RECEIPT]],
    [{ total: 31240, approved: 40000, cashReturned: 0, receipts: 1 }, [MESSAGES.advanceReportTooLow]],
    [
      { total: 0, approved: 40000, cashReturned: 0, receipts: 0 },
      [ADVANCE_NEEDS_RECEIPT, MESSAGES.advanceReportTooLow],
    ],
    [{ total: 31240, approved: 40000, cashReturned: 8760, receipts: 1 }, []],
  ])('%j → %j', (facts, expected) => {
    expect(advanceSubmitBlockers(facts)).toEqual(expected);
  });
});

describe('cashReturnedSection', () => {
  it('lists each return and totals them (87.60 + 12.40 = 100.00); none without returns', () => {
    const base = { userId: 7, userName: 'Ruth', missionaryNumber: null, date: '2026-11-21' };
    const section = cashReturnedSection([
      { ...base, reportId: 3, advanceId: 9, amount: 8760 },
      { ...base, reportId: 4, advanceId: 10, amount: 1240 },
    ]);
    expect(section?.table?.rows[0]).toEqual([
      { text: '11/21/2026' },
      { text: 'Advance #9' },
      { text: 'Report #3' },
      { cents: 8760 },
    ]);
    expect(section?.table?.total?.[3]).toEqual({ cents: 10000 });
    expect(cashReturnedSection([])).toBeNull();
  });
});
