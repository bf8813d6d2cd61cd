import type { OutboxItem } from './queue';
import { describeItem } from './WaitingToSend';

const item = (over: Partial<OutboxItem>): OutboxItem => ({
  seq: 6,
  userId: 7,
  reportId: 12,
  kind: 'expense',
  key: 'k6',
  madeAt: '2026-03-10T08:00:00Z',
  fields: {},
  ...over,
});

describe('a waiting item as the list names it', () => {
  it.each([
    [
      item({ fields: { date: '2026-03-10', currency: 'KES', field_currency: '4750' } }),
      'Expense: 03/10/2026 · KES 4750',
    ],
    [
      item({ kind: 'mileage', fields: { date: '2026-03-12', odometer_start: '12000', odometer_end: '12042' } }),
      'Mileage trip: 03/12/2026 · 12000–12042',
    ],
    [
      item({ kind: 'expense', action: 'update', targetId: 44, fields: { date: '2026-03-02', field_currency: '6' } }),
      'Change to expense: 03/02/2026 · 6',
    ],
  ])('in the app’s date format, never ISO: %#', (waiting, text) => {
    expect(describeItem(waiting)).toBe(text);
  });
});
