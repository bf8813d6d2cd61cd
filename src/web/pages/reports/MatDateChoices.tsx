import { Chip, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { reportsContract } from '../../../domain/reports/contract';
import type { DistributionStatus } from '../../../domain/reports/schemas';
import { call } from '../../api/call';
import { queryKeyOf } from '../../api/contract-keys';
import { date } from '../../format';

const SHOWN = 6;

/**
 * The MAT dates that have distributions of the chosen status, as one-tap choices under the date field
 * (a date with no MAT Day used to give a header-only file and no word why).
 */
export function MatDateChoices({ status, onChoose }: { status: DistributionStatus; onChoose(date: string): void }) {
  const query = useQuery({
    queryKey: queryKeyOf(reportsContract.matDates, { query: { status } }),
    queryFn: () => call(reportsContract.matDates, { query: { status } }),
  });
  if (!query.data) return null;
  const dates = query.data.data.slice(0, SHOWN);
  if (dates.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        There are no {status} distributions yet.
      </Typography>
    );
  }
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      <Typography variant="body2" color="text.secondary" component="span">
        MAT dates with {status} distributions:
      </Typography>
      {dates.map((row) => (
        <Chip
          key={row.mat_date}
          size="small"
          variant="outlined"
          label={date(row.mat_date)}
          aria-label={`Use ${date(row.mat_date)} (${row.count} ${row.count === 1 ? 'distribution' : 'distributions'})`}
          onClick={() => onChoose(row.mat_date)}
        />
      ))}
    </Stack>
  );
}
