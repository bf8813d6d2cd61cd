import { type IsoDate, isoDateParts, monthName } from '../dates';
import type { Cents } from '../money';

/**
 * The donations-over-time chart: one point per approved distribution (the last 12), and the axis
 * arithmetic the SVG chart uses. Pure, so it is table-tested here and drawn by the web.
 */
export interface TrendPoint {
  distributionId: number;
  startDate: IsoDate;
  endDate: IsoDate;
  donations: Cents;
  endingBalance: Cents;
}

export const TREND_LENGTH = 12;

/**
 * The frame every SVG chart of the web draws in (the donations chart, My Support's bars): its height
 * and the room around the plot for the axis labels, in SVG units. Here rather than beside one chart,
 * so a second chart shares it with the first one's chunk (docs/performance.md, "One chunk for the
 * missionary's day").
 */
export const CHART_HEIGHT = 240;
export const CHART_PAD = { top: 14, right: 12, bottom: 34, left: 62 };

/** "$4,000" / "-$1,500" for an axis: whole dollars (the ticks are round, so nothing is lost). */
export function axisLabel(cents: Cents): string {
  const dollars = Math.round(cents / 100);
  return `${dollars < 0 ? '-' : ''}$${Math.abs(dollars).toLocaleString('en-US')}`;
}

/** "2024-05-31" → "May '24" for narrow axes. */
export function shortMonthLabel(date: IsoDate): string {
  const { year, month } = isoDateParts(date);
  return `${monthName(month, 'short')} '${String(year).slice(2)}`;
}

/**
 * Round axis ticks (in cents) covering [min, max] and always 0: steps of 1, 2, 2.5 or 5 × 10^k
 * dollars or cents, about `count` ticks. Empty ranges get one step above 0.
 */
export function axisTicks(values: readonly Cents[], count = 5): Cents[] {
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values);
  const range = high - low;
  const rough = range === 0 ? 100 : range / Math.max(1, count - 1);
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((f) => f * magnitude).find((candidate) => candidate >= rough) ?? 10 * magnitude;
  const stepCents = Math.max(1, Math.round(step));
  const first = Math.floor(low / stepCents) * stepCents;
  const last = range === 0 ? stepCents : Math.ceil(high / stepCents) * stepCents;
  const ticks: Cents[] = [];
  for (let tick = first; tick <= last; tick += stepCents) ticks.push(tick === 0 ? 0 : tick);
  return ticks;
}
