import { localToday } from '../../format';

/**
 * The years the Year End screen offers: this one and the five before. Until the end of March the
 * office is still closing the year before (W-2s are due by 31 January, corrections follow), so that
 * is the year it opens on; from April on, the current one.
 */
export function yearChoices(today = localToday()): { years: number[]; initial: number } {
  const current = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const years = Array.from({ length: 6 }, (_, index) => current - index);
  return { years, initial: month <= 3 ? current - 1 : current };
}
