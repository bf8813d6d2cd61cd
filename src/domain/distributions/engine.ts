import { AppError } from '../errors';
import { MESSAGES } from '../messages';
import { type Cents, formatUSD, sum } from '../money';
import { payAdvances } from './advances';
import { GeneralFund } from './general-fund';
import { HoldAccountLedger } from './hold-accounts';
import { adminFee } from './payroll';
import { yearPayroll } from './payroll-year';
import { planTransactions } from './plan';
import { payReimbursements } from './reimbursements';
import type { DistributionInput, DistributionResult, DonationResult, HoldAccountFigures } from './types';
import { validateInput } from './validate';
import { Warnings } from './warnings';

/**
 * The distribution of one user for one date range: the waterfall of docs/distribution.md, steps 1 to 10, in
 * integer cents. Pure and deterministic: the Distribution Form calls it for the live preview, the
 * server calls it again on every save and stores its own result. docs/distribution.md explains
 * every line with a worked example.
 */
export function computeDistribution(input: DistributionInput): DistributionResult {
  validateInput(input);
  const warnings = new Warnings();
  const { profile, settings } = input;

  // Step 1: the fund balance the last approved distribution left.
  const startingBalance = profile.fundBalance;

  // Step 2: every donation of the chosen upload, general and designated, ticked or not.
  const totalDonations = sum(input.donations.map((donation) => donation.amount));

  // Step 3: the admin fee, rounded once and capped.
  const fee = adminFee(totalDonations, profile, settings);

  // Step 4: payroll, with the year's wage base and housing designation (payroll-year.ts). The
  // mid-month disbursement is the part of the payroll disbursement already paid.
  const payroll = yearPayroll(profile, settings, input.endDate, input.yearToDate);
  if (input.manual.midMonthDisbursement > payroll.payrollDisbursement) {
    throw AppError.field('mid_month_disbursement', MESSAGES.midMonthTooLarge);
  }

  // Step 5: hold accounts, each on its own working balance.
  const plan = planTransactions(input, warnings);
  const ledger = new HoldAccountLedger(input.holdAccounts, warnings);
  // (a) transfers into the general fund, against each account's balance.
  const transferFromHeld = sum(plan.transfers.map((planned) => ledger.transfer(planned)));
  // (b) deposits out of the general fund, as far as the step-6 distributable funds allow.
  const distributableBeforeDeposits =
    sum([startingBalance, totalDonations, transferFromHeld]) - fee - payroll.payrollCost;
  let depositRoom = distributableBeforeDeposits;
  for (const planned of plan.deposits) depositRoom -= ledger.deposit(planned, depositRoom);
  const deposits = distributableBeforeDeposits - depositRoom;
  // (c) each account's starting unreimbursed amount, then the withdrawals, against the balance.
  ledger.payStartingUnreimbursed();
  for (const planned of plan.withdrawals) ledger.withdraw(planned);

  // Step 6: what is left for reimbursements and advances; negative in a deficit month.
  const distributable = distributableBeforeDeposits - deposits;
  if (distributable < 0) warnings.add('deficit', deficitMessage(distributable, payroll.payrollCost));
  const fund = new GeneralFund(distributable);

  // Step 7: reimbursements, oldest first.
  const reimbursements = payReimbursements({
    fund,
    startingUnreimbursed: profile.unreimbursedAmount,
    reports: input.expenseReports,
    transactions: ledger.transactions,
    manualReimbursement: input.manual.ministryReimbursement,
    warnings,
  });

  // Step 8: advances.
  const advances = payAdvances({
    fund,
    advances: input.advanceRequests,
    manualAdvance: input.manual.ministryAdvance,
    warnings,
  });

  return assembleResult({
    input,
    warnings,
    startingBalance,
    totalDonations,
    fee,
    payroll,
    ledger,
    transferFromHeld,
    distributableBeforeDeposits,
    deposits,
    distributable,
    fund,
    reimbursements,
    advances,
  });
}

/** What the waterfall's steps 1–8 computed, for step 9 and the result. */
interface Computed {
  input: DistributionInput;
  warnings: Warnings;
  startingBalance: Cents;
  totalDonations: Cents;
  fee: Cents;
  payroll: ReturnType<typeof yearPayroll>;
  ledger: HoldAccountLedger;
  transferFromHeld: Cents;
  distributableBeforeDeposits: Cents;
  deposits: Cents;
  distributable: Cents;
  fund: GeneralFund;
  reimbursements: ReturnType<typeof payReimbursements>;
  advances: ReturnType<typeof payAdvances>;
}

/** Every donation of the upload with its fund's name and what was deposited from it (donations dialog). */
function donationResults(input: DistributionInput, holdAccounts: HoldAccountFigures[], ledger: HoldAccountLedger) {
  const accountNames = new Map(holdAccounts.map((account) => [account.id, account.fundName]));
  return [...input.donations]
    .sort((a, b) => a.id - b.id)
    .map(
      (donation): DonationResult => ({
        id: donation.id,
        amount: donation.amount,
        hold_account_id: donation.holdAccountId,
        fund_name:
          donation.holdAccountId === null
            ? 'General Fund'
            : (accountNames.get(donation.holdAccountId) ?? donation.fundName ?? ''),
        approved: donation.approved,
        deposited: sum(
          ledger.transactions.filter((row) => row.donation_id === donation.id).map((row) => row.amount_approved),
        ),
      }),
    );
}

/** Step 9 (what is left and what went out) and the result with docs/product.md's field names. */
function assembleResult(computed: Computed): DistributionResult {
  const { input, warnings, startingBalance, totalDonations, fee, payroll, ledger, transferFromHeld } = computed;
  const { distributableBeforeDeposits, deposits, distributable, fund, reimbursements, advances } = computed;
  const { profile } = input;
  const endingBalance = distributable - fund.paid;
  const holdAccounts = ledger.figures();
  const heldStarting = sum(holdAccounts.map((account) => account.startingBalance));
  const heldWithdrawal = sum(holdAccounts.map((account) => account.totalWithdrawalAmount));
  const heldBalance = sum(holdAccounts.map((account) => account.endingBalance));
  // The general fund's business expense reimbursement includes paying down the starting
  // unreimbursed amount: both are expense money handed to the missionary this month.
  const ministryReimbursement = reimbursements.unreimbursedReimbursement + reimbursements.reportsReimbursed;
  const unreimbursedEnding =
    profile.unreimbursedAmount + reimbursements.accrued - reimbursements.unreimbursedReimbursement;

  const donations = donationResults(input, holdAccounts, ledger);

  return {
    distribution: {
      user_id: input.user.id,
      user_name: input.user.name,
      user_email: input.user.email,
      start_date: input.startDate,
      end_date: input.endDate,
      donation_upload_name: input.donationUploadNames[0] ?? null,
      donation_upload_names: [...input.donationUploadNames],
      comments: input.comments,
      tax_status: profile.taxStatus,
      // What the payroll used: a W2 Exempt or 1099 profile stored with the box ticked owes no FICA.
      fica_tax: payroll.ficaTax,

      starting_balance: startingBalance,
      total_donations: totalDonations,
      transfer_from_held: transferFromHeld,
      admin_fee: fee,

      net_payroll: payroll.netPayroll,
      employee_ss: payroll.employeeSs,
      employee_mc: payroll.employeeMc,
      employer_ss: payroll.employerSs,
      employer_mc: payroll.employerMc,
      federal_income_tax: payroll.federalIncomeTax,
      gross_payroll: payroll.grossPayroll,
      total_payroll: payroll.totalPayroll,
      housing_allowance: payroll.housingAllowance,
      retirement: payroll.retirement,
      payroll_disbursement: payroll.payrollDisbursement,
      mid_month_disbursement: input.manual.midMonthDisbursement,
      net_payroll_dist: payroll.payrollDisbursement - input.manual.midMonthDisbursement,
      insurance_payment: payroll.insurancePayment,
      wire_fee: payroll.wireFee,
      social_security_wages: payroll.socialSecurityWages,
      medicare_wages: payroll.medicareWages,
      housing_allowance_excluded: payroll.housingAllowanceExcluded,

      held_liability_account_starting_balance: heldStarting,
      held_liability_account_deposit: deposits,
      held_liability_account_withdrawal: heldWithdrawal,
      held_liability_account_balance: heldBalance,

      funds_available: distributable,

      unreimbursed_amount_starting: profile.unreimbursedAmount,
      unreimbursed_reimbursement: reimbursements.unreimbursedReimbursement,
      unreimbursed_amount_accrued: reimbursements.accrued,
      unreimbursed_amount_ending: unreimbursedEnding,
      total_expenses: reimbursements.totalExpenses,
      ministry_reimbursement: ministryReimbursement,
      ministry_expense_reimbursement: ministryReimbursement,
      manual_ministry_reimbursement: reimbursements.manualReimbursement,
      ministry_advance: advances.paid,
      ministry_expense_advance: advances.paid,
      manual_ministry_advance: advances.manualAdvance,

      ending_balance: endingBalance,
      total_funds_disbursed: sum([
        payroll.payrollDisbursement,
        heldWithdrawal,
        ministryReimbursement,
        reimbursements.manualReimbursement,
        advances.paid,
        advances.manualAdvance,
      ]),
      total_funds_on_account: heldBalance + endingBalance,

      processedExpenseReports: reimbursements.reports,
      processedAdvanceRequests: advances.requests,
      hold_account_transactions: ledger.transactions,
    },
    holdAccounts,
    donations,
    figures: {
      payrollCost: payroll.payrollCost,
      distributableBeforeDeposits,
      paidFromGeneralFund: fund.paid,
      donationDeposits: sum(holdAccounts.map((account) => account.donationsAmount)),
    },
    warnings: warnings.list,
  };
}

/**
 * The deficit warning. Payroll is paid even in a deficit month (step 4 comes before step 6), so the
 * message never says that nothing is paid: it names the payroll paid, and what the general fund does
 * not pay (reimbursements, advances, deposits to hold accounts), which stays owed.
 */
export function deficitMessage(distributable: Cents, payrollCost: Cents): string {
  const notPaid = 'so no reimbursements, advances or deposits to hold accounts are paid from the general fund';
  if (payrollCost > 0) {
    return `Deficit month: payroll, taxes and benefits of ${formatUSD(payrollCost)} are paid and leave the distributable funds at ${formatUSD(distributable)}, ${notPaid}; what is owed stays owed.`;
  }
  return `Deficit month: the distributable funds are ${formatUSD(distributable)}, ${notPaid}; what is owed stays owed.`;
}
