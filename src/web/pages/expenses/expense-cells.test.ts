import { expenseAmountText, expenseRateText } from './expense-cells';

describe('an expense’s Amount and Rate cells', () => {
  it.each([
    // currency, amount, rate → Amount cell, Rate cell
    ['USD', 398.5, 1, 'USD 398.50', '1'],
    ['KES', 13050, 130.5, 'KES 13,050.00', '130.5 KES/USD'],
    // Entered before currencies were recorded: no dash beside the amount, no "—/USD".
    [null, 18, 1, '18.00', '1'],
    [null, 1800, 120, '1,800.00', '120 per US$1'],
    [null, 18, null, '18.00', '—'],
  ] as const)('%s %d at %d → %s | %s', (currency, field_currency, exchange_rate, amount, rate) => {
    const item = { currency, field_currency, exchange_rate };
    expect(expenseAmountText(item)).toBe(amount);
    expect(expenseRateText(item)).toBe(rate);
  });
});
