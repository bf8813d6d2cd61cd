import { Box, Typography } from '@mui/material';
import { formatMiles, mileageCost } from '../../../domain/expense-reports/calculations';
import { type Decimal, decimalToString, formatUSD } from '../../../domain/money';

/** The reimbursement a trip earns at the current rate, as the server will compute it; read out as it changes. */
export function MileageCostPreview({
  distance,
  unit,
  unitLabel,
  rate,
}: {
  distance: Decimal | null;
  unit: 'km' | 'mi';
  unitLabel: string;
  rate: Decimal;
}) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{
        bgcolor: 'action.hover',
        borderRadius: 1,
        px: 2,
        py: 1.5,
        display: 'flex',
        flexWrap: 'wrap',
        gap: 1,
      }}
    >
      <Typography color="text.secondary">Reimbursement:</Typography>
      <Typography sx={{ fontWeight: 600 }}>
        {distance ? formatUSD(mileageCost(distance, unit, rate)) : formatUSD(0)}
      </Typography>
      {distance && (
        <Typography color="text.secondary">
          ({decimalToString(distance)} {unitLabel}
          {unit === 'km' ? ` = ${formatMiles(distance, 'km')} miles` : ''} at ${decimalToString(rate)} per mile)
        </Typography>
      )}
    </Box>
  );
}
