import { buildPayStub, type PayStubGroupKey } from './pay-stub';
import type { StatementSource } from './statement';
import { usd, workedStatementSource } from './test-fixtures';

// The statement's source with an office comment the pay stub must leave out.
const d = { ...workedStatementSource().distribution, comments: 'Office note' };
const source = (overrides: Partial<StatementSource> = {}) => workedStatementSource({ distribution: d, ...overrides });

const linesOf = (stub: ReturnType<typeof buildPayStub>, key: PayStubGroupKey) =>
  stub.groups.find((g) => g.key === key)?.lines.map((l) => [l.label, l.amount, l.hint ?? null]);

describe('the pay stub of the worked example (Ruth, May 2024)', () => {
  const stub = buildPayStub(source());

  it('heads with the period, the MAT date and what MAT Day paid', () => {
    expect(stub).toMatchObject({
      distributionId: 501,
      startDate: '2024-05-01',
      matDate: '2024-05-31',
      approvedOn: '2024-06-02',
      reversal: null,
      // 2650.00 net pay + 925.40 reimbursements + 300.00 advance + 750.00 from the Vehicle Fund
      paidOnMatDay: usd('4625.40'),
    });
  });

  it.each<[PayStubGroupKey, Array<[string, number, string | null]>]>([
    [
      'came_in',
      [
        ['General donations', usd('4200.00'), '2 gifts'],
        ['Designated: Vehicle Fund', usd('250.00'), '1 gift'],
        // 4200.00 + 250.00
        ['Donations', usd('4450.00'), null],
      ],
    ],
    [
      'pay',
      [
        ['Gross pay', usd('2285.67'), null],
        ['Social Security withheld', -usd('134.27'), null],
        ['Medicare withheld', -usd('31.40'), null],
        ['Federal income tax withheld', -usd('120.00'), null],
        // 2285.67 − 134.27 − 31.40 − 120.00
        ['Net salary', usd('2000.00'), null],
        ['Housing allowance', usd('800.00'), null],
        ['Retirement 403(b)', -usd('150.00'), null],
        // 2000.00 + 800.00 − 150.00
        ['Net pay', usd('2650.00'), null],
      ],
    ],
    [
      'paid_to_you',
      [
        ['Net pay', usd('2650.00'), null],
        // 140.00 owed from April + 785.40 of report #31
        ['Reimbursements', usd('925.40'), 'Expense reports #31'],
        // Dated by the distribution's MAT date, its end date, not the day the advance was approved.
        ['Advance #41', usd('300.00'), 'Paid on MAT Day 05/31/2024'],
        ['Paid from your hold accounts', usd('750.00'), null],
        ['Total paid to you', usd('4625.40'), null],
      ],
    ],
    [
      'held',
      [
        // 400.00 + 350.00 − 750.00
        ['Vehicle Fund', 0, 'Was $400.00 · $350.00 moved in · $750.00 paid to you'],
        ['All hold accounts', 0, null],
      ],
    ],
  ])('%s', (key, expected) => {
    expect(linesOf(stub, key)).toEqual(expected);
  });

  it('gives the balances before and after: fund, hold accounts, owed to you', () => {
    expect(stub.balances).toEqual([
      // 1250.00 + 4450.00 − 445.00 − 3586.34 − 350.00 − 925.40 − 300.00 = 93.26
      { label: 'Your fund', before: usd('1250.00'), after: usd('93.26') },
      { label: 'Hold accounts', before: usd('400.00'), after: 0 },
      { label: 'Owed to you', before: usd('140.00'), after: 0 },
    ]);
  });

  it('keeps the fund reconciliation, and nothing of the office review or its comments', () => {
    expect(stub.groups.map((g) => g.key)).toEqual(['came_in', 'pay', 'paid_to_you', 'held', 'fund']);
    expect(JSON.stringify(stub)).not.toMatch(/Office note|warning|flag|review|Not itemised/i);
  });
});

describe('the pay stub in other months', () => {
  it.each([
    ['no payment records: no "How it was paid"', undefined, false],
    ['a draft batch holds it: "How it was paid" says not yet paid', 'draft' as const, true],
    ['a released batch paid it', 'released' as const, true],
  ])('%s', (_case, batchStatus, shown) => {
    const payments = batchStatus
      ? [
          {
            batchId: 3,
            batchStatus,
            method: 'ach' as const,
            maskedAccount: '••••6789',
            matDate: '2024-05-31',
            releasedOn: batchStatus === 'released' ? '2024-05-30' : null,
            amount: usd('4625.40'),
            lineAmount: usd('4625.40'),
            status: batchStatus === 'released' ? ('paid' as const) : ('pending' as const),
            returnCode: null,
            returnDate: null,
          },
        ]
      : null;
    const how = linesOf(buildPayStub(source({ payments })), 'how_paid');
    if (!shown) return expect(how).toBeUndefined();
    expect(how?.at(-1)).toEqual(['Paid to you on MAT Day', usd('4625.40'), null]);
    expect(how?.[0][0]).toBe(
      batchStatus === 'released' ? 'ACH to account ••••6789, settles 05/31/2024' : 'Not yet paid',
    );
  });

  it('shows what was paid mid-month and what MAT Day paid', () => {
    const stub = buildPayStub(source({ distribution: { ...d, mid_month_disbursement: usd('1000.00') } }));
    // 4625.40 − 1000.00 already paid on the 15th
    expect(stub.paidOnMatDay).toBe(usd('3625.40'));
    expect(linesOf(stub, 'paid_to_you')?.slice(-2)).toEqual([
      ['Already paid mid-month', -usd('1000.00'), null],
      ['Paid on MAT Day', usd('3625.40'), null],
    ]);
  });

  it('lists payouts made when reports were processed, and says a reversal', () => {
    const stub = buildPayStub(
      source({
        distribution: { ...d, reversal: { on: '2024-06-05', by: 'Ada Admin', reason: 'Wrong upload' } },
        officePayouts: {
          payouts: [
            {
              reportId: 29,
              userId: 1,
              userName: 'Ruth Okafor',
              missionaryNumber: 'M-0012',
              date: '2024-04-20',
              parts: [{ holdAccountId: null, fundName: 'Your fund', amount: usd('85.00') }],
              paidOtherwise: null,
            },
          ],
          previous: null,
        },
      }),
    );
    expect(stub.reversal).toEqual({ on: '2024-06-05', reason: 'Wrong upload' });
    expect(linesOf(stub, 'paid_between')).toEqual([
      ['Report #29', usd('85.00'), 'Paid 04/20/2024'],
      ['Total', usd('85.00'), null],
    ]);
  });

  it('a month without donations or salary says so', () => {
    const zero = { ...d, total_donations: 0, gross_payroll: 0, net_payroll: 0, payroll_disbursement: 0 };
    const stub = buildPayStub(source({ distribution: zero, donations: [] }));
    expect(stub.groups.find((g) => g.key === 'came_in')?.intro).toBe('No donations came in this period.');
    expect(stub.groups.find((g) => g.key === 'pay')?.intro).toBe('No salary was paid this period.');
  });
});
