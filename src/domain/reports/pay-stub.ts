import { formatUSDate, type IsoDate } from '../dates';
import { type Cents, formatUSD, sum } from '../money';
import { officePayoutTotal } from './office-payouts';
import type { StatementLine, StatementSource } from './statement';
import { paymentSection } from './statement-payments';
import { advanceHint, fundSections, NOT_ITEMISED, paidToYou, yearNoteText } from './statement-sections';

/**
 * The missionary's own distribution as a pay stub (docs/product.md "My distribution: the pay stub"):
 * what came in, what was paid and how, what went to the hold accounts, and the balances before and
 * after. Built from the same approved figures and records as the statement PDF (statement.ts), so
 * the two never disagree; nothing of the office's review (flags, warnings, notes to staff) is in it.
 */

export type PayStubGroupKey = 'came_in' | 'pay' | 'paid_to_you' | 'paid_between' | 'how_paid' | 'held' | 'fund';

export interface PayStubGroup {
  key: PayStubGroupKey;
  title: string;
  intro?: string;
  lines: StatementLine[];
}

export interface PayStubBalance {
  label: string;
  before: Cents;
  after: Cents;
}

export interface PayStub {
  distributionId: number;
  startDate: IsoDate;
  /** The MAT date (decision 38): the distribution's end date. */
  matDate: IsoDate;
  approvedOn: IsoDate | null;
  reversal: { on: IsoDate; reason: string } | null;
  /** The headline: what this MAT Day paid to the missionary, after anything paid mid-month. */
  paidOnMatDay: Cents;
  balances: PayStubBalance[];
  groups: PayStubGroup[];
}

const item = (label: string, amount: Cents, hint?: string): StatementLine => ({ label, amount, style: 'item', hint });
const subtotal = (label: string, amount: Cents): StatementLine => ({ label, amount, style: 'subtotal' });
const total = (label: string, amount: Cents, hint?: string): StatementLine => ({ label, amount, style: 'total', hint });
const note = (label: string, amount: Cents): StatementLine => ({ label, amount, style: 'note' });

/** Lines that should add up to `expected`, with the difference shown rather than hidden. */
function adding(lines: StatementLine[], expected: Cents): StatementLine[] {
  const difference = expected - sum(lines.map((line) => line.amount ?? 0));
  return difference === 0 ? lines : [...lines, item(NOT_ITEMISED, difference)];
}

const nonZero = (lines: StatementLine[]) => lines.filter((line) => line.amount !== 0);

/** Donations by kind: the general fund, then each designated fund, adding up to the donations. */
function cameIn(source: StatementSource): PayStubGroup {
  const d = source.distribution;
  const gifts = (count: number) => `${count} ${count === 1 ? 'gift' : 'gifts'}`;
  const byKind = (source.donations ?? []).map((row) =>
    item(row.designated ? `Designated: ${row.fundName}` : 'General donations', row.amount, gifts(row.gifts)),
  );
  return {
    key: 'came_in',
    title: 'What came in',
    intro: d.total_donations === 0 && byKind.length === 0 ? 'No donations came in this period.' : undefined,
    lines: [
      ...adding(byKind, d.total_donations),
      total('Donations', d.total_donations),
      ...nonZero([item('Moved back from your hold accounts', d.transfer_from_held)]),
    ],
  };
}

/** Gross pay, what was withheld, and the net pay that reached the missionary. */
function pay(source: StatementSource): PayStubGroup {
  const d = source.distribution;
  const withheld = [
    item('Social Security withheld', -d.employee_ss),
    item('Medicare withheld', -d.employee_mc),
    item('Federal income tax withheld', -d.federal_income_tax),
  ];
  return {
    key: 'pay',
    title: 'Your pay',
    // The year's notes (wage base reached, housing allowance taxable), worded as on the statement.
    intro: d.gross_payroll === 0 && d.payroll_disbursement === 0 ? 'No salary was paid this period.' : yearNoteText(d),
    lines: [
      subtotal('Gross pay', d.gross_payroll),
      ...adding(nonZero(withheld), d.net_payroll - d.gross_payroll),
      subtotal('Net salary', d.net_payroll),
      ...adding(
        nonZero([item('Housing allowance', d.housing_allowance), item('Retirement 403(b)', -d.retirement)]),
        d.payroll_disbursement - d.net_payroll,
      ),
      total('Net pay', d.payroll_disbursement),
    ],
  };
}

/** Everything paid to the missionary: net pay, reimbursements, advances (each dated by the MAT date), withdrawals. */
function paidToYouGroup(source: StatementSource): PayStubGroup {
  const d = source.distribution;
  const advances = source.advances.filter((a) => a.paid !== 0);
  const advanceLines =
    advances.length > 0
      ? adding(
          advances.map((a) => item(`Advance #${a.id}`, a.paid, advanceHint(a, d.end_date))),
          d.ministry_advance,
        )
      : nonZero([item('Advances', d.ministry_advance)]);
  const reports = source.reports.filter((r) => r.reimbursed !== 0 || r.fromHoldAccounts !== 0);
  return {
    key: 'paid_to_you',
    title: 'What was paid to you',
    lines: [
      ...adding(
        [
          item('Net pay', d.payroll_disbursement),
          ...nonZero([
            item(
              'Reimbursements',
              d.ministry_reimbursement,
              reports.length > 0 ? `Expense reports ${reports.map((r) => `#${r.id}`).join(', ')}` : undefined,
            ),
            item('Other business reimbursement', d.manual_ministry_reimbursement),
          ]),
          ...advanceLines,
          ...nonZero([
            item('Other business advance', d.manual_ministry_advance),
            item('Paid from your hold accounts', d.held_liability_account_withdrawal),
          ]),
        ],
        d.total_funds_disbursed,
      ),
      total('Total paid to you', d.total_funds_disbursed),
      ...(d.mid_month_disbursement !== 0
        ? [note('Already paid mid-month', -d.mid_month_disbursement), note('Paid on MAT Day', paidToYou(d))]
        : []),
    ],
  };
}

/** Payouts the office made when it processed a report, since the last statement (already off the starting balance). */
function paidBetween(source: StatementSource): PayStubGroup | null {
  const payouts = source.officePayouts?.payouts ?? [];
  if (payouts.length === 0) return null;
  const lines = payouts.map((p) => item(`Report #${p.reportId}`, officePayoutTotal(p), `Paid ${formatUSDate(p.date)}`));
  return {
    key: 'paid_between',
    title: 'Paid when your reports were processed',
    intro: 'Paid between MAT Days, before this period’s starting balance.',
    lines: [...lines, total('Total', sum(lines.map((line) => line.amount ?? 0)))],
  };
}

/** Each hold account: where it ended, with what moved in and out. */
function held(source: StatementSource): PayStubGroup | null {
  const d = source.distribution;
  const funds = source.funds ?? [];
  if (funds.length === 0 && d.held_liability_account_starting_balance === 0 && d.held_liability_account_balance === 0)
    return null;
  const moved = (fund: (typeof funds)[number]) =>
    [
      `Was ${formatUSD(fund.starting)}`,
      fund.deposits !== 0 ? `${formatUSD(fund.deposits)} moved in` : null,
      fund.withdrawals !== 0 ? `${formatUSD(fund.withdrawals)} paid to you` : null,
      fund.transfers !== 0 ? `${formatUSD(fund.transfers)} moved back to your fund` : null,
    ]
      .filter(Boolean)
      .join(' · ');
  return {
    key: 'held',
    title: 'Held for you',
    intro: `Moved to your hold accounts this period: ${formatUSD(d.held_liability_account_deposit)}.`,
    lines: [
      ...adding(
        funds.map((fund) => item(fund.fundName, fund.ending, moved(fund))),
        d.held_liability_account_balance,
      ),
      total('All hold accounts', d.held_liability_account_balance),
    ],
  };
}

export function buildPayStub(source: StatementSource): PayStub {
  const d = source.distribution;
  const howPaid = paymentSection(d, source.payments);
  const groups: Array<PayStubGroup | null> = [
    cameIn(source),
    pay(source),
    paidToYouGroup(source),
    howPaid ? { key: 'how_paid', title: howPaid.title, lines: howPaid.lines ?? [] } : null,
    paidBetween(source),
    held(source),
    { key: 'fund', title: 'Your fund, start to end', lines: fundSections(d)[0]?.lines ?? [] },
  ];
  return {
    distributionId: d.id,
    startDate: d.start_date,
    matDate: d.end_date,
    approvedOn: d.approved_on,
    reversal: d.reversal ? { on: d.reversal.on, reason: d.reversal.reason } : null,
    paidOnMatDay: paidToYou(d),
    balances: [
      { label: 'Your fund', before: d.starting_balance, after: d.ending_balance },
      {
        label: 'Hold accounts',
        before: d.held_liability_account_starting_balance,
        after: d.held_liability_account_balance,
      },
      { label: 'Owed to you', before: d.unreimbursed_amount_starting, after: d.unreimbursed_amount_ending },
    ],
    groups: groups.filter((group): group is PayStubGroup => group !== null),
  };
}
