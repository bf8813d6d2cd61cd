import type { Expense } from './types';

type Amounts = Pick<Expense, 'currency' | 'field_currency' | 'exchange_rate'>;

const twoDecimals = (value: number) => value.toLocaleString('en-US', { minimumFractionDigits: 2 });

/**
 * The Amount cell of an expense: the receipt's currency code beside its amount (decision 22), so the
 * rate can be checked against the receipt. Expenses entered before currencies were recorded have
 * none: their amount stands alone rather than beside a dash ("— 18.00").
 */
export function expenseAmountText(item: Amounts): string {
  return item.currency ? `${item.currency} ${twoDecimals(item.field_currency)}` : twoDecimals(item.field_currency);
}

/**
 * The Rate cell: "1" for US dollars, else how many of the receipt's currency one US dollar buys
 * ("130.5 KES/USD"). Without a recorded currency a rate of 1 was a dollar expense ("1"), and any
 * other rate is said per dollar without a code ("130.5 per US$1"), never "—/USD"; no rate at all is "—".
 */
export function expenseRateText(item: Amounts): string {
  if (item.currency === 'USD') return '1';
  if (item.exchange_rate === null) return '—';
  if (item.currency) return `${item.exchange_rate} ${item.currency}/USD`;
  return Number(item.exchange_rate) === 1 ? '1' : `${item.exchange_rate} per US$1`;
}
