import fc from 'fast-check';
import { pow10, sum } from '../money';
import { ficaApplies } from '../users/tax-status';
import { computeDistribution } from './engine';
import { ficaShares } from './payroll';
import { arbitraryInput, check, money, percentage, RUNS } from './test-arbitraries';

/**
 * Property tests: random months (1,000 per property) with small enough amounts that every cap
 * binds often — deficits, short hold accounts, typed amounts above requests — checked against
 * Waterfall step 10 of docs/distribution.md (conservation to the cent) and the caps of docs/product.md §5.
 */
describe('conservation to the cent (waterfall step 10, docs/distribution.md)', () => {
  it('the general fund: starting + donations + transfers = fee + payroll + deposits + paid + ending', () => {
    check((_input, { distribution: d, figures }) => {
      expect(figures.payrollCost).toBe(d.total_payroll + d.housing_allowance + d.insurance_payment + d.wire_fee);
      expect(figures.paidFromGeneralFund).toBe(
        d.ministry_reimbursement + d.manual_ministry_reimbursement + d.ministry_advance + d.manual_ministry_advance,
      );
      expect(d.starting_balance + d.total_donations + d.transfer_from_held).toBe(
        d.admin_fee +
          figures.payrollCost +
          d.held_liability_account_deposit +
          figures.paidFromGeneralFund +
          d.ending_balance,
      );
    });
  });

  it('every hold account: start + deposits − transfers − withdrawals = end, row by row', () => {
    check((input, { distribution: d, holdAccounts }) => {
      for (const figures of holdAccounts) {
        const start = input.holdAccounts.find((account) => account.id === figures.id)!.balance;
        expect(figures.startingBalance).toBe(start);
        expect(start + figures.totalDepositAmount - figures.totalTransferAmount - figures.totalWithdrawalAmount).toBe(
          figures.endingBalance,
        );
        // The posted rows chain: each starts where the previous ended and moves by its grant.
        let balance = start;
        for (const row of d.hold_account_transactions.filter((r) => r.hold_account_id === figures.id)) {
          expect(row.starting_balance).toBe(balance);
          balance += row.transaction_type === 'Deposit' ? row.amount_approved : -row.amount_approved;
          expect(row.ending_balance).toBe(balance);
        }
        expect(balance).toBe(figures.endingBalance);
      }
      expect(d.held_liability_account_starting_balance).toBe(sum(holdAccounts.map((a) => a.startingBalance)));
      expect(d.held_liability_account_deposit).toBe(sum(holdAccounts.map((a) => a.totalDepositAmount)));
      expect(d.transfer_from_held).toBe(sum(holdAccounts.map((a) => a.totalTransferAmount)));
      expect(d.held_liability_account_withdrawal).toBe(sum(holdAccounts.map((a) => a.totalWithdrawalAmount)));
      expect(
        d.held_liability_account_starting_balance +
          d.held_liability_account_deposit -
          d.transfer_from_held -
          d.held_liability_account_withdrawal,
      ).toBe(d.held_liability_account_balance);
    });
  });

  it('unreimbursed: ending = starting + accrued − reimbursed, for the user, each account and each report', () => {
    check((input, { distribution: d, holdAccounts }) => {
      expect(d.unreimbursed_amount_starting).toBe(input.profile.unreimbursedAmount);
      expect(d.unreimbursed_amount_ending).toBe(
        d.unreimbursed_amount_starting + d.unreimbursed_amount_accrued - d.unreimbursed_reimbursement,
      );
      expect(d.unreimbursed_amount_accrued).toBe(sum(d.processedExpenseReports.map((r) => r.dist_amount_unreimbursed)));
      for (const report of d.processedExpenseReports) {
        expect(
          report.dist_amount_reimbursed +
            report.dist_hold_account_withdrawals +
            report.dist_amount_unreimbursed +
            report.hold_account_unreimbursed,
        ).toBe(report.total_amount);
      }
      for (const account of holdAccounts) {
        expect(account.endingUnreimbursedAmount).toBe(
          account.startingUnreimbursedAmount + account.addedUnreimbursedAmount - account.reimbursedAmount,
        );
        let owed = account.startingUnreimbursedAmount;
        for (const row of d.hold_account_transactions.filter((r) => r.hold_account_id === account.id)) {
          expect(row.starting_unreimbursed_amount).toBe(owed);
          owed +=
            row.added_unreimbursed_amount - (row.source === 'unreimbursed_reimbursement' ? row.amount_approved : 0);
          expect(row.ending_unreimbursed_amount).toBe(owed);
        }
        expect(owed).toBe(account.endingUnreimbursedAmount);
      }
    });
  });
});

describe('no cap is ever exceeded (docs/product.md §5)', () => {
  it('advances: at most the request, the typed amount and what is distributable', () => {
    check((input, { distribution: d }) => {
      for (const result of d.processedAdvanceRequests) {
        const advance = input.advanceRequests.find((a) => a.id === result.id)!;
        expect(result.dist_amount_approved).toBeGreaterThanOrEqual(0);
        expect(result.dist_amount_approved).toBeLessThanOrEqual(advance.amountRequested);
        if (!advance.approved) expect(result.dist_amount_approved).toBe(0);
        if (advance.amountApproved !== null) {
          if (advance.amountApproved > advance.amountRequested) expect(result.dist_amount_approved).toBe(0);
          else expect(result.dist_amount_approved).toBeLessThanOrEqual(advance.amountApproved);
        }
      }
      expect(d.ministry_advance + d.manual_ministry_advance).toBeLessThanOrEqual(Math.max(0, d.funds_available));
      expect(d.manual_ministry_advance).toBeLessThanOrEqual(input.manual.ministryAdvance);
      expect(d.manual_ministry_reimbursement).toBeLessThanOrEqual(input.manual.ministryReimbursement);
      expect(d.unreimbursed_reimbursement).toBeLessThanOrEqual(d.unreimbursed_amount_starting);
    });
  });

  it('deposits never push the distributable funds below zero', () => {
    check((_input, { distribution: d, figures }) => {
      expect(d.held_liability_account_deposit).toBeLessThanOrEqual(Math.max(0, figures.distributableBeforeDeposits));
      expect(d.funds_available).toBe(figures.distributableBeforeDeposits - d.held_liability_account_deposit);
      if (d.held_liability_account_deposit > 0) expect(d.funds_available).toBeGreaterThanOrEqual(0);
    });
  });

  it('no hold account goes negative and no grant exceeds its request', () => {
    check((input, { distribution: d, holdAccounts }) => {
      for (const row of d.hold_account_transactions) {
        expect(row.ending_balance).toBeGreaterThanOrEqual(0);
        expect(row.amount_approved).toBeGreaterThanOrEqual(0);
        expect(row.amount_approved).toBeLessThanOrEqual(row.transaction_amount);
        // What staff asked for (≤ requested) is either granted or, by lack of balance, owed.
        expect(row.amount_approved + row.added_unreimbursed_amount).toBeLessThanOrEqual(row.transaction_amount);
        if (row.transaction_type === 'Deposit') expect(row.added_unreimbursed_amount).toBe(0);
      }
      for (const account of holdAccounts) expect(account.endingBalance).toBeGreaterThanOrEqual(0);
      // Only approved requests move money: the manual and recurring rows posted are the ticked ones.
      const ticked = input.transactions.filter((row) => row.approved).length;
      const posted = d.hold_account_transactions.filter((r) => r.source === 'manual' || r.source === 'recurring');
      expect(posted.length).toBe(ticked);
    });
  });

  it('a deficit month pays nothing from the general fund; otherwise the ending balance stays ≥ 0', () => {
    check((_input, { distribution: d, figures }) => {
      expect(figures.paidFromGeneralFund).toBeLessThanOrEqual(Math.max(0, d.funds_available));
      if (d.funds_available <= 0) {
        expect(figures.paidFromGeneralFund).toBe(0);
        expect(d.ending_balance).toBe(d.funds_available);
      } else {
        expect(d.ending_balance).toBeGreaterThanOrEqual(0);
      }
      if (figures.distributableBeforeDeposits <= 0) expect(d.held_liability_account_deposit).toBe(0);
    });
  });

  it('the admin fee stays within its cap and its percentage', () => {
    check((input, { distribution: d }) => {
      const percent = input.profile.adminFeePercentage ?? input.settings.adminFeePercentage;
      const cap = input.profile.adminFeeCap ?? input.settings.adminFeeCap;
      expect(d.admin_fee).toBeGreaterThanOrEqual(0);
      expect(d.admin_fee).toBeLessThanOrEqual(cap);
      // fee ≤ donations × percent / 100 + ½ cent, in exact integers: 200 × 10^s × fee ≤ 2 × donations × p + 100 × 10^s
      const scale = pow10(percent.scale);
      expect(200n * scale * BigInt(d.admin_fee)).toBeLessThanOrEqual(
        2n * BigInt(Math.max(0, d.total_donations)) * percent.value + 100n * scale,
      );
    });
  });
});

describe('definitions hold for every month', () => {
  it('payroll, totals and the duplicated docs/product.md fields', () => {
    check((input, { distribution: d }) => {
      expect(d.gross_payroll).toBe(d.net_payroll + d.employee_ss + d.employee_mc + d.federal_income_tax);
      expect(d.total_payroll).toBe(d.gross_payroll + d.employer_ss + d.employer_mc);
      expect([d.employer_ss, d.employer_mc]).toEqual([d.employee_ss, d.employee_mc]);
      // Decision 25: no FICA shares without the box, nor ever for W2 Exempt or 1099.
      if (!ficaApplies(input.profile.taxStatus, input.profile.ficaTax)) {
        expect([d.employee_ss, d.employee_mc, d.employer_ss, d.employer_mc]).toEqual([0, 0, 0, 0]);
      }
      expect(d.payroll_disbursement).toBe(d.net_payroll + d.housing_allowance - d.retirement);
      expect(d.net_payroll_dist).toBe(d.payroll_disbursement - d.mid_month_disbursement);
      expect(d.total_funds_disbursed).toBe(
        d.payroll_disbursement +
          d.held_liability_account_withdrawal +
          d.ministry_reimbursement +
          d.manual_ministry_reimbursement +
          d.ministry_advance +
          d.manual_ministry_advance,
      );
      expect(d.total_funds_on_account).toBe(d.held_liability_account_balance + d.ending_balance);
      expect(d.ministry_expense_reimbursement).toBe(d.ministry_reimbursement);
      expect(d.ministry_expense_advance).toBe(d.ministry_advance);
      expect(d.total_expenses).toBe(sum(input.expenseReports.map((r) => r.totalAmount)));
      expect(d.total_donations).toBe(sum(input.donations.map((r) => r.amount)));
    });
  });

  it('FICA shares are the exact rational rounded once (error at most half a cent)', () => {
    fc.assert(
      fc.property(money(10_000_000), percentage, percentage, (salary, ss, mc) => {
        const shares = ficaShares(salary, ss, mc);
        const scale = Math.max(ss.scale, mc.scale);
        const a = ss.value * pow10(scale - ss.scale);
        const b = mc.value * pow10(scale - mc.scale);
        const denominator = 100n * pow10(scale) - a - b;
        for (const [share, rate] of [
          [shares.ss, a],
          [shares.mc, b],
        ] as const) {
          const error = BigInt(share) * denominator - BigInt(salary) * rate;
          expect(2n * (error < 0n ? -error : error)).toBeLessThanOrEqual(denominator);
        }
      }),
      RUNS,
    );
  });

  it('the result does not depend on the order the rows were loaded in', () => {
    const shuffled = arbitraryInput.chain((input) =>
      fc.record({
        input: fc.constant(input),
        donations: permutation(input.donations),
        holdAccounts: permutation(input.holdAccounts),
        expenseReports: permutation(input.expenseReports),
        advanceRequests: permutation(input.advanceRequests),
        recurring: permutation(input.transactions.filter((row) => row.recurring)),
      }),
    );
    fc.assert(
      fc.property(shuffled, ({ input, recurring, ...reordered }) => {
        // Manual rows keep their order (staff added them in that order); recurring ones may move.
        const manual = input.transactions.filter((row) => !row.recurring);
        const again = computeDistribution({ ...input, ...reordered, transactions: [...recurring, ...manual] });
        expect(again).toEqual(computeDistribution(input));
      }),
      RUNS,
    );
  });
});

function permutation<T>(items: readonly T[]): fc.Arbitrary<T[]> {
  return fc.shuffledSubarray([...items], { minLength: items.length, maxLength: items.length });
}
