import {
  accountingQuerySchema,
  fieldWorkerExpensesQuerySchema,
  reportFilename,
  statementFilename,
  TO_BEFORE_FROM,
} from './schemas';

const errorsOf = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('fieldWorkerExpensesQuerySchema', () => {
  it('reads both dates and defaults to CSV', () => {
    expect(fieldWorkerExpensesQuerySchema.parse({ from: '2026-01-01', to: '2026-01-31' })).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
      format: 'csv',
    });
    expect(fieldWorkerExpensesQuerySchema.parse({ from: '2026-01-01', to: '2026-01-01', format: 'XLSX' }).format).toBe(
      'xlsx',
    );
  });

  it.each([
    [{}, { from: 'From Date is required.', to: 'To Date is required.' }],
    [{ from: '2026-02-30', to: '2026-03-01' }, { from: 'From Date must be a date (YYYY-MM-DD).' }],
    [{ from: '2026-03-02', to: '2026-03-01' }, { to: TO_BEFORE_FROM }],
    [{ from: '2026-03-01', to: '2026-03-02', format: 'pdf' }, { format: 'Format must be csv or xlsx.' }],
  ])('%j is refused', (query, errors) => {
    expect(errorsOf(fieldWorkerExpensesQuerySchema.safeParse(query))).toEqual(errors);
  });
});

describe('accountingQuerySchema', () => {
  it('defaults the status to approved', () => {
    expect(accountingQuerySchema.parse({ mat_to_date: '2026-03-31' })).toEqual({
      mat_to_date: '2026-03-31',
      status: 'approved',
      format: 'csv',
    });
    expect(accountingQuerySchema.parse({ mat_to_date: '2026-03-31', status: 'Pending' }).status).toBe('pending');
  });

  it.each([
    [{}, { mat_to_date: 'MAT Processing Date is required.' }],
    [{ mat_to_date: '2026-03-31', status: 'void' }, { status: 'Distribution Status must be approved or pending.' }],
  ])('%j is refused', (query, errors) => {
    expect(errorsOf(accountingQuerySchema.safeParse(query))).toEqual(errors);
  });
});

describe('file names', () => {
  it.each([
    [
      reportFilename('field-worker-expenses', { from: '2026-01-01', to: '2026-01-31' }, 'csv'),
      'field-worker-expenses_2026-01-01_to_2026-01-31.csv',
    ],
    [
      reportFilename('accounting', { mat_to_date: '2026-01-31', status: 'pending' }, 'xlsx'),
      'accounting_2026-01-31_pending.xlsx',
    ],
    [
      reportFilename('accounting-journal', { mat_to_date: '2026-01-31', status: 'approved' }, 'csv'),
      'accounting-journal_2026-01-31_approved.csv',
    ],
    [statementFilename('M-0012', 4, '2024-05-31'), 'statement_M-0012_2024-05-31.pdf'],
    [statementFilename('a/b "c"', 4, '2024-05-31'), 'statement_a-b-c-_2024-05-31.pdf'],
    [statementFilename(null, 4, '2024-05-31'), 'statement_user-4_2024-05-31.pdf'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });
});
