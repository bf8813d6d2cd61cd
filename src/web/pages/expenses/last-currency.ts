import type { FullReport } from './types';

const key = (userId: number) => `sheepfold.last-currency.${userId}`;

/**
 * The missionary's last-used currency (decision 22: offered first): the one this device saved with
 * their last expense, else the newest expense of this report that has one.
 */
export function lastUsedCurrency(userId: number, report: Pick<FullReport, 'expense'>): string | null {
  try {
    const saved = localStorage.getItem(key(userId));
    if (saved) return saved;
  } catch {
    // Storage may be off (private mode); the report still tells.
  }
  const withCurrency = [...(report.expense ?? [])].filter((expense) => expense.currency);
  withCurrency.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : b.id - a.id));
  return withCurrency[0]?.currency ?? null;
}

export function rememberCurrency(userId: number, currency: string): void {
  try {
    localStorage.setItem(key(userId), currency);
  } catch {
    // Not remembered on this device; nothing else depends on it.
  }
}

const rateKey = (userId: number) => `sheepfold.last-rates.${userId}`;

function savedRates(userId: number): Record<string, number> {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(rateKey(userId)) ?? '{}');
    if (saved === null || typeof saved !== 'object') return {};
    return Object.fromEntries(
      Object.entries(saved).filter((entry): entry is [string, number] => typeof entry[1] === 'number' && entry[1] > 0),
    );
  } catch {
    return {};
  }
}

/**
 * The missionary's last rate for a currency (decision 37: suggested when the office has none for the
 * month): the one this device saved with their last expense in it, else the newest expense of this
 * report in it.
 */
export function lastUsedRate(userId: number, currency: string, report: Pick<FullReport, 'expense'>): number | null {
  const saved = savedRates(userId)[currency];
  if (saved) return saved;
  const inCurrency = (report.expense ?? []).filter(
    (expense) => expense.currency === currency && expense.exchange_rate !== null && expense.exchange_rate > 0,
  );
  inCurrency.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : b.id - a.id));
  return inCurrency[0]?.exchange_rate ?? null;
}

export function rememberRate(userId: number, currency: string, rate: number): void {
  if (currency === 'USD' || !(rate > 0)) return;
  try {
    localStorage.setItem(rateKey(userId), JSON.stringify({ ...savedRates(userId), [currency]: rate }));
  } catch {
    // Not remembered on this device; the report's own expenses still tell.
  }
}
