import { Alert, InputAdornment, Paper, Stack, TextField, Typography } from '@mui/material';
import { advanceSubmitBlockers } from '../../../domain/expense-reports/calculations';
import { type Cents, formatUSD, fromDollars, parseDollars } from '../../../domain/money';
import type { FullReport } from './types';

/**
 * An advance report's accounting (decision 34): what was approved, what the expenses come to, the
 * unspent cash given back, and — before Submit, not after it — what still keeps the report from
 * being submitted. Submit is disabled while that list is not empty.
 */
export function advanceBlockers(report: FullReport, cashReturned: string): string[] {
  if (report.type !== 'advance') return [];
  const approved: Cents = fromDollars(report.advance_request?.amount_approved ?? 0);
  return advanceSubmitBlockers({
    total: fromDollars(report.total_amount),
    approved,
    cashReturned: parseDollars(cashReturned || '0') ?? 0,
    receipts: report.file_upload.length,
  });
}

export function AdvanceCashCard(props: {
  report: FullReport;
  cashReturned: string;
  onCashReturned(value: string): void;
  editable: boolean;
}) {
  const { report } = props;
  const approved = fromDollars(report.advance_request?.amount_approved ?? 0);
  const spent = fromDollars(report.total_amount);
  const back = parseDollars(props.cashReturned || '0');
  const blockers = advanceBlockers(report, props.cashReturned);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="advance-cash-title">
      <Typography id="advance-cash-title" variant="h2" sx={{ mb: 1 }}>
        Closing the advance
      </Typography>
      <Typography variant="body2" sx={{ mb: 2 }}>
        Expenses plus the cash you give back must come within $1.00 of the {formatUSD(approved)} approved. The office
        adds the cash you give back to your fund when it processes this report.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          id="cash_returned"
          label="Cash returned (unspent)"
          value={props.cashReturned}
          onChange={(event) => props.onCashReturned(event.target.value)}
          disabled={!props.editable}
          inputMode="decimal"
          autoComplete="off"
          error={back === null}
          helperText={back === null ? 'Cash returned must be an amount in dollars.' : ' '}
          slotProps={{ input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }}
        />
        <Typography aria-live="polite">
          Expenses {formatUSD(spent)} + cash returned {formatUSD(back ?? 0)} ={' '}
          <strong>{formatUSD(spent + (back ?? 0))}</strong> of {formatUSD(approved)}
        </Typography>
      </Stack>
      {props.editable && blockers.length === 0 && (
        <Alert severity="success" sx={{ mt: 2 }}>
          The total is within $1.00 of the approved amount. You can submit.
        </Alert>
      )}
      {props.editable && blockers.length > 0 && (
        <Alert severity="info" sx={{ mt: 2 }} aria-label="Before you can submit">
          <strong>Before you can submit:</strong>
          <ul style={{ margin: 0, paddingLeft: '1.2em' }}>
            {blockers.map((blocker) => (
              <li key={blocker}>{blocker}</li>
            ))}
          </ul>
        </Alert>
      )}
    </Paper>
  );
}
