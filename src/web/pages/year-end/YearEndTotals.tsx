import { Alert, Box, Card, CardContent, Typography } from '@mui/material';
import type { TYearEnd } from '../../../domain/year-end/contract';
import { money } from '../../format';

type Totals = TYearEnd['totals'];

const FIGURES: Array<[Exclude<keyof Totals, 'people'>, string]> = [
  ['gross_pay', 'Gross pay'],
  ['box_1', 'W-2 box 1 wages'],
  ['box_2', 'W-2 box 2 federal tax'],
  ['box_3', 'W-2 box 3 Social Security wages'],
  ['box_4', 'W-2 box 4 Social Security tax'],
  ['box_5', 'W-2 box 5 Medicare wages'],
  ['box_6', 'W-2 box 6 Medicare tax'],
  ['box_12_e', 'W-2 box 12 code E 403(b)'],
  ['box_14', 'W-2 box 14 housing allowance'],
  ['nec_box_1', '1099-NEC box 1'],
  ['nec_box_4', '1099-NEC box 4'],
  ['advances_as_wages', 'Advances confirmed as wages'],
];

/**
 * The year's totals, and the check an administrator looks for first: the gross pay of the rows
 * equals what the year's approved distributions paid, read straight from the table.
 */
export function YearEndTotals({ data }: { data: TYearEnd }) {
  const { totals, distributions } = data;
  const addsUp = totals.gross_pay === distributions.gross_pay;
  const counted = `${distributions.count} approved distribution${distributions.count === 1 ? '' : 's'} of ${data.year}`;
  return (
    <Card variant="outlined" component="section" aria-labelledby="year-end-totals-title">
      <CardContent>
        <Typography id="year-end-totals-title" variant="h6" component="h2" sx={{ mb: 1 }}>
          Totals for {data.year}: {totals.people} {totals.people === 1 ? 'person' : 'people'}
        </Typography>
        <Box
          component="dl"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr auto', md: 'repeat(3, 1fr auto)' },
            columnGap: 3,
            rowGap: 0.5,
            m: 0,
            '& dd': { m: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
          }}
        >
          {FIGURES.map(([key, label]) => (
            <Box key={key} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" variant="body2">
                {money(totals[key])}
              </Typography>
            </Box>
          ))}
        </Box>
        <Alert severity={addsUp ? 'success' : 'warning'} sx={{ mt: 2 }}>
          {addsUp
            ? `The gross pay adds up to the ${counted} (${money(distributions.gross_pay)}).`
            : `The ${counted} paid ${money(distributions.gross_pay)} gross, not ${money(totals.gross_pay)}: check the notes before using these figures.`}
        </Alert>
      </CardContent>
    </Card>
  );
}
