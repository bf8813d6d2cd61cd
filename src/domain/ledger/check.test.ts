import type { TaxStatus } from '../users/tax-status';
import { checkLedger, ledgerHolds } from './check';
import type { LedgerDistribution, LedgerJournalRow, LedgerRows } from './types';

/**
 * A small office, in cents: Ruth (user 1) with a fund opened at $1,000.00 and a hold account opened
 * at $500.00; one approved distribution: donations 3,000.00, admin fee 150.00, payroll 2,000.00 +
 * housing 300.00 + insurance 100.00 + wire 25.00 = 2,425.00, reimbursement 200.00 (report #10,
 * one general line) and advance #20 paid 100.00; a posted withdrawal of 50.00 from the hold account
 * paying expense #31 of report #11, processed at the office with payout 80.00 (30.00 general line
 * #32 paid, the 50.00 hold line paid, nothing owed).
 *
 * Fund: 1,000 + 3,000 − 150 − 2,425 − 200 − 100 − 30 = 1,095.00. Hold: 500 − 50 = 450.00.
 * Money 1,545 = openings 1,500 + donations 3,000 − paid out (150 + 2,425 + 200 + 100 + 50 + 30 = 2,955).
 */
function office(): LedgerRows {
  const distribution: LedgerDistribution = {
    id: 5,
    userId: 1,
    status: 'approved',
    startDate: '2026-11-01',
    endDate: '2026-11-30',
    totalDonations: 300_000,
    adminFee: 15_000,
    totalPayroll: 200_000,
    housingAllowance: 30_000,
    insurancePayment: 10_000,
    wireFee: 2_500,
    ministryReimbursement: 20_000,
    manualMinistryReimbursement: 0,
    ministryAdvance: 10_000,
    manualMinistryAdvance: 0,
    paidAdvances: [{ id: 20, amount: 10_000 }],
    reportIds: [10],
  };
  const fund = [100_000, 300_000, -15_000, -242_500, -20_000, -10_000, -3_000];
  const reasons = [
    'opening_balance',
    'd_donations',
    'd_fee',
    'd_payroll',
    'd_reimb',
    'd_advance',
    'expense_report_payout',
  ];
  let running = 0;
  const journal: LedgerJournalRow[] = fund.map((amount, i) => {
    running += amount;
    return {
      id: i + 1,
      account: 'user_fund' as const,
      accountId: 1,
      amount,
      balanceAfter: running,
      reason: reasons[i],
      postedAt: i,
    };
  });
  journal.push({
    id: 8,
    account: 'hold_account',
    accountId: 7,
    amount: -5_000,
    balanceAfter: 45_000,
    reason: 'payout',
    postedAt: 7,
  });
  return {
    profiles: [
      { userId: 1, name: 'Ruth', fundBalance: 109_500, unreimbursedAmount: 0, taxStatus: 'W2', ficaTax: true },
    ],
    holdAccounts: [
      { id: 7, userId: 1, fundName: 'Vehicle', openingBalance: 50_000, balance: 45_000, unreimbursedAmount: 0 },
    ],
    journal,
    holdTransactions: [
      {
        id: 40,
        holdAccountId: 7,
        type: 'Withdrawal',
        amount: 5_000,
        status: 'posted',
        expenseId: 31,
        distributionId: null,
      },
    ],
    reports: [
      {
        id: 10,
        userId: 1,
        type: 'reimbursement',
        totalAmount: 20_000,
        unreimbursedAmount: 0,
        payout: 20_000,
        processed: true,
        distributionId: 5,
        advanceRequestId: null,
      },
      {
        id: 11,
        userId: 1,
        type: 'reimbursement',
        totalAmount: 8_000,
        unreimbursedAmount: 0,
        payout: 8_000,
        processed: true,
        distributionId: null,
        advanceRequestId: null,
      },
      {
        id: 12,
        userId: 1,
        type: 'advance',
        totalAmount: 10_000,
        unreimbursedAmount: 0,
        payout: null,
        processed: true,
        distributionId: null,
        advanceRequestId: 20,
      },
    ],
    lines: [
      { id: 30, kind: 'expense', reportId: 10, amount: 20_000, holdAccountId: null },
      { id: 31, kind: 'expense', reportId: 11, amount: 5_000, holdAccountId: 7 },
      { id: 32, kind: 'mileage', reportId: 11, amount: 3_000, holdAccountId: null },
    ],
    advances: [
      {
        id: 20,
        userId: 1,
        status: 'closed',
        approved: true,
        amountRequested: 10_000,
        amountApproved: 10_000,
        distAmountApproved: 10_000,
        distributionId: 5,
        archived: false,
      },
    ],
    distributions: [distribution],
  };
}

type Change = (rows: LedgerRows) => void;

/** The bank returned 200.00 of a released batch line: back on Ruth's fund, 1,095 + 200 = 1,295.00. */
const paymentReturnRow = (): LedgerJournalRow => ({
  id: 9,
  account: 'user_fund',
  accountId: 1,
  amount: 20_000,
  balanceAfter: 129_500,
  reason: 'payment_return',
  postedAt: 9,
});

describe('checkLedger', () => {
  it('finds nothing wrong in a consistent office, and adds up its money', () => {
    const result = checkLedger(office());
    expect(result.violations).toEqual([]);
    expect(ledgerHolds(result)).toBe(true);
    // money 1,095 + 450 = 1,545; openings 1,000 + 500; donations 3,000; paid out 2,955
    expect(result.totals).toEqual({ money: 154_500, openings: 150_000, donations: 300_000, paidOut: 295_500 });
    expect(result.checks.every((check) => check.findings === 0)).toBe(true);
  });

  it('counts a returned payment as money come home: paid out less the return, nothing appears', () => {
    const rows = office();
    rows.profiles[0].fundBalance += 20_000;
    rows.journal.push(paymentReturnRow());
    rows.paymentReturns = [{ lineId: 50, userId: 1, amount: 20_000 }];
    const result = checkLedger(rows);
    expect(result.violations).toEqual([]);
    // money 1,295 + 450 = 1,745 = openings 1,500 + donations 3,000 − paid out (2,955 − 200 = 2,755)
    expect(result.totals).toEqual({ money: 174_500, openings: 150_000, donations: 300_000, paidOut: 275_500 });
  });

  it.each<[string, Change, string[], string]>([
    [
      // the fund is 10.00 above its journal, and so 10.00 of money appeared
      'a fund balance moved without a journal row',
      (rows) => {
        rows.profiles[0].fundBalance += 1_000;
      },
      ['fund_balance_journal', 'money_conserved'],
      'appeared',
    ],
    [
      // the payout at processing debited no fund: fund 1,095 + 30 = 1,125 with no row
      'a payout at processing that debits no fund',
      (rows) => {
        rows.journal.splice(6, 1);
        rows.profiles[0].fundBalance += 3_000;
      },
      ['money_conserved'],
      '$30.00 appeared',
    ],
    [
      // hold account 450 with a journal of −50 from 500, but its posted transactions say 500 − 50 − 20
      'a hold-account transaction without its balance change',
      (rows) => {
        rows.holdTransactions.push({ ...rows.holdTransactions[0], id: 41, expenseId: null, amount: 2_000 });
      },
      ['hold_balance_transactions', 'money_conserved'],
      '$20.00 appeared',
    ],
    [
      // a journal row records 1,000 + 3,000 = 4,100 after
      'a journal row whose balance does not follow',
      (rows) => {
        rows.journal[1].balanceAfter = 410_000;
      },
      ['journal_running_balance'],
      'records $4,100.00',
    ],
    [
      // the account row and its transactions are gone, its journal row (−50.00) stays
      'a hold account deleted after its balance moved',
      (rows) => {
        rows.holdAccounts = [];
        rows.holdTransactions = [];
      },
      ['hold_balance_journal', 'journal_running_balance'],
      'no longer exists',
    ],
    [
      'an advance paid by two distributions',
      (rows) => {
        rows.distributions.push({
          ...rows.distributions[0],
          id: 6,
          reportIds: [],
          startDate: '2026-12-01',
          endDate: '2026-12-31',
        });
      },
      ['advance_paid_once', 'money_conserved'],
      'paid by 2 distributions',
    ],
    [
      // Approved outside a distribution for 300.00, reported, closed, then archived unpaid
      'an approved advance closed and archived before any distribution paid it',
      (rows) => {
        rows.advances.push({
          ...rows.advances[0],
          id: 21,
          amountRequested: 30_000,
          amountApproved: 30_000,
          distAmountApproved: null,
          distributionId: null,
          archived: true,
        });
        rows.reports.push({ ...rows.reports[2], id: 13, advanceRequestId: 21 });
      },
      ['advance_closed_payable'],
      'no distribution can pay it',
    ],
    [
      // a payment return booked on the fund (+200.00, fund 1,295) without a returned batch line
      'money back on the fund from a payment return no batch line records',
      (rows) => {
        rows.profiles[0].fundBalance += 20_000;
        rows.journal.push({ ...paymentReturnRow(), id: 9 });
      },
      ['money_conserved'],
      '$200.00 appeared',
    ],
    [
      'an expense line paid twice from its hold account',
      (rows) => {
        rows.holdTransactions.push({ ...rows.holdTransactions[0], id: 41 });
        rows.holdAccounts[0].balance -= 5_000;
        rows.journal.push({
          id: 9,
          account: 'hold_account',
          accountId: 7,
          amount: -5_000,
          balanceAfter: 40_000,
          reason: 'x',
          postedAt: 9,
        });
      },
      ['report_line_paid_once'],
      'paid 2 times',
    ],
    [
      'a report processed at the office and again by a distribution',
      (rows) => {
        rows.distributions[0].reportIds.push(11);
      },
      ['report_line_paid_once'],
      'also processed outside it',
    ],
    [
      // Nov 15–Dec 15 shares Nov 15–30 with the approved November distribution (nothing paid by it)
      'two approved distributions of one missionary sharing days',
      (rows) => {
        rows.distributions.push(emptyDistribution(6, 'approved', '2026-11-15', '2026-12-15'));
      },
      ['distribution_overlap'],
      'share days: those days were paid twice',
    ],
    [
      // unreimbursed 25.00 on the profile and its journal, but no report owes it
      'an unreimbursed amount no report owes',
      (rows) => {
        rows.profiles[0].unreimbursedAmount = 2_500;
        rows.journal.push({
          id: 9,
          account: 'user_unreimbursed',
          accountId: 1,
          amount: 2_500,
          balanceAfter: 2_500,
          reason: 'x',
          postedAt: 9,
        });
      },
      ['unreimbursed_reports'],
      'unpaid parts',
    ],
    [
      'a hold-account shortfall without its journal row',
      (rows) => {
        rows.holdAccounts[0].unreimbursedAmount = 1_200;
      },
      ['hold_unreimbursed_journal'],
      'Vehicle',
    ],
  ])('%s', (_name, change, checks, words) => {
    const rows = office();
    change(rows);
    const result = checkLedger(rows);
    expect([...new Set(result.violations.map((v) => v.check))].sort()).toEqual([...checks].sort());
    expect(result.violations.map((v) => v.message).join(' ')).toContain(words);
    expect(ledgerHolds(result)).toBe(false);
    expect(result.violations.every((v) => v.records.length > 0)).toBe(true);
  });

  it.each<[TaxStatus | null, boolean, number]>([
    ['W2 Exempt', true, 1],
    ['1099', true, 1],
    ['W2', true, 0],
    ['1099', false, 0],
    // FICA ticked with no tax status: listed (FICA needs the tax status W2).
    [null, true, 1],
    [null, false, 0],
  ])('lists a %s profile with FICA %s as a warning (%i) that does not fail the check', (status, fica, count) => {
    const rows = office();
    rows.profiles[0].taxStatus = status;
    rows.profiles[0].ficaTax = fica;
    const result = checkLedger(rows);
    expect(result.violations.filter((v) => v.check === 'fica_tax_status')).toHaveLength(count);
    expect(result.violations.every((v) => v.severity === 'warning')).toBe(true);
    expect(ledgerHolds(result)).toBe(true);
  });
});

/** A distribution of missionary 1 that moved no money, on the given days. */
function emptyDistribution(id: number, status: 'pending' | 'approved', startDate: string, endDate: string) {
  const zero = {
    totalDonations: 0,
    adminFee: 0,
    totalPayroll: 0,
    housingAllowance: 0,
    insurancePayment: 0,
    wireFee: 0,
    ministryReimbursement: 0,
    manualMinistryReimbursement: 0,
    ministryAdvance: 0,
    manualMinistryAdvance: 0,
  };
  return { id, userId: 1, status, startDate, endDate, ...zero, paidAdvances: [], reportIds: [] } as LedgerDistribution;
}

describe('one distribution per day in the ledger check', () => {
  it.each<[string, LedgerDistribution[], string[]]>([
    // a pending Nov 30 shares Nov 30 with the approved November
    ['pending and approved sharing one day', [emptyDistribution(6, 'pending', '2026-11-30', '2026-11-30')], ['5-6']],
    ['the next month shares none', [emptyDistribution(6, 'approved', '2026-12-01', '2026-12-31')], []],
    [
      'two pending ones sharing days with each other and November',
      [
        emptyDistribution(6, 'pending', '2026-11-20', '2026-12-05'),
        emptyDistribution(7, 'pending', '2026-12-01', '2026-12-02'),
      ],
      ['5-6', '6-7'],
    ],
  ])('%s', (_case, added, pairs) => {
    const rows = office();
    rows.distributions.push(...added);
    const found = checkLedger(rows).violations.filter((v) => v.check === 'distribution_overlap');
    expect(
      found.map((v) =>
        v.records
          .filter((r) => r.type === 'distribution')
          .map((r) => r.id)
          .join('-'),
      ),
    ).toEqual(pairs);
    expect(found.every((v) => v.severity === 'error')).toBe(true);
  });
});
