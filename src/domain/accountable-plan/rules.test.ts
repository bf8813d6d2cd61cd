import {
  type AccountableFlagKind,
  type AdvanceFacts,
  accountableFlags,
  advanceFlags,
  daysBetween,
  type ExpenseFacts,
  expenseFlag,
} from './rules';

describe('daysBetween', () => {
  it.each([
    ['2026-01-01', '2026-01-01', 0],
    ['2026-01-01', '2026-03-02', 60], // 30 left in January + 28 in February + 2 = 60
    ['2026-01-01', '2026-03-03', 61],
    ['2024-01-01', '2024-03-01', 60], // leap year: 30 + 29 + 1 = 60
    ['2026-03-10', '2026-03-01', -9],
    ['2025-12-31', '2026-04-30', 120], // 1 (to Jan 1) + 31 + 28 + 31 + 29 = 120
  ])('%s → %s is %i days', (from, to, days) => {
    expect(daysBetween(from, to)).toBe(days);
  });
});

const advance = (over: Partial<AdvanceFacts>): AdvanceFacts => ({
  id: 7,
  userId: 3,
  status: 'approved',
  archived: false,
  amount: 30_000,
  paidOn: '2026-01-01',
  reportSubmittedOn: null,
  ...over,
});

describe('advanceFlags', () => {
  it.each<[string, Partial<AdvanceFacts>, string, Array<[AccountableFlagKind, number]>]>([
    ['paid 60 days ago, no report: still within the limit', {}, '2026-03-02', []], // 60 ≤ 60
    ['paid 61 days ago, no report', {}, '2026-03-03', [['advance_not_reported', 61]]], // 61 > 60
    ['unpaid: nothing counts yet', { paidOn: null }, '2026-12-31', []],
    ['requested only', { status: 'requested', paidOn: null }, '2026-12-31', []],
    ['closed: settled', { status: 'closed' }, '2026-12-31', []],
    ['archived', { archived: true }, '2026-12-31', []],
    ['reported on day 60, 100 days open', { status: 'submitted', reportSubmittedOn: '2026-03-02' }, '2026-04-11', []], // 60 ≤ 60; 100 ≤ 120
    [
      'reported on day 61, not closed yet',
      { status: 'submitted', reportSubmittedOn: '2026-03-03' },
      '2026-03-10',
      [['advance_not_reported', 61]], // the report came 61 days after payment
    ],
    [
      'reported on time, 121 days open',
      { status: 'submitted', reportSubmittedOn: '2026-02-01' },
      '2026-05-02', // 30 + 28 + 31 + 30 + 2 = 121
      [['advance_not_returned', 121]],
    ],
    [
      'no report and 121 days open: both',
      {},
      '2026-05-02',
      [
        ['advance_not_reported', 121],
        ['advance_not_returned', 121],
      ],
    ],
    ['120 days open, reported on time', { status: 'submitted', reportSubmittedOn: '2026-01-15' }, '2026-05-01', []], // 120 ≤ 120
  ])('%s', (_name, over, today, expected) => {
    const flags = advanceFlags(advance(over), today);
    expect(flags.map((f) => [f.kind, f.days])).toEqual(expected);
  });

  it('says what, how long and the limit in words', () => {
    const [late, open] = advanceFlags(advance({}), '2026-05-02');
    expect(late.message).toBe('Advance #7 ($300.00, paid 01/01/2026) has no report after 121 days (due within 60).');
    expect(open.message).toBe(
      'Advance #7 ($300.00, paid 01/01/2026) is not settled after 121 days: its unspent part is due back within 120.',
    );
    expect(open).toMatchObject({ advanceId: 7, userId: 3, since: '2026-01-01', limitDays: 120, amount: 30_000 });
  });
});

const expense = (over: Partial<ExpenseFacts>): ExpenseFacts => ({
  id: 11,
  userId: 3,
  expenseReportId: 5,
  date: '2026-01-01',
  amount: 4_250,
  processed: false,
  submittedOn: null,
  ...over,
});

describe('expenseFlag', () => {
  it.each<[string, Partial<ExpenseFacts>, string, number | null]>([
    ['submitted 60 days after its date', { submittedOn: '2026-03-02' }, '2026-12-01', null], // 60 ≤ 60
    ['submitted 61 days after its date', { submittedOn: '2026-03-03' }, '2026-12-01', 61], // today does not matter
    ['a draft 60 days old', {}, '2026-03-02', null],
    ['a draft 75 days old', {}, '2026-03-17', 75], // 30 + 28 + 17 = 75
    ['processed: history', { processed: true, submittedOn: '2026-06-01' }, '2026-12-01', null],
    ['dated after its submission (typo)', { date: '2026-04-01', submittedOn: '2026-03-01' }, '2026-12-01', null], // -31
  ])('%s', (_name, over, today, days) => {
    expect(expenseFlag(expense(over), today)?.days ?? null).toBe(days);
  });

  it('words for a submitted and an unsubmitted expense', () => {
    expect(expenseFlag(expense({ submittedOn: '2026-03-03' }), '2026-12-01')?.message).toBe(
      'Expense of 01/01/2026 ($42.50) on report #5 was submitted 61 days after its date (due within 60).',
    );
    expect(expenseFlag(expense({}), '2026-03-17')?.message).toBe(
      'Expense of 01/01/2026 ($42.50) on report #5 is not submitted after 75 days (due within 60).',
    );
  });
});

describe('accountableFlags', () => {
  it('lists the longest overdue first', () => {
    const flags = accountableFlags(
      [advance({ id: 1, paidOn: '2026-02-01' })], // 2026-04-10 is 68 days after 02-01 (27 + 31 + 10)
      [expense({ id: 2, date: '2026-01-01' })], // 99 days (30 + 28 + 31 + 10)
      '2026-04-10',
    );
    expect(flags.map((f) => [f.kind, f.days])).toEqual([
      ['expense_late', 99],
      ['advance_not_reported', 68],
    ]);
  });
});
