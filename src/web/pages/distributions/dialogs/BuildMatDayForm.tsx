import { Alert, DialogContentText, Stack, TextField } from '@mui/material';
import { MESSAGES } from '../../../../domain/messages';
import { useTerms } from '../../../site/site-config';
import { UploadsPicker } from '../components/UploadsPicker';
import type { BuildMatDayState } from './use-build-mat-day';

/** The build's first step: what it does, the donation uploads and the date range. */
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
      <UploadsPicker
        id="batch-uploads"
        value={range.uploads}
        onChange={state.setUploads}
        options={state.uploads}
        undistributed={state.undistributed}
        error={errors.donation_upload_names?.[0] ?? errors.donation_upload_name?.[0]}
        helperText="Every upload still holding undistributed donations is preselected; one named after a month fills the dates."
      />
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
