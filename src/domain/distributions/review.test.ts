import {
  allFlagsReviewed,
  notReviewedMessage,
  type PreviousFigures,
  type ReviewedFigures,
  reviewFlags,
  unreviewedFlags,
} from './review';
import { usd } from './test-fixtures';

const current = (overrides: Partial<ReviewedFigures> = {}): ReviewedFigures => ({
  ending_balance: 0,
  total_donations: usd('1000.00'),
  unreimbursed_amount_starting: 0,
  unreimbursed_amount_ending: 0,
  ...overrides,
});
const previous = (donations: string, unreimbursedEnding = '0.00'): PreviousFigures => ({
  total_donations: usd(donations),
  unreimbursed_amount_ending: usd(unreimbursedEnding),
});

describe('MAT Day review flags', () => {
  it.each([
    ['a negative ending balance', current({ ending_balance: -1 }), null, ['negative_ending_balance']],
    ['a zero ending balance', current({ ending_balance: 0 }), null, []],
    // 1000.00 → 750.00 is down exactly 25 %: not "more than"
    ['donations down exactly 25 %', current({ total_donations: usd('750.00') }), previous('1000.00'), []],
    // 4 × (1000.00 − 749.99) = 1000.04 > 1000.00
    [
      'donations down just over 25 %',
      current({ total_donations: usd('749.99') }),
      previous('1000.00'),
      ['donations_down'],
    ],
    ['donations up', current({ total_donations: usd('1500.00') }), previous('1000.00'), []],
    ['no previous distribution', current({ total_donations: 0 }), null, []],
    ['no donations last time either', current({ total_donations: 0 }), previous('0.00'), []],
    [
      'unreimbursed growing this month',
      current({ unreimbursed_amount_starting: 100, unreimbursed_amount_ending: 150 }),
      null,
      ['unreimbursed_growing'],
    ],
    [
      'unreimbursed unchanged',
      current({ unreimbursed_amount_starting: 100, unreimbursed_amount_ending: 100 }),
      null,
      [],
    ],
    // Reports processed outside a distribution raised it to 100.00 since the last one left 50.00.
    [
      'unreimbursed above the previous ending',
      current({ unreimbursed_amount_starting: 100, unreimbursed_amount_ending: 80 }),
      previous('1000.00', '0.50'),
      ['unreimbursed_growing'],
    ],
    [
      'unreimbursed paid down',
      current({ unreimbursed_amount_starting: 300, unreimbursed_amount_ending: 100 }),
      previous('1000.00', '3.00'),
      [],
    ],
    [
      'everything at once',
      current({ ending_balance: -500, total_donations: 0, unreimbursed_amount_ending: 1 }),
      previous('1000.00'),
      ['negative_ending_balance', 'donations_down', 'unreimbursed_growing'],
    ],
  ])('%s', (_what, figures, before, codes) => {
    expect(reviewFlags(figures, before).map((flag) => flag.code)).toEqual(codes);
  });

  it('says what it found in words', () => {
    expect(reviewFlags(current({ total_donations: usd('600.00') }), previous('1000.00'))).toEqual([
      { code: 'donations_down', message: 'Donations down 40 % from the previous distribution ($1,000.00 to $600.00).' },
    ]);
    expect(reviewFlags(current({ ending_balance: usd('-12.50') }), null)[0].message).toBe(
      'Ending balance is negative: -$12.50.',
    );
  });
});

describe('reviewing flags before approval', () => {
  const negative = { code: 'negative_ending_balance' as const, message: 'Ending balance is negative: -$10.00.' };
  const down = { code: 'donations_down' as const, message: 'Donations down 30 % from the previous distribution.' };
  it.each([
    ['nothing ticked', [negative, down], [], [negative, down]],
    ['one of two ticked', [negative, down], ['donations_down'], [negative]],
    ['both ticked', [negative, down], ['negative_ending_balance', 'donations_down'], []],
    ['no flags at all', [], [], []],
    ['a tick for a flag it does not have', [], ['donations_down'], []],
  ])('%s', (_name, flags, reviewed, open) => {
    expect(unreviewedFlags(flags, reviewed)).toEqual(open);
  });

  it('names each flag still to review', () => {
    expect(notReviewedMessage(12, [negative])).toBe(
      'Distribution #12 has a flag to review before it can be approved: Ending balance is negative: -$10.00.',
    );
  });

  it('says every flag of the given distributions was reviewed, leaving out those without flags', () => {
    expect(
      allFlagsReviewed([
        { id: 1, review_flags: [negative, down] },
        { id: 2, review_flags: [] },
      ]),
    ).toEqual([{ id: 1, flags: ['negative_ending_balance', 'donations_down'] }]);
  });
});
