import { Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { monthLabel } from '../../../domain/reports/chart';
import { money } from '../../format';
import type { Support } from './types';

/** Cells a phone leaves out (the chart shows the split); the total and the givers stay. */
const DESK = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** The chart's months as a table, newest first: amounts, the split, givers, new and stopped. */
export function SupportMonthsTable({ months }: { months: Support['months'] }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1, sm: 3 } }}>
      <Typography variant="h2" sx={{ mb: 1, px: { xs: 1, sm: 0 } }}>
        Month by month
      </Typography>
      <TableContainer>
        <Table size="small" aria-label="Giving per month" sx={{ '& td, & th': { px: { xs: 0.75, sm: 2 } } }}>
          <TableHead>
            <TableRow>
              <TableCell>Month</TableCell>
              <TableCell align="right">Total</TableCell>
              <TableCell align="right" sx={DESK}>
                General
              </TableCell>
              <TableCell align="right" sx={DESK}>
                Designated
              </TableCell>
              <TableCell align="right">Givers</TableCell>
              <TableCell align="right">New</TableCell>
              <TableCell align="right">Stopped</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {[...months].reverse().map((month) => (
              <TableRow key={month.month}>
                <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                  {monthLabel(`${month.month}-01`)}
                </TableCell>
                <TableCell align="right">{money(month.total)}</TableCell>
                <TableCell align="right" sx={DESK}>
                  {money(month.general)}
                </TableCell>
                <TableCell align="right" sx={DESK}>
                  {money(month.designated)}
                </TableCell>
                <TableCell align="right">{month.givers}</TableCell>
                <TableCell align="right">{month.new_givers}</TableCell>
                <TableCell align="right">{month.stopped_givers}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
