import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Link,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { type Dollars, fromDollars, sum, toDollars } from '../../../domain/money';
import { type TYearEndRow, type TYearEndTrace, yearEndContract } from '../../../domain/year-end/contract';
import { call } from '../../api/call';
import { queryKeyOf } from '../../api/contract-keys';
import { ErrorState } from '../../components/ErrorState';
import { Loading } from '../../components/Loading';
import { date, money } from '../../format';

type TraceRow = TYearEndTrace['distributions'][number];
type Figure = Exclude<keyof TraceRow, 'id' | 'end_date' | 'tax_status'>;

/** The fields each distribution stores for year end, in the order the figures use them. */
const FIGURES: Array<[Figure, string]> = [
  ['gross_payroll', 'Gross payroll'],
  ['housing_allowance', 'Housing allowance'],
  ['housing_allowance_excluded', 'Excluded (box 14)'],
  ['retirement', '403(b) (box 12 E)'],
  ['federal_income_tax', 'Federal tax (box 2)'],
  ['social_security_wages', 'SS wages (box 3)'],
  ['employee_ss', 'SS tax (box 4)'],
  ['medicare_wages', 'Medicare wages (box 5)'],
  ['employee_mc', 'Medicare tax (box 6)'],
];

/** Sums in cents, so the total row is exact to the cent like the figures it checks. */
function total(rows: readonly TraceRow[], figure: Figure): Dollars {
  return toDollars(sum(rows.map((row) => fromDollars(row[figure]))));
}

/** On a phone, each distribution (and the total) as a block of label and amount, instead of a wide table. */
function TracePhoneList({ rows }: { rows: readonly TraceRow[] }) {
  const blocks = [
    ...rows.map((d) => ({
      key: String(d.id),
      title: `#${d.id}, MAT date ${date(d.end_date)}`,
      value: (f: Figure) => d[f],
    })),
    { key: 'total', title: 'Total', value: (f: Figure) => total(rows, f) },
  ];
  return (
    <Box sx={{ display: { xs: 'block', md: 'none' } }}>
      {blocks.map((block) => (
        <Box key={block.key} sx={{ mb: 2 }}>
          <Typography variant="subtitle2" component="h3">
            {block.title}
          </Typography>
          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: '1fr auto',
              columnGap: 2,
              m: 0,
              '& dd': { m: 0, textAlign: 'right' },
            }}
          >
            {FIGURES.map(([key, label]) => (
              <Box key={key} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {label}
                </Typography>
                <Typography component="dd" variant="body2">
                  {money(block.value(key))}
                </Typography>
              </Box>
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/**
 * The distributions behind one person's year-end figures: each approved, non-reversed distribution
 * with a MAT date in the year and the fields the figures add up, with their totals.
 */
export function TraceDialog({ year, row, onClose }: { year: number; row: TYearEndRow; onClose(): void }) {
  const titleId = useId();
  const input = { query: { year, user_id: row.user_id } };
  const trace = useQuery({
    queryKey: queryKeyOf(yearEndContract.yearEndTrace, input),
    queryFn: () => call(yearEndContract.yearEndTrace, input),
  });
  // A person whose tax status changed has a row per form: each traces to its own distributions.
  const rows = trace.data?.distributions.filter((d) => row.distribution_ids.includes(d.id)) ?? [];
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="lg" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>
        {row.user_name}: {row.form === 'none' ? '' : `${row.form} `}figures for {year}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          Made of {row.distribution_ids.length} approved distribution{row.distribution_ids.length === 1 ? '' : 's'} with
          a MAT date in {year}
          {row.advance_ids.length > 0
            ? `, plus ${money(row.advances_as_wages)} of advances confirmed as wages (#${row.advance_ids.join(', #')})`
            : ''}
          .
        </DialogContentText>
        {trace.isPending && <Loading />}
        {trace.isError && <ErrorState error={trace.error} onRetry={() => trace.refetch()} />}
        {trace.isSuccess && (
          <>
            <TracePhoneList rows={rows} />
            <TableContainer sx={{ overflowX: 'auto', display: { xs: 'none', md: 'block' } }}>
              <Table size="small" aria-label={`Distributions behind ${row.user_name}'s figures`}>
                <TableHead>
                  <TableRow>
                    <TableCell>Distribution</TableCell>
                    <TableCell>MAT date</TableCell>
                    {FIGURES.map(([key, label]) => (
                      <TableCell key={key} align="right">
                        {label}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((d) => (
                    <TableRow key={d.id}>
                      <TableCell>
                        <Link component={RouterLink} to={`/admin/distribution-form/${d.id}`}>
                          #{d.id}
                        </Link>
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{date(d.end_date)}</TableCell>
                      {FIGURES.map(([key]) => (
                        <TableCell key={key} align="right">
                          {money(d[key])}
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                  <TableRow>
                    <TableCell component="th" scope="row" colSpan={2} sx={{ fontWeight: 700 }}>
                      Total
                    </TableCell>
                    {FIGURES.map(([key]) => (
                      <TableCell key={key} align="right" sx={{ fontWeight: 700 }}>
                        {money(total(rows, key))}
                      </TableCell>
                    ))}
                  </TableRow>
                </TableBody>
              </Table>
            </TableContainer>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
