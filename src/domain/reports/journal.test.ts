import fc from 'fast-check';
import { computeDistribution } from '../distributions/engine';
import { buildManualTransaction } from '../distributions/recurring';
import { account, distributionInput } from '../distributions/test-fixtures';
import { sum } from '../money';
import { DEFAULT_TERMS } from '../terms';
import { payrollCost } from './accounting';
import {
  CHART,
  expectedFundMovement,
  fundMovements,
  fundMovementsMatch,
  type JournalSource,
  journalLines,
  journalTable,
  journalTotals,
  netCredits,
} from './journal';
import { columnTotals } from './table';
import { asReportDistribution, fundsOf, usd, workedExample } from './test-fixtures';

const example = workedExample();
const ruth: JournalSource = { ...asReportDistribution(example, { id: 501 }), funds: fundsOf(example) };

describe('the journal of the worked example', () => {
  const lines = journalLines(ruth);
  const row = (l: (typeof lines)[number]) => [l.account.code, l.debit, l.credit, l.memo.split(' — ')[0]];

  it('books every figure as a debit and a credit of the same amount', () => {
    expect(lines.map(row)).toEqual([
      ['1100', usd('4450.00'), 0, 'Donations received'],
      ['2600-M-0012', 0, usd('4450.00'), 'Donations received'],
      ['2600-M-0012', usd('445.00'), 0, 'Admin fee'],
      ['4100', 0, usd('445.00'), 'Admin fee'],
      // payroll disbursement 2,650.00 (net salary 2,000.00 + housing 800.00 − 403(b) 150.00)
      ['2600-M-0012', usd('2650.00'), 0, 'Payroll paid on MAT Day (net salary + housing − 403(b))'],
      ['1000', 0, usd('2650.00'), 'Payroll paid on MAT Day (net salary + housing − 403(b))'],
      ['2600-M-0012', usd('150.00'), 0, 'Retirement 403(b)'],
      ['2150', 0, usd('150.00'), 'Retirement 403(b)'],
      ['2600-M-0012', usd('134.27'), 0, 'Employee social security'],
      ['2100', 0, usd('134.27'), 'Employee social security'],
      ['2600-M-0012', usd('31.40'), 0, 'Employee Medicare'],
      ['2100', 0, usd('31.40'), 'Employee Medicare'],
      ['2600-M-0012', usd('120.00'), 0, 'Federal income tax withheld'],
      ['2100', 0, usd('120.00'), 'Federal income tax withheld'],
      ['2600-M-0012', usd('134.27'), 0, 'Employer social security'],
      ['2100', 0, usd('134.27'), 'Employer social security'],
      ['2600-M-0012', usd('31.40'), 0, 'Employer Medicare'],
      ['2100', 0, usd('31.40'), 'Employer Medicare'],
      ['2600-M-0012', usd('310.00'), 0, 'Insurance'],
      ['2200', 0, usd('310.00'), 'Insurance'],
      ['2600-M-0012', usd('25.00'), 0, 'Wire fee'],
      ['1000', 0, usd('25.00'), 'Wire fee'],
      // designated donation 250.00 + recurring deposit 100.00
      ['2600-M-0012', usd('350.00'), 0, 'Deposit to Vehicle Fund'],
      ['2500-7', 0, usd('350.00'), 'Deposit to Vehicle Fund'],
      // unreimbursed reimbursement 60.00 + expense 180.00 + manual 510.00
      ['2500-7', usd('750.00'), 0, 'Withdrawal from Vehicle Fund paid out'],
      ['1000', 0, usd('750.00'), 'Withdrawal from Vehicle Fund paid out'],
      ['2600-M-0012', usd('140.00'), 0, 'Reimbursement of earlier unreimbursed expenses'],
      ['1000', 0, usd('140.00'), 'Reimbursement of earlier unreimbursed expenses'],
      ['2600-M-0012', usd('785.40'), 0, 'Expense report reimbursement'],
      ['1000', 0, usd('785.40'), 'Expense report reimbursement'],
      ['2600-M-0012', usd('300.00'), 0, 'Business expense advance'],
      ['1000', 0, usd('300.00'), 'Business expense advance'],
    ]);
  });

  it('balances: debits = credits', () => {
    // 4450.00 + 445.00 + 3586.34 (payroll cost) + 350.00 + 750.00 + 140.00 + 785.40 + 300.00
    expect(journalTotals(lines)).toEqual({ debit: usd('10806.74'), credit: usd('10806.74') });
  });

  it('moves each fund by its ending minus starting balance', () => {
    const net = netCredits(lines);
    // 93.26 − 1,250.00
    expect(net.get('2600-M-0012')).toBe(usd('-1156.74'));
    expect(net.get('2600-M-0012')).toBe(expectedFundMovement(ruth));
    // Vehicle Fund: 0.00 − 400.00
    expect(net.get('2500-7')).toBe(usd('-400.00'));
    expect(net.get(CHART.adminFeeIncome.code)).toBe(usd('445.00'));
    // employee 134.27 + 31.40 + tax 120.00 + employer 134.27 + 31.40
    expect(net.get(CHART.payrollTaxes.code)).toBe(usd('451.34'));
    // cash out: 2650.00 + 25.00 + 750.00 + 140.00 + 785.40 + 300.00 = total_funds_disbursed 4625.40 + wire fee 25.00
    expect(net.get(CHART.cash.code)).toBe(ruth.total_funds_disbursed + ruth.wire_fee);
  });

  it('dates every line on the MAT date and groups them in one entry', () => {
    expect(new Set(lines.map((l) => l.date))).toEqual(new Set(['2024-05-31']));
    expect(new Set(lines.map((l) => l.entry))).toEqual(new Set(['MAT-501']));
    expect(lines[0].memo).toBe('Donations received — Ruth Okafor (M-0012), 05/01/2024–05/31/2024');
  });
});

describe('journalLines edge cases', () => {
  it('posts hold-account movements to one "all funds" account when no breakdown is recorded', () => {
    const lines = journalLines({ ...ruth, funds: null });
    const hold = lines.filter((l) => l.account.code.startsWith('2500'));
    expect(hold.map((l) => [l.account.code, l.account.name, l.debit, l.credit])).toEqual([
      ['2500', 'Hold Account Liability — all funds', 0, usd('350.00')],
      ['2500', 'Hold Account Liability — all funds', usd('750.00'), 0],
    ]);
    const totals = journalTotals(lines);
    expect(totals.debit).toBe(totals.credit);
  });

  it('swaps the sides of a negative figure (a donation reversal)', () => {
    const lines = journalLines({ ...ruth, total_donations: -usd('20.00'), funds: [] });
    expect(lines.slice(0, 2).map((l) => [l.account.code, l.debit, l.credit])).toEqual([
      ['2600-M-0012', usd('20.00'), 0],
      ['1100', 0, usd('20.00')],
    ]);
  });

  it('uses the user id when the missionary has no number, and books mid-month payroll to its clearing account', () => {
    const lines = journalLines({
      ...ruth,
      missionary_number: null,
      mid_month_disbursement: usd('1000.00'),
      net_payroll_dist: usd('1650.00'),
    });
    expect(lines[1].account.code).toBe(`2600-U${ruth.user_id}`);
    expect(lines.find((l) => l.account.code === CHART.midMonthPayroll.code)?.credit).toBe(usd('1000.00'));
    expect(lines.find((l) => l.memo.startsWith('Payroll paid on MAT Day') && l.credit > 0)?.credit).toBe(
      usd('1650.00'),
    );
  });

  it('makes no lines for a distribution of zeros', () => {
    const zeros = Object.fromEntries(Object.entries(ruth).flatMap(([k, v]) => (typeof v === 'number' ? [[k, 0]] : [])));
    const zero: JournalSource = { ...ruth, ...zeros, id: 1, user_id: 1, funds: [] };
    expect(journalLines(zero)).toEqual([]);
  });
});

describe('fundMovements', () => {
  it('sums granted transactions per fund, by fund name', () => {
    const funds = fundMovements([
      { holdAccountId: 9, fundName: 'Vehicle', type: 'Deposit', amount: 100 },
      { holdAccountId: 3, fundName: 'Building', type: 'Withdrawal', amount: 40 },
      { holdAccountId: 9, fundName: 'Vehicle', type: 'Withdrawal', amount: 25 },
      { holdAccountId: 9, fundName: 'Vehicle', type: 'Transfer', amount: 5 },
      { holdAccountId: 3, fundName: 'Building', type: 'Withdrawal', amount: 2 },
    ]);
    expect(funds).toEqual([
      { holdAccountId: 3, fundName: 'Building', deposits: 0, transfers: 0, withdrawals: 42 },
      { holdAccountId: 9, fundName: 'Vehicle', deposits: 100, transfers: 5, withdrawals: 25 },
    ]);
  });

  it('matches the distribution totals only when every kind adds up', () => {
    expect(fundMovementsMatch(ruth, fundsOf(example))).toBe(true);
    expect(fundMovementsMatch({ ...ruth, held_liability_account_withdrawal: 1 }, fundsOf(example))).toBe(false);
    expect(fundMovementsMatch(ruth, [])).toBe(false);
  });
});

describe('journalTable', () => {
  it('leaves the other side blank and totals debits and credits', () => {
    const table = journalTable([ruth, { ...ruth, id: 502 }], DEFAULT_TERMS);
    expect(table.columns.map((c) => c.header)).toEqual([
      'Date',
      'Entry',
      'Account',
      'Account Name',
      'Debit',
      'Credit',
      'Memo',
      'Distribution ID',
      'Missionary #',
      'Missionary',
    ]);
    expect(table.rows[0].slice(0, 6)).toEqual([
      '2024-05-31',
      'MAT-501',
      '1100',
      'Donations Clearing',
      usd('4450.00'),
      null,
    ]);
    const totals = columnTotals(table);
    // two distributions of 10,806.74 each
    expect(totals[4]).toBe(usd('21613.48'));
    expect(totals[5]).toBe(usd('21613.48'));
  });
});

/**
 * Random months through the real engine: whatever the caps do, the journal balances and moves the
 * missionary's fund and every hold account by exactly their ending minus starting balances.
 */
describe('journal properties over engine results', () => {
  const cents = (max: number) => fc.integer({ min: 0, max });
  const monthArb = fc.record({
    fundBalance: fc.integer({ min: -200_000, max: 800_000 }),
    unreimbursed: cents(100_000),
    ficaTax: fc.boolean(),
    netSalary: cents(400_000),
    housing: cents(100_000),
    fit: cents(40_000),
    wire: cents(3_000),
    insurance: cents(50_000),
    donations: fc.array(
      fc.record({
        amount: fc.integer({ min: -5_000, max: 300_000 }),
        fund: fc.integer({ min: 0, max: 2 }),
        approved: fc.boolean(),
      }),
      { maxLength: 6 },
    ),
    balances: fc.tuple(cents(200_000), cents(200_000)),
    fundUnreimbursed: fc.tuple(cents(20_000), cents(20_000)),
    manual: fc.array(
      fc.record({
        fund: fc.integer({ min: 1, max: 2 }),
        type: fc.constantFrom('Deposit', 'Transfer', 'Withdrawal' as const),
        amount: cents(150_000),
      }),
      { maxLength: 5 },
    ),
    reports: fc.array(fc.record({ total: cents(200_000), charged: fc.integer({ min: 0, max: 100 }) }), {
      maxLength: 3,
    }),
    advances: fc.array(cents(100_000), { maxLength: 2 }),
    mid: fc.integer({ min: 0, max: 100 }),
  });

  it('balances and reconciles every fund', () => {
    fc.assert(
      fc.property(monthArb, (m) => {
        const accounts = [1, 2].map((id) =>
          account({
            id,
            fundName: `Fund ${id}`,
            balance: m.balances[id - 1],
            unreimbursedAmount: m.fundUnreimbursed[id - 1],
          }),
        );
        const disbursement = m.netSalary + m.housing;
        const result = computeDistribution(
          distributionInput({
            profile: {
              ficaTax: m.ficaTax,
              netSalary: m.netSalary,
              housingAllowance: m.housing,
              federalIncomeTax: m.fit,
              wireFee: m.wire,
              insuranceAmount: m.insurance,
              fundBalance: m.fundBalance,
              unreimbursedAmount: m.unreimbursed,
            },
            donations: m.donations.map((d, i) => ({
              id: i + 1,
              amount: d.amount,
              holdAccountId: d.fund === 0 ? null : d.fund,
              approved: d.approved,
            })),
            holdAccounts: accounts,
            transactions: m.manual.map((t) => buildManualTransaction(t.fund, t.type, t.amount)),
            expenseReports: m.reports.map((r, i) => ({
              id: i + 1,
              date: `2024-05-0${i + 1}`,
              totalAmount: r.total,
              holdAccountCharges:
                r.charged > 0
                  ? [{ expenseId: i + 1, holdAccountId: 1, amount: Math.floor((r.total * r.charged) / 100) }]
                  : [],
            })),
            advanceRequests: m.advances.map((amount, i) => ({
              id: i + 1,
              amountRequested: amount,
              amountApproved: null,
              approved: true,
            })),
            manual: {
              ministryReimbursement: 0,
              ministryAdvance: 0,
              midMonthDisbursement: Math.floor((disbursement * m.mid) / 100),
            },
          }),
        );
        const source: JournalSource = { ...asReportDistribution(result), funds: fundsOf(result) };
        expect(fundMovementsMatch(source, source.funds!)).toBe(true);
        const lines = journalLines(source);
        const totals = journalTotals(lines);
        expect(totals.debit).toBe(totals.credit);
        const net = netCredits(lines);
        expect(net.get('2600-M-0012') ?? 0).toBe(source.ending_balance - source.starting_balance);
        for (const fund of result.holdAccounts) {
          expect(net.get(`2500-${fund.id}`) ?? 0).toBe(fund.endingBalance - fund.startingBalance);
        }
        // payroll lines add up to the payroll cost
        const payrollCodes = new Set(['2100', '2150', '2200', '1250']);
        const payroll = sum(
          lines
            .filter((l) => l.credit > 0 && (payrollCodes.has(l.account.code) || /^Payroll paid|^Wire fee/.test(l.memo)))
            .map((l) => l.credit),
        );
        expect(payroll).toBe(payrollCost(source));
      }),
      { numRuns: 300 },
    );
  });
});
