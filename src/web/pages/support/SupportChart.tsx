import { Box, Stack, useMediaQuery, useTheme } from '@mui/material';
import { monthLabel } from '../../../domain/dates';
import { fromDollars } from '../../../domain/money';
import {
  axisLabel,
  axisTicks,
  CHART_HEIGHT as HEIGHT,
  CHART_PAD as PAD,
  shortMonthLabel,
} from '../../../domain/reports/chart';
import { money } from '../../format';
import type { Support } from './types';

type Months = Support['months'];

/** Where the bars go: cents to y, month to x, and which months get a label. */
function scaleOf(months: Months, phone: boolean) {
  const width = phone ? 360 : 720;
  const plot = { width: width - PAD.left - PAD.right, height: HEIGHT - PAD.top - PAD.bottom };
  const totals = months.map((month) => fromDollars(month.total));
  const ticks = axisTicks(totals, phone ? 4 : 5);
  const high = ticks[ticks.length - 1] || 1;
  const y = (cents: number) => PAD.top + plot.height - (cents / high) * plot.height;
  const slot = plot.width / months.length;
  const x = (index: number) => PAD.left + slot * index + slot / 2;
  // A label ("May '26") about every 64 units: at 56, a phone's last two labels ran into each other.
  const every = Math.max(1, Math.ceil(months.length / Math.floor(plot.width / 64)));
  return { width, ticks, y, x, barWidth: Math.min(22, slot * 0.7), every };
}

function summaryOf(months: Months): string {
  const first = months[0];
  const last = months[months.length - 1];
  if (!first || !last) return 'No months.';
  const best = months.reduce((top, month) => (month.total > top.total ? month : top), first);
  return (
    `Giving per month from ${monthLabel(`${first.month}-01`, 'short')} to ${monthLabel(`${last.month}-01`, 'short')}. ` +
    `This month ${money(last.total)} from ${last.givers} giver${last.givers === 1 ? '' : 's'}. ` +
    `Highest ${money(best.total)} in ${monthLabel(`${best.month}-01`, 'short')}.`
  );
}

/**
 * The 24 months as stacked bars, general below and designated above, in plain SVG (no chart library
 * on the phone's budget); named by its title, described by a spoken summary, the table beside it.
 */
export function SupportChart({ months }: { months: Months }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { width, ticks, y, x, barWidth, every } = scaleOf(months, phone);
  const colors = { general: theme.palette.primary.main, designated: theme.palette.secondary.main };
  return (
    <Box>
      <Stack direction="row" spacing={2} sx={{ mb: 1, color: 'text.secondary', typography: 'body2' }} aria-hidden>
        {(['general', 'designated'] as const).map((kind) => (
          <Stack key={kind} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
            <Box sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: colors[kind] }} />
            <span>{kind === 'general' ? 'General' : 'Designated'}</span>
          </Stack>
        ))}
      </Stack>
      <Box
        component="svg"
        viewBox={`0 0 ${width} ${HEIGHT}`}
        role="img"
        aria-label={summaryOf(months)}
        sx={{ width: '100%', height: 'auto', display: 'block', fontFamily: theme.typography.fontFamily }}
      >
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={PAD.left} x2={width - PAD.right} y1={y(tick)} y2={y(tick)} stroke={theme.palette.divider} />
            <text x={PAD.left - 8} y={y(tick) + 4} textAnchor="end" fontSize={12} fill={theme.palette.text.secondary}>
              {axisLabel(tick)}
            </text>
          </g>
        ))}
        {months.map((month, index) => {
          const general = fromDollars(month.general);
          const designated = fromDollars(month.designated);
          return (
            <g key={month.month}>
              <title>{`${monthLabel(`${month.month}-01`, 'short')}: ${money(month.total)} (general ${money(month.general)}, designated ${money(month.designated)}), ${month.givers} givers`}</title>
              <rect
                x={x(index) - barWidth / 2}
                y={y(general)}
                width={barWidth}
                height={y(0) - y(general)}
                fill={colors.general}
              />
              <rect
                x={x(index) - barWidth / 2}
                y={y(general + designated)}
                width={barWidth}
                height={y(general) - y(general + designated)}
                fill={colors.designated}
              />
              {index % every === (months.length - 1) % every && (
                <text
                  // The newest month's label ends at its bar, so the right edge does not cut it.
                  x={index === months.length - 1 ? x(index) + barWidth / 2 : x(index)}
                  y={HEIGHT - 12}
                  textAnchor={index === months.length - 1 ? 'end' : 'middle'}
                  fontSize={12}
                  fill={theme.palette.text.secondary}
                >
                  {shortMonthLabel(`${month.month}-01`)}
                </text>
              )}
            </g>
          );
        })}
      </Box>
    </Box>
  );
}
