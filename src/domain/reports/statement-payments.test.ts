import { usd } from '../distributions/test-fixtures';
import { payDateOf, paymentDateOf } from '../payments/business-days';
import { DEFAULT_TERMS } from '../terms';
import { buildStatement } from './statement';
import { paymentLines, paymentSection, type StatementPayment } from './statement-payments';
import { asReportDistribution, workedExample } from './test-fixtures';

const TO_PAY = usd('1234.56');

/** A released ACH line of batch #3 paying $1,234.56 on MAT Day, Monday 11/30/2026. */
const ach: StatementPayment = {
  batchId: 3,
  batchStatus: 'released',
  method: 'ach',
  maskedAccount: '••••6789',
  matDate: '2026-11-30',
  releasedOn: '2026-11-25',
  amount: TO_PAY,
  lineAmount: TO_PAY,
  status: 'paid',
  returnCode: null,
  returnDate: null,
};

type Row = [string, number | null, string, string | undefined];
const rows = (payments: StatementPayment[]): Row[] =>
  paymentLines(TO_PAY, payments).map((l) => [l.label, l.amount, l.style, l.hint]);

describe('paymentLines: how and when the month was paid', () => {
  it.each<[string, StatementPayment[], Row[]]>([
    [
      'no batch holds it',
      [],
      [
        ['Not yet paid', TO_PAY, 'item', 'No payment batch has sent it yet'],
        ['Paid to you on MAT Day', TO_PAY, 'subtotal', undefined],
      ],
    ],
    [
      'a draft batch holds it',
      [{ ...ach, batchStatus: 'draft', releasedOn: null, status: 'pending' }],
      [
        ['Not yet paid', TO_PAY, 'item', 'In payment batch #3, not yet released'],
        ['Paid to you on MAT Day', TO_PAY, 'subtotal', undefined],
      ],
    ],
    [
      // released five days before MAT Day: settles on the MAT date, a Monday
      'paid by ACH',
      [ach],
      [
        ['ACH to account ••••6789, settles 11/30/2026', TO_PAY, 'item', 'Payment batch #3'],
        ['Paid to you on MAT Day', TO_PAY, 'subtotal', undefined],
      ],
    ],
    [
      // MAT Day Saturday 10/31 released on Saturday 11/21: pays from 11/21, executed Monday 11/23
      'a wire released after its MAT date, on a Saturday',
      [{ ...ach, method: 'wire', maskedAccount: '••••6700', matDate: '2026-10-31', releasedOn: '2026-11-21' }],
      [
        ['Wire to account ••••6700, sent 11/23/2026', TO_PAY, 'item', 'Payment batch #3'],
        ['Paid to you on MAT Day', TO_PAY, 'subtotal', undefined],
      ],
    ],
    [
      // a check is dated the MAT date itself, a Saturday
      'a check',
      [{ ...ach, method: 'check', maskedAccount: null, matDate: '2026-10-31', releasedOn: '2026-10-28' }],
      [
        ['Check dated 10/31/2026', TO_PAY, 'item', 'Payment batch #3'],
        ['Paid to you on MAT Day', TO_PAY, 'subtotal', undefined],
      ],
    ],
    [
      // 1,234.56 of the distribution + 100.00 of an office payout in one deposit
      'one deposit with an office payout',
      [{ ...ach, lineAmount: usd('1334.56') }],
      [
        [
          'ACH to account ••••6789, settles 11/30/2026',
          TO_PAY,
          'item',
          'Payment batch #3, one payment of $1,334.56 with office payouts',
        ],
        ['Paid to you on MAT Day', TO_PAY, 'subtotal', undefined],
      ],
    ],
    [
      // 1,234.56 sent, 1,234.56 back on the fund: 0.00 reached the missionary
      'returned: no account',
      [{ ...ach, status: 'returned', returnCode: 'R03', returnDate: '2026-12-03' }],
      [
        ['ACH to account ••••6789, settles 11/30/2026', TO_PAY, 'item', 'Payment batch #3'],
        ['Paid to you on MAT Day', TO_PAY, 'subtotal', undefined],
        [
          'Returned on 12/03/2026: R03 No account, or unable to locate account',
          -TO_PAY,
          'item',
          'The money went back to your fund; it is paid again once your bank details are corrected.',
        ],
        ['Reached you', 0, 'total', undefined],
      ],
    ],
    [
      // a wire returned as a closed account (an ISO 20022 reason)
      'a wire returned',
      [
        {
          ...ach,
          method: 'wire',
          maskedAccount: '••••6700',
          status: 'returned',
          returnCode: 'AC04',
          returnDate: '2026-12-04',
        },
      ],
      [
        ['Wire to account ••••6700, sent 11/30/2026', TO_PAY, 'item', 'Payment batch #3'],
        ['Paid to you on MAT Day', TO_PAY, 'subtotal', undefined],
        [
          'Returned on 12/04/2026: AC04 Closed account number',
          -TO_PAY,
          'item',
          'The money went back to your fund; it is paid again once your bank details are corrected.',
        ],
        ['Reached you', 0, 'total', undefined],
      ],
    ],
  ])('%s', (_name, payments, expected) => {
    expect(rows(payments)).toEqual(expected);
  });
});

describe('the dates a payment is made on', () => {
  it.each([
    // [method, MAT date, released on, pays from, paid on]
    ['ach', '2026-11-30', '2026-11-25', '2026-11-30', '2026-11-30'], // before a Monday MAT Day
    ['ach', '2026-07-04', '2026-07-01', '2026-07-04', '2026-07-06'], // Saturday Independence Day → Monday
    ['wire', '2026-10-31', '2026-11-21', '2026-11-21', '2026-11-23'], // released late on a Saturday
    ['check', '2026-10-31', '2026-11-21', '2026-11-21', '2026-11-21'], // a check is dated any day
  ] as const)('%s, MAT %s released %s: pays from %s, on %s', (method, mat, released, from, on) => {
    expect(payDateOf(mat, released)).toBe(from);
    expect(paymentDateOf(method, mat, released)).toBe(on);
  });
});

describe('paymentSection', () => {
  const example = workedExample();
  const d = { ...asReportDistribution(example), comments: null, approved_on: '2024-06-02' };
  const statement = (payments: StatementPayment[] | null, reversal: boolean) =>
    buildStatement({
      siteTitle: 'Sheepfold',
      terms: DEFAULT_TERMS,
      distribution: { ...d, reversal: reversal ? { on: '2024-06-05', by: 'Ada', reason: 'Wrong month' } : null },
      donations: [],
      reports: [],
      advances: [],
      funds: [],
      payments,
    }).sections.map((s) => s.title);

  it('follows "Paid to you this month"', () => {
    const titles = statement([], false);
    expect(titles[titles.indexOf('Paid to you this month') + 1]).toBe('How it was paid');
  });

  it.each([
    ['the office pays outside payment batches', null, false],
    ['the distribution was reversed', [], true],
  ])('is left out when %s', (_name, payments, reversal) => {
    expect(statement(payments, reversal)).not.toContain('How it was paid');
  });

  it('is left out when the distribution pays nothing', () => {
    expect(paymentSection({ ...d, total_funds_disbursed: 5_000, mid_month_disbursement: 5_000 }, [])).toBeNull();
  });
});
