import fc from 'fast-check';
import type { Cents, Decimal } from '../money';
import type { Settings } from '../settings/settings';
import { computeDistribution } from './engine';
import { buildRecurringItems } from './recurring';
import { distributionInput, SETTINGS } from './test-fixtures';
import type {
  AdvanceRequestInput,
  DistributionInput,
  DistributionResult,
  DonationInput,
  ExpenseReportInput,
  HoldAccountInput,
  PayrollProfile,
  TransactionRequest,
  TransactionType,
} from './types';

/**
 * Random months for the property tests (properties.test.ts, postings.test.ts): amounts small enough
 * that every cap binds often — deficits, short hold accounts, typed amounts above requests.
 */
export const RUNS = { numRuns: 1000 };

export const money = (max: number) => fc.integer({ min: 0, max });
const sometimesZero = (max: number) => fc.oneof(fc.constant(0), money(max));
/** A share of an amount, in percent; above 100 makes "typed above requested" cases. */
const share = (maxPercent: number) => fc.integer({ min: 0, max: maxPercent });
const partOf = (amount: Cents, percent: number) => Math.floor((amount * percent) / 100);

/** A percentage between 0 and 20 at scale 0, 2 or 4 (6, 6.25, 7.6525). */
export const percentage: fc.Arbitrary<Decimal> = fc.oneof(
  fc.integer({ min: 0, max: 20 }).map((value) => ({ value: BigInt(value), scale: 0 })),
  fc.integer({ min: 0, max: 2_000 }).map((value) => ({ value: BigInt(value), scale: 2 })),
  fc.integer({ min: 0, max: 200_000 }).map((value) => ({ value: BigInt(value), scale: 4 })),
);
const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: null });
const typedShare = maybe(share(130));

const settingsArb: fc.Arbitrary<Settings> = fc.record({
  mileageReimbursement: fc.constant(SETTINGS.mileageReimbursement),
  adminFeePercentage: percentage,
  adminFeeCap: money(100_000),
  socialSecurityPercentage: percentage,
  medicarePercentage: percentage,
});

const profileArb = fc
  .record({
    taxStatus: fc.constantFrom('W2', '1099', 'W2 Exempt', null),
    ficaTax: fc.boolean(),
    netSalary: money(600_000),
    housingAllowance: sometimesZero(200_000),
    retirementShare: share(100),
    federalIncomeTax: sometimesZero(100_000),
    wireFee: sometimesZero(5_000),
    insuranceAmount: sometimesZero(80_000),
    socialSecurity: maybe(percentage),
    medicare: maybe(percentage),
    adminFeePercentage: maybe(percentage),
    adminFeeCap: maybe(money(100_000)),
    fundBalance: fc.integer({ min: -500_000, max: 1_500_000 }),
    unreimbursedAmount: sometimesZero(300_000),
  })
  .map(
    ({ retirementShare, ...rest }): PayrollProfile => ({
      ...rest,
      retirementAmount: partOf(rest.netSalary + rest.housingAllowance, retirementShare),
    }),
  );

const accountArb = (id: number) =>
  fc
    .record({
      balance: sometimesZero(300_000),
      unreimbursedAmount: sometimesZero(100_000),
      recurringDeposit: sometimesZero(100_000),
      recurringTransfer: sometimesZero(100_000),
      recurringWithdrawal: sometimesZero(100_000),
      approve: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }),
      typed: fc.array(typedShare, { minLength: 3, maxLength: 3 }),
    })
    .map(({ approve, typed, ...figures }) => {
      const account: HoldAccountInput = { id, fundName: `Fund ${id}`, ...figures };
      // Staff tick some recurring items and type an amount on some (above the request at times).
      const recurring = buildRecurringItems(account).map((item, index): TransactionRequest => {
        // Three of each were drawn and there are at most three recurring items.
        const share = typed[index] ?? null;
        return {
          ...item,
          approved: approve[index] ?? false,
          amountApproved: share === null ? null : partOf(item.amount, share),
        };
      });
      return { account, recurring };
    });

export const arbitraryInput: fc.Arbitrary<DistributionInput> = fc.integer({ min: 0, max: 3 }).chain((accountCount) => {
  const ids = Array.from({ length: accountCount }, (_, index) => index + 1);
  const accountId = accountCount === 0 ? fc.constant(null) : maybe(fc.constantFrom(...ids));
  const chargedAccount = accountCount === 0 ? fc.constant(null) : fc.constantFrom(...ids);
  return fc
    .record({
      profile: profileArb,
      settings: settingsArb,
      accounts: fc.tuple(...ids.map(accountArb)),
      donations: fc.array(
        fc.record({
          amount: fc.integer({ min: -50_000, max: 800_000 }),
          holdAccountId: accountId,
          approved: fc.boolean(),
        }),
        { maxLength: 6 },
      ),
      manualRows: fc.array(
        fc.record({
          accountId: chargedAccount,
          type: fc.constantFrom<TransactionType>('Deposit', 'Transfer', 'Withdrawal'),
          amount: money(200_000),
          typed: typedShare,
          approved: fc.boolean(),
        }),
        { maxLength: accountCount === 0 ? 0 : 5 },
      ),
      reports: fc.array(
        fc.record({
          day: fc.integer({ min: 1, max: 28 }),
          total: money(300_000),
          charges: fc.array(fc.record({ accountId: chargedAccount, share: share(100) }), {
            maxLength: accountCount === 0 ? 0 : 3,
          }),
        }),
        { maxLength: 4 },
      ),
      advances: fc.array(fc.record({ requested: money(200_000), typed: typedShare, approved: fc.boolean() }), {
        maxLength: 3,
      }),
      manualReimbursement: sometimesZero(100_000),
      manualAdvance: sometimesZero(100_000),
      midMonthShare: share(100),
    })
    .map((draw) => {
      const payrollDisbursement =
        draw.profile.netSalary + draw.profile.housingAllowance - draw.profile.retirementAmount;
      const donations = draw.donations.map((donation, index): DonationInput => ({ id: index + 1, ...donation }));
      const manualRows = draw.manualRows.map(
        (row): TransactionRequest => ({
          accountId: row.accountId,
          type: row.type,
          amount: row.amount,
          amountApproved: row.typed === null ? null : partOf(row.amount, row.typed),
          approved: row.approved,
          recurring: false,
          description: `Mat Day Manual ${row.type}`,
        }),
      );
      const expenseReports = draw.reports.map((report, index): ExpenseReportInput => {
        // Each charge takes a share of what is not charged yet, so charges never exceed the total.
        let left = report.total;
        const holdAccountCharges = report.charges.map((charge, chargeIndex) => {
          const amount = partOf(left, charge.share);
          left -= amount;
          return { expenseId: (index + 1) * 100 + chargeIndex, holdAccountId: charge.accountId!, amount };
        });
        return {
          id: index + 1,
          date: `2024-05-${String(report.day).padStart(2, '0')}`,
          totalAmount: report.total,
          holdAccountCharges,
        };
      });
      const advanceRequests = draw.advances.map(
        (advance, index): AdvanceRequestInput => ({
          id: index + 1,
          amountRequested: advance.requested,
          amountApproved: advance.typed === null ? null : partOf(advance.requested, advance.typed),
          approved: advance.approved,
        }),
      );
      return {
        ...distributionInput(),
        profile: draw.profile,
        settings: draw.settings,
        donations,
        holdAccounts: draw.accounts.map(({ account }) => account),
        transactions: [...draw.accounts.flatMap(({ recurring }) => recurring), ...manualRows],
        expenseReports,
        advanceRequests,
        manual: {
          ministryReimbursement: draw.manualReimbursement,
          ministryAdvance: draw.manualAdvance,
          midMonthDisbursement: partOf(payrollDisbursement, draw.midMonthShare),
        },
      };
    });
});

export function check(property: (input: DistributionInput, result: DistributionResult) => void) {
  fc.assert(
    fc.property(arbitraryInput, (input) => {
      property(input, computeDistribution(input));
    }),
    RUNS,
  );
}
