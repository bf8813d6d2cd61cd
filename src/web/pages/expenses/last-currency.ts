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
