import { Alert, Grid, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { donationsContract } from '../../../../domain/donations/contract';
import { MESSAGES } from '../../../../domain/messages';
import { call } from '../../../api/call';
import { keys } from '../../../api/query-keys';
import { FieldWorkerSearch } from '../components/FieldWorkerSearch';
import { type UploadChoice, UploadsPicker } from '../components/UploadsPicker';
import type { FieldWorker, FormAction, FormState } from '../form-state';

export type { UploadName } from '../../donations/types';

/** Step 1, "Select a Missionary" (the configured term): user search, donation uploads, from and to dates. */
export function SelectStep(props: {
  state: FormState;
  dispatch(action: FormAction): void;
  /** The field worker and the range can no longer change (a saved distribution, or read-only). */
  locked: boolean;
  /** Staff may list the uploads; a missionary sees the saved one only. */
  canListUploads: boolean;
  errors: Record<string, string | undefined>;
  /** The uploads still holding the field worker's undistributed donations (preselected). */
  undistributed: readonly UploadChoice[];
}) {
  const { state, dispatch, locked } = props;
  const uploads = useQuery({
    queryKey: keys.donations.uploadNames,
    queryFn: () => call(donationsContract.listUploadNames),
    enabled: props.canListUploads,
  });
  const names = uploads.data ?? [];
  const preselected =
    !locked &&
    props.undistributed.length > 0 &&
    props.undistributed.every((upload) => state.uploadNames.includes(upload.upload_name));
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
        <UploadsPicker
          id="donation_upload_names"
          value={state.uploadNames}
          onChange={(names) => dispatch({ type: 'upload', value: names })}
          options={names}
          undistributed={props.undistributed}
          disabled={locked || (props.canListUploads && uploads.isPending)}
          loading={props.canListUploads && uploads.isPending}
          error={
            props.errors.donation_upload_names ??
            props.errors.donation_upload_name ??
            (uploads.isError ? `The uploads could not be loaded: ${uploads.error.message}` : undefined)
          }
          helperText={
            preselected
              ? 'Preselected: every upload still holding undistributed donations of this missionary. One named after a month fills the dates.'
              : 'The donation imports whose undistributed donations this distribution takes; one named after a month fills the dates'
          }
        />
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
