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
import { monthLabel } from '../../../domain/dates';
import { money } from '../../format';
import { DonationsPlot } from './DonationsPlot';
import { donationsChartScale } from './donations-chart-scale';
import type { TrendPointWire } from './types';

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
  const scale = donationsChartScale(points, phone);

  return (
    <Box>
      <Legend />
      <DonationsPlot points={points} label={label} id={id} scale={scale} />
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
        {showTable && <DonationsTable points={points} label={label} />}
      </Box>
    </Box>
  );
}

/** The key to the bars and the line; hidden from screen readers, which have the summary and the table. */
function Legend() {
  return (
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
  );
}

/** The chart's figures as a table, for those who cannot see it or want the exact amounts. */
function DonationsTable({ points, label }: { points: TrendPointWire[]; label: string }) {
  return (
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
              <TableCell>{monthLabel(point.end_date, 'short')}</TableCell>
              <TableCell align="right">{money(point.total_donations)}</TableCell>
              <TableCell align="right">{money(point.ending_balance)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
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
