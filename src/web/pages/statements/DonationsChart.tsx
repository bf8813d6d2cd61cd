import {
  Box,
  Button,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useId, useState } from 'react';
import { fromDollars } from '../../../domain/money';
import { axisTicks, monthLabel, shortMonthLabel } from '../../../domain/reports/chart';
import { money } from '../../format';
import type { TrendPointWire } from './types';

const HEIGHT = 240;
const PAD = { top: 14, right: 12, bottom: 34, left: 62 };

/** "$4,000" / "-$1,500" for the axis: whole dollars. */
function axisLabel(cents: number): string {
  const dollars = Math.round(cents / 100);
  return `${dollars < 0 ? '-' : ''}$${Math.abs(dollars).toLocaleString('en-US')}`;
}

/**
 * Monthly donations (bars) and the ending balance (line) of the last distributions, as an SVG with
 * a spoken summary, hover titles and a table alternative. Amounts come as dollars from the API and
 * are scaled in cents with the domain's axis arithmetic.
 */
export function DonationsChart({ points, label }: { points: TrendPointWire[]; label: string }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [showTable, setShowTable] = useState(false);
  const id = useId();
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
    `${points.length} approved distribution${points.length === 1 ? '' : 's'} from ${monthLabel(first.end_date)} ` +
    `to ${monthLabel(last.end_date)}. Latest: donations ${money(last.total_donations)}, ending balance ` +
    `${money(last.ending_balance)}. Highest donations ${money(Math.max(...donations) / 100)}, lowest ` +
    `${money(Math.min(...donations) / 100)}.`;
  const line = balances.map((cents, index) => `${x(index).toFixed(1)},${y(cents).toFixed(1)}`).join(' ');

  return (
    <Box>
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1, color: 'text.secondary', typography: 'body2' }}
        aria-hidden
      >
        <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
          <Box sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: 'primary.main' }} />
          <span>Donations</span>
        </Stack>
        <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
          <Box sx={{ width: 18, height: 3, bgcolor: 'secondary.main', borderRadius: 1 }} />
          <span>Ending balance</span>
        </Stack>
      </Stack>
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
        {points.map((point, index) => {
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
                <title>{`${monthLabel(point.end_date)}: donations ${money(point.total_donations)}`}</title>
              </rect>
              {index % every === (points.length - 1) % every && (
                <text
                  x={x(index)}
                  y={HEIGHT - 12}
                  textAnchor="middle"
                  fontSize={12}
                  fill={theme.palette.text.secondary}
                >
                  {shortMonthLabel(point.end_date)}
                </text>
              )}
            </g>
          );
        })}
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
            <title>{`${monthLabel(point.end_date)}: ending balance ${money(point.ending_balance)}`}</title>
          </circle>
        ))}
      </Box>
      <Button
        size="small"
        onClick={() => setShowTable((shown) => !shown)}
        aria-expanded={showTable}
        aria-controls={`${id}-table`}
        sx={{ mt: 1 }}
      >
        {showTable ? 'Hide table' : 'Show as table'}
      </Button>
      <Box id={`${id}-table`} hidden={!showTable}>
        {showTable && (
          <TableContainer>
            <Table size="small" aria-label={`${label} as a table`}>
              <TableHead>
                <TableRow>
                  <TableCell>Month</TableCell>
                  <TableCell align="right">Donations</TableCell>
                  <TableCell align="right">Ending balance</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {points.map((point) => (
                  <TableRow key={point.distribution_id}>
                    <TableCell>{monthLabel(point.end_date)}</TableCell>
                    <TableCell align="right">{money(point.total_donations)}</TableCell>
                    <TableCell align="right">{money(point.ending_balance)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Box>
    </Box>
  );
}

/** What shows instead of the chart before the first approved distribution. */
export function DonationsChartEmpty() {
  return (
    <Typography color="text.secondary">
      No approved distributions yet. Monthly donations and balances appear here after the first MAT Day.
    </Typography>
  );
}
