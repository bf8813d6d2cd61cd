import { Alert, Grid, MenuItem, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { MESSAGES } from '../../../../domain/messages';
import { api } from '../../../api/client';
import { keys } from '../../../api/query-keys';
import { date, money } from '../../../format';
import type { UploadName } from '../../donations/types';
import { FieldWorkerSearch } from '../components/FieldWorkerSearch';
import type { FieldWorker, FormAction, FormState } from '../form-state';

export type { UploadName } from '../../donations/types';

/** Step 1, "Select a Missionary" (the configured term): user search, donation upload, from and to dates. */
export function SelectStep(props: {
  state: FormState;
  dispatch(action: FormAction): void;
  /** The field worker and the range can no longer change (a saved distribution, or read-only). */
  locked: boolean;
  /** Staff may list the uploads; a missionary sees the saved one only. */
  canListUploads: boolean;
  errors: Record<string, string | undefined>;
}) {
  const { state, dispatch, locked } = props;
  const uploads = useQuery({
    queryKey: keys.donations.uploadNames,
    queryFn: () => api.get<UploadName[]>('/donation/upload-names'),
    enabled: props.canListUploads,
  });
  const names = uploads.data ?? [];
  // The first upload; a distribution saved with several (API, Build MAT Day) keeps the others.
  const uploadName = state.uploadNames[0] ?? '';
  const known = names.some((upload) => upload.upload_name === uploadName);
  const chosen = (value: string) => (value === '' ? [] : [value, ...state.uploadNames.slice(1)]);
  const reversed = state.startDate !== '' && state.endDate !== '' && state.endDate < state.startDate;

  return (
    <Grid container spacing={2}>
      <Grid size={12}>
        <FieldWorkerSearch
          value={state.fieldWorker}
          onChange={(fieldWorker: FieldWorker | null) => dispatch({ type: 'fieldWorker', fieldWorker })}
          disabled={locked}
          error={props.errors.user_id}
        />
      </Grid>
      <Grid size={12}>
        <TextField
          select
          id="donation_upload_name"
          label="Donation Upload"
          value={uploadName}
          disabled={locked || (props.canListUploads && uploads.isPending)}
          onChange={(event) => dispatch({ type: 'upload', value: chosen(event.target.value) })}
          error={Boolean(props.errors.donation_upload_name) || uploads.isError}
          helperText={
            props.errors.donation_upload_name ??
            (uploads.isError
              ? `The uploads could not be loaded: ${uploads.error.message}`
              : 'The donation import whose donations this distribution uses; one named after a month fills the dates')
          }
        >
          <MenuItem value="">
            <em>No donations</em>
          </MenuItem>
          {uploadName !== '' && !known && <MenuItem value={uploadName}>{uploadName}</MenuItem>}
          {names.map((upload) => (
            <MenuItem key={upload.upload_name} value={upload.upload_name} sx={{ whiteSpace: 'normal' }}>
              {upload.upload_name} — {upload.donations} donations, {money(upload.total_amount)}
              {upload.last_imported_at ? `, imported ${date(upload.last_imported_at)}` : ''}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          id="start_date"
          type="date"
          label="From Date"
          required
          value={state.startDate}
          disabled={locked}
          onChange={(event) => dispatch({ type: 'startDate', value: event.target.value })}
          error={Boolean(props.errors.start_date)}
          helperText={props.errors.start_date}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          id="end_date"
          type="date"
          label="To Date"
          required
          value={state.endDate}
          disabled={locked}
          onChange={(event) => dispatch({ type: 'endDate', value: event.target.value })}
          error={Boolean(props.errors.end_date) || reversed}
          helperText={props.errors.end_date ?? (reversed ? MESSAGES.endBeforeStart : undefined)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: state.startDate || undefined } }}
        />
      </Grid>
      {names.length === 0 && uploads.isSuccess && (
        <Grid size={12}>
          <Alert severity="info">
            No donation file has been imported yet. The distribution will have no donations.
          </Alert>
        </Grid>
      )}
    </Grid>
  );
}
