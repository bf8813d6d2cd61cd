import { monthLabel } from '../../../domain/dates';
import { fromDollars } from '../../../domain/money';
import { axisTicks, CHART_HEIGHT as HEIGHT, CHART_PAD as PAD } from '../../../domain/reports/chart';
import { money } from '../../format';
import type { TrendPointWire } from './types';

/**
 * Where everything of the donations chart goes: the amounts in cents, the axis ticks from the
 * domain's arithmetic, the scales from cents to y and from month to x, which months get a label,
 * the balance line, and the spoken summary.
 */
export function donationsChartScale(points: TrendPointWire[], phone: boolean) {
  const width = phone ? 360 : 720;
  const plot = { width: width - PAD.left - PAD.right, height: HEIGHT - PAD.top - PAD.bottom };
  const donations = points.map((p) => fromDollars(p.total_donations));
  const balances = points.map((p) => fromDollars(p.ending_balance));
  const ticks = axisTicks([...donations, ...balances], phone ? 4 : 5);
  const low = ticks[0];
  const high = ticks[ticks.length - 1];
  const y = (cents: number) => PAD.top + plot.height - ((cents - low) / (high - low)) * plot.height;
  const slot = plot.width / points.length;
  const barWidth = Math.min(36, slot * 0.56);
  const x = (index: number) => PAD.left + slot * index + slot / 2;
  const every = Math.max(1, Math.ceil(points.length / Math.floor(plot.width / 52)));
  const first = points[0];
  const last = points[points.length - 1];
  const summary =
    `${points.length} approved distribution${points.length === 1 ? '' : 's'} from ${monthLabel(first.end_date, 'short')} ` +
    `to ${monthLabel(last.end_date, 'short')}. Latest: donations ${money(last.total_donations)}, ending balance ` +
    `${money(last.ending_balance)}. Highest donations ${money(Math.max(...donations) / 100)}, lowest ` +
    `${money(Math.min(...donations) / 100)}.`;
  const line = balances.map((cents, index) => `${x(index).toFixed(1)},${y(cents).toFixed(1)}`).join(' ');
  return { width, donations, balances, ticks, y, x, barWidth, every, summary, line };
}

export type DonationsChartScale = ReturnType<typeof donationsChartScale>;
