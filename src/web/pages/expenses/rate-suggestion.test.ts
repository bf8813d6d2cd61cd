import {
  bothWays,
  invertedWarning,
  monthOf,
  rateAfterChange,
  suggestionFor,
  suggestionNote,
  typedRate,
} from './rate-suggestion';

/** Decision 37 on the expense form: the suggestion, what is said about it, and when it may be filled in. */
const office = [
  { month: '2026-03', currency: 'KES', rate: 129.5 },
  { month: '2026-02', currency: 'KES', rate: 128 },
];

describe('the rate suggested for a currency and a date', () => {
  it.each([
    ['2026-03-10', 'KES', 127, { rate: 129.5, source: 'office', month: '2026-03' }], // that month's office rate
    ['2026-02-27', 'KES', 127, { rate: 128, source: 'office', month: '2026-02' }], // the expense's month, not today's
    ['2026-04-01', 'KES', 127, { rate: 127, source: 'last', month: '2026-04' }], // no April rate: the missionary's last
    ['2026-04-01', 'UGX', null, null], // nothing known
    ['2026-03-10', 'USD', 127, null], // dollars have no rate to suggest (it is 1)
    ['2026-03', 'KES', 127, null], // a date still being typed
  ] as const)('%s %s (last %s)', (date, currency, last, expected) => {
    expect(suggestionFor(office, date, currency, last)).toEqual(expected);
  });

  it('reads the month of a whole date only', () => {
    expect(monthOf('2026-03-10')).toBe('2026-03');
    expect(monthOf('')).toBeNull();
  });
});

describe('what the field says about it', () => {
  const march = { rate: 129.5, source: 'office', month: '2026-03' } as const;
  const last = { rate: 127, source: 'last', month: '2026-04' } as const;
  it.each([
    [march, '129.5', 'The office’s rate for March 2026. Change it if you paid at another rate.'],
    [march, '129,5', 'The office’s rate for March 2026. Change it if you paid at another rate.'], // a decimal comma
    [march, '131', 'Your rate. The office’s for March 2026 is 129.50.'],
    [last, '127', 'Your last KES rate: the office has none for April 2026.'],
    [last, '', 'Your rate. Your last KES rate was 127.00.'],
    [null, '', 'No KES rate known yet: type the rate on your receipt or bank slip.'],
  ] as const)('%o with %s typed', (suggestion, typed, note) => {
    expect(suggestionNote(suggestion, 'KES', typed)).toBe(note);
  });

  it('shows the typed rate both ways, and warns when it is turned around', () => {
    expect(bothWays('129,5', 'KES')).toBe('1 US$ = 129.50 KES · 1 KES = 0.0077 US$');
    expect(bothWays('', 'KES')).toBeNull();
    const march = { rate: 129.5, source: 'office', month: '2026-03' } as const;
    expect(invertedWarning('0.0077', march, 'KES')).toBe(
      'This looks turned around: 1 US$ buys about 129.50 KES. Type how many KES one US dollar buys, not US$ per KES.',
    );
    expect(invertedWarning('128', march, 'KES')).toBeNull();
    expect(invertedWarning('0.0077', null, 'KES')).toBeNull();
  });

  it('reads typed rates as the server does', () => {
    expect([typedRate('129,25'), typedRate('0'), typedRate('abc'), typedRate('1.234,5')]).toEqual([
      129.25,
      null,
      null,
      null,
    ]);
  });
});

describe('when a suggestion fills the field', () => {
  it.each([
    ['', null, 129.5, '129.5'], // empty: filled
    ['129.5', '129.5', 128, '128'], // still the last suggestion (the date moved to February): replaced
    ['131', '129.5', 128, null], // typed by the missionary: left alone
    ['129.5', '129.5', null, ''], // another currency with no rate known: the old suggestion goes
    ['', null, null, null], // nothing to suggest, nothing there
    ['1', '1', 129.5, '129.5'], // US dollars' 1, left when KES is chosen: replaced
    ['129.5', '129.5', 129.5, null], // the same suggestion again: nothing to do
  ])('%j (last filled %j), suggestion %j → %j', (typed, lastFilled, suggestion, next) => {
    expect(rateAfterChange(typed, lastFilled, suggestion)).toBe(next);
  });
});
