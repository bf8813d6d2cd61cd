import type { TCategory } from '../../domain/categories/contract';
import type { TExpense, TMileage } from '../../domain/expense-reports/contract';
import { localReport, totalsWithWaiting, waitingTotalText, withPending } from './pending-rows';
import type { OutboxItem } from './queue';

const madeAt = '2026-03-10T08:00:00Z';
const reportItem: OutboxItem = {
  seq: 5,
  userId: 7,
  reportId: 0,
  kind: 'report',
  key: 'k5',
  fields: { type: 'reimbursement', distance_type: 'km' },
  madeAt,
};
const lookups = {
  categories: [
    { id: 3, expense_category: 'Guest houses', description: '', advance: 0, expense: 1, mileage: 0 },
  ] satisfies TCategory[],
  holdAccounts: [],
  ratePerMile: { value: 67n, scale: 2 }, // $0.67 a mile
  fileUrl: () => 'blob:receipt',
};

describe('what waits, shown in its report', () => {
  it('a report started offline opens as an empty draft in the unit chosen', () => {
    const report = localReport(reportItem, 'Ruth');
    expect(report).toMatchObject({ id: -5, submitted: 0, distance_type: 'km', expense: [], user_name: 'Ruth' });
  });

  it('its lines are rows of their own, marked, with the figures the server will store', () => {
    const items: OutboxItem[] = [
      reportItem,
      {
        seq: 6,
        userId: 7,
        reportId: -5,
        kind: 'expense',
        key: 'k6',
        madeAt,
        fields: {
          date: '2026-03-11',
          expense_code: '3',
          field_currency: '4750',
          exchange_rate: '129,25',
          currency: 'KES',
        },
      },
      {
        seq: 7,
        userId: 7,
        reportId: -5,
        kind: 'mileage',
        key: 'k7',
        madeAt,
        fields: { date: '2026-03-12', odometer_start: '12000', odometer_end: '12042' },
        refused: 'This report has been submitted.',
      },
    ];
    const { report, marks } = withPending(localReport(reportItem, 'Ruth'), items, lookups);
    expect(report.expense).toMatchObject([
      { id: -6, currency: 'KES', field_currency: 4750, exchange_rate: 129.25, usd_amount: 36.75, category: { id: 3 } },
    ]);
    // 42 km = 26.1 miles at $0.67 = $17.49
    expect(report.mileage).toMatchObject([{ id: -7, total_distance: 42, miles: 26.1, total_cost: 17.49 }]);
    expect(marks.get('expense:-6')).toMatchObject({ text: 'Waiting to send', refused: false });
    expect(marks.get('mileage:-7')).toMatchObject({ text: 'Not sent: This report has been submitted.', refused: true });
  });

  it('a change waiting shows its values on the sent row; a delete waiting hides it', () => {
    const sent = (id: number) => ({ id, date: '2026-03-01', field_currency: 5, currency: 'USD' }) as TExpense;
    const served = { ...localReport(reportItem, 'Ruth'), id: 12, expense: [sent(44), sent(45)] };
    const change = (seq: number, action: 'update' | 'delete', targetId: number, fields = {}): OutboxItem => ({
      seq,
      userId: 7,
      reportId: 12,
      kind: 'expense',
      action,
      targetId,
      key: `k${seq}`,
      madeAt,
      fields,
    });
    const { report, marks } = withPending(
      served,
      [
        change(8, 'update', 44, { date: '2026-03-02', field_currency: '6', exchange_rate: '1', currency: 'USD' }),
        change(9, 'delete', 45),
      ],
      lookups,
    );
    expect(report.expense).toMatchObject([{ id: 44, date: '2026-03-02', usd_amount: 6 }]);
    expect(marks.get('expense:44')?.text).toBe('Change waiting to send');
  });
});

describe('the total with what waits', () => {
  const expense = (id: number, usd: number) =>
    ({ id, usd_amount: usd, date: `2026-03-0${id < 0 ? 9 : id}` }) as TExpense;
  const trip = (id: number, cost: number) => ({ id, total_cost: cost, date: '2026-03-05' }) as TMileage;
  // Each report also holds a trip of $17.49, sent: it is in `sent` and `total`, never in `waiting`.
  it.each([
    // Nothing waits: all of it is sent.
    ['nothing waiting', [expense(1, 36.75)], [expense(1, 36.75)], 3675, 0, 3675],
    // 36.75 sent; a new expense of 10.00 waits: 46.75 in all.
    ['a new line', [expense(1, 36.75)], [expense(1, 36.75), expense(-6, 10)], 3675, 1000, 4675],
    // 36.75 sent; changed to 40.00 here: 3.25 more waits.
    ['a changed line', [expense(1, 36.75)], [expense(1, 40)], 3675, 325, 4000],
    // 36.75 + 10.00 sent; the 10.00 is deleted here: 10.00 less once sent.
    ['a delete', [expense(1, 36.75), expense(2, 10)], [expense(1, 36.75)], 4675, -1000, 3675],
  ] as const)('%s', (_name, served, shown, sent, waiting, total) => {
    const trips = [trip(3, 17.49)];
    expect(
      totalsWithWaiting({ expense: [...served], mileage: trips }, { expense: [...shown], mileage: trips }),
    ).toMatchObject({ sent: sent + 1749, waiting, total: total + 1749 });
  });
});

describe('the dates with what waits', () => {
  it('run from the first to the last line shown, waiting ones included', () => {
    const line = (id: number, date: string) => ({ id, usd_amount: 1, date }) as TExpense;
    const served = { expense: [line(1, '2026-03-04')], mileage: [] };
    const shown = { expense: [line(1, '2026-03-04'), line(-6, '2026-03-11')], mileage: [] };
    expect(totalsWithWaiting(served, shown)).toMatchObject({ startDate: '2026-03-04', endDate: '2026-03-11' });
  });
});

describe('what the total says about what waits', () => {
  it.each([
    [5424, 1000, '$54.24 sent, $10.00 waiting to send'],
    [0, 3675, '$0.00 sent, $36.75 waiting to send'], // a report started offline: all of it waits
    [4675, -1000, '$46.75 sent; $10.00 less once the waiting changes are sent'],
    [4675, 0, null], // a receipt waiting changes no amount
  ])('%d sent, %d waiting', (sent, waiting, text) => {
    expect(waitingTotalText({ sent, waiting })).toBe(text);
  });
});
