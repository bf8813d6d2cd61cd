import { Alert, DialogContentText, MenuItem, Stack, TextField } from '@mui/material';
import { MESSAGES } from '../../../../domain/messages';
import { money } from '../../../format';
import { useTerms } from '../../../site/site-config';
import type { BuildMatDayState } from './use-build-mat-day';

/** The build's first step: what it does, the donation upload and the date range. */
export function BuildMatDayForm({ state }: { state: BuildMatDayState }) {
  const terms = useTerms();
  const { range, errors, reversed } = state;
  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      <DialogContentText>
        Each active {terms.missionary.toLowerCase()} gets a pending distribution computed with the same engine as the
        Distribution Form. {terms.missionaries} who already have a distribution overlapping these dates are skipped.
      </DialogContentText>
      {state.failure && <Alert severity="error">{state.failure}</Alert>}
      <TextField
        select
        id="batch-upload"
        label="Donation Upload"
        value={range.upload}
        onChange={(event) => state.setUpload(event.target.value)}
        error={Boolean(errors.donation_upload_name)}
        helperText={errors.donation_upload_name?.[0]}
      >
        <MenuItem value="">
          <em>No donations</em>
        </MenuItem>
        {state.uploads.map((row) => (
          <MenuItem key={row.upload_name} value={row.upload_name} sx={{ whiteSpace: 'normal' }}>
            {row.upload_name} — {row.donations} donations, {money(row.total_amount)}
          </MenuItem>
        ))}
      </TextField>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          id="batch-start"
          type="date"
          label="From Date"
          required
          value={range.start}
          onChange={(event) => state.setStart(event.target.value)}
          error={Boolean(errors.start_date)}
          helperText={errors.start_date?.[0]}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          id="batch-end"
          type="date"
          label="To Date"
          required
          value={range.end}
          onChange={(event) => state.setEnd(event.target.value)}
          error={Boolean(errors.end_date) || reversed}
          helperText={errors.end_date?.[0] ?? (reversed ? MESSAGES.endBeforeStart : undefined)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
    </Stack>
  );
}
