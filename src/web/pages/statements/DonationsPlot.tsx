import { Box, useTheme } from '@mui/material';
import { monthLabel } from '../../../domain/dates';
import { axisLabel, CHART_HEIGHT as HEIGHT, CHART_PAD as PAD, shortMonthLabel } from '../../../domain/reports/chart';
import { money } from '../../format';
import type { DonationsChartScale } from './donations-chart-scale';
import type { TrendPointWire } from './types';

/**
 * The chart itself, an SVG image named by its title and described by the spoken summary: the axis,
 * a bar of donations per month, the ending balance as a line with a point per month.
 */
export function DonationsPlot({
  points,
  label,
  id,
  scale,
}: {
  points: TrendPointWire[];
  label: string;
  id: string;
  scale: DonationsChartScale;
}) {
  const theme = useTheme();
  const { width, ticks, y, x, balances, summary, line } = scale;
  return (
    <Box
      component="svg"
      viewBox={`0 0 ${width} ${HEIGHT}`}
      role="img"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-desc`}
      sx={{ width: '100%', height: 'auto', display: 'block', fontFamily: theme.typography.fontFamily }}
    >
      <title id={`${id}-title`}>{label}</title>
      <desc id={`${id}-desc`}>{summary}</desc>
      {ticks.map((tick) => (
        <g key={tick}>
          <line
            x1={PAD.left}
            x2={width - PAD.right}
            y1={y(tick)}
            y2={y(tick)}
            stroke={tick === 0 ? theme.palette.text.secondary : theme.palette.divider}
            strokeWidth={tick === 0 ? 1.2 : 1}
          />
          <text x={PAD.left - 8} y={y(tick) + 4} textAnchor="end" fontSize={12} fill={theme.palette.text.secondary}>
            {axisLabel(tick)}
          </text>
        </g>
      ))}
      <DonationBars points={points} scale={scale} />
      <polyline points={line} fill="none" stroke={theme.palette.secondary.main} strokeWidth={2.5} />
      {points.map((point, index) => (
        <circle
          key={point.distribution_id}
          cx={x(index)}
          cy={y(balances[index])}
          r={4}
          fill={theme.palette.background.paper}
          stroke={theme.palette.secondary.main}
          strokeWidth={2.5}
        >
          <title>{`${monthLabel(point.end_date, 'short')}: ending balance ${money(point.ending_balance)}`}</title>
        </circle>
      ))}
    </Box>
  );
}

/** A bar per month from zero to its donations, and the month's label under every `every`-th bar (the last always). */
function DonationBars({ points, scale }: { points: TrendPointWire[]; scale: DonationsChartScale }) {
  const theme = useTheme();
  const { donations, y, x, barWidth, every } = scale;
  const bars = points.map((point, index) => {
    const top = y(Math.max(0, donations[index]));
    const height = Math.abs(y(donations[index]) - y(0));
    return (
      <g key={point.distribution_id}>
        <rect
          x={x(index) - barWidth / 2}
          y={top}
          width={barWidth}
          height={Math.max(height, donations[index] === 0 ? 0 : 1)}
          rx={3}
          fill={theme.palette.primary.main}
          opacity={0.88}
        >
          <title>{`${monthLabel(point.end_date, 'short')}: donations ${money(point.total_donations)}`}</title>
        </rect>
        {index % every === (points.length - 1) % every && (
          <text x={x(index)} y={HEIGHT - 12} textAnchor="middle" fontSize={12} fill={theme.palette.text.secondary}>
            {shortMonthLabel(point.end_date)}
          </text>
        )}
      </g>
    );
  });
  return <>{bars}</>;
}
