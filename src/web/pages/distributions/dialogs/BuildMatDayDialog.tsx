import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ResponseOf } from '../../../../domain/contract';
import { isIsoDate } from '../../../../domain/dates';
import type { distributionsContract } from '../../../../domain/distributions/contract';
import { MESSAGES } from '../../../../domain/messages';
import { ApiError, api } from '../../../api/client';
import { keys } from '../../../api/query-keys';
import { JobProgressBar, newProgressId, useJobProgress } from '../../../components/JobProgress';
import { date, money } from '../../../format';
import { useMessages } from '../../../shell/messages';
import { useTerms } from '../../../site/site-config';
import type { UploadName } from '../../donations/types';

/** What POST /batch-distributions answers, from its contract. */
export type BatchResult = ResponseOf<typeof distributionsContract.batchDistributions>;

/** The build request and its state: busy with its progress, then the outcome or the failure. */
function useBuild(onAnswered: () => void) {
  const messages = useMessages();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<BatchResult | null>(null);
  // Decision 18: the build's progress, polled while it runs.
  const [job, setJob] = useState<string | null>(null);
  const progress = useJobProgress(job);

  const build = async (range: { start: string; end: string; upload: string }) => {
    const progressId = newProgressId();
    setBusy(true);
    setJob(progressId);
    setFailure(null);
    try {
      const result = await api.postJson<BatchResult>('/batch-distributions', {
        start_date: range.start,
        end_date: range.end,
        donation_upload_name: range.upload || undefined,
        progress_id: progressId,
      });
      messages.success(result.message);
      await queryClient.invalidateQueries({ queryKey: keys.distributions.all });
      setOutcome(result);
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors(error.errors);
        setFailure(error.message);
      } else setFailure(MESSAGES.somethingWentWrong);
      messages.error(MESSAGES.distributionError);
    } finally {
      onAnswered();
      setBusy(false);
      setJob(null);
    }
  };
  return { build, busy, errors, failure, outcome, progress };
}

/**
 * "Build MAT Day distributions" (admin): pending distributions for every active missionary for one
 * date range and upload, in one action, after a confirmation step.
 */
export function BuildMatDayDialog(props: { onClose(): void; onBuilt(): void }) {
  const terms = useTerms();
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [upload, setUpload] = useState('');
  const [confirming, setConfirming] = useState(false);
  const { build: send, busy, errors, failure, outcome, progress } = useBuild(() => setConfirming(false));
  const uploads = useQuery({
    queryKey: keys.donations.uploadNames,
    queryFn: () => api.get<UploadName[]>('/donation/upload-names'),
  });
  const reversed = isIsoDate(start) && isIsoDate(end) && end < start;
  const ready = isIsoDate(start) && isIsoDate(end) && !reversed;
  const build = () => send({ start, end, upload });

  return (
    <Dialog open onClose={busy ? undefined : props.onClose} aria-labelledby="build-title" maxWidth="sm" fullWidth>
      <DialogTitle id="build-title">Build MAT Day distributions</DialogTitle>
      <DialogContent>
        {outcome ? (
          <BatchOutcome outcome={outcome} />
        ) : busy ? (
          <JobProgressBar progress={progress} label="Building MAT Day distributions" />
        ) : confirming ? (
          <DialogContentText component="div">
            Build a pending distribution for every active {terms.missionary.toLowerCase()} from {date(start)} to{' '}
            {date(end)} {upload ? `with the donations of “${upload}”` : 'without donations'}? Designated donations,
            recurring transactions and advances approved earlier are ticked; everything else waits for a review. Nothing
            is paid until the distributions are approved.
          </DialogContentText>
        ) : (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DialogContentText>
              Each active {terms.missionary.toLowerCase()} gets a pending distribution computed with the same engine as
              the Distribution Form. {terms.missionaries} who already have a distribution overlapping these dates are
              skipped.
            </DialogContentText>
            {failure && <Alert severity="error">{failure}</Alert>}
            <TextField
              select
              id="batch-upload"
              label="Donation Upload"
              value={upload}
              onChange={(event) => setUpload(event.target.value)}
              error={Boolean(errors.donation_upload_name)}
              helperText={errors.donation_upload_name?.[0]}
            >
              <MenuItem value="">
                <em>No donations</em>
              </MenuItem>
              {(uploads.data ?? []).map((row) => (
                <MenuItem key={row.upload_name} value={row.upload_name}>
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
                value={start}
                onChange={(event) => setStart(event.target.value)}
                error={Boolean(errors.start_date)}
                helperText={errors.start_date?.[0]}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <TextField
                id="batch-end"
                type="date"
                label="To Date"
                required
                value={end}
                onChange={(event) => setEnd(event.target.value)}
                error={Boolean(errors.end_date) || reversed}
                helperText={errors.end_date?.[0] ?? (reversed ? MESSAGES.endBeforeStart : undefined)}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            </Stack>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {outcome ? (
          <>
            <Button onClick={props.onClose}>Close</Button>
            <Button
              variant="contained"
              onClick={() => {
                props.onBuilt();
                props.onClose();
              }}
            >
              Review pending distributions
            </Button>
          </>
        ) : confirming ? (
          <>
            <Button onClick={() => setConfirming(false)} disabled={busy}>
              Back
            </Button>
            <Button variant="contained" onClick={build} disabled={busy}>
              {busy ? 'Building…' : 'Build distributions'}
            </Button>
          </>
        ) : (
          <>
            <Button onClick={props.onClose}>Cancel</Button>
            <Button variant="contained" disabled={!ready} onClick={() => setConfirming(true)}>
              Continue
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}

function BatchOutcome({ outcome }: { outcome: BatchResult }) {
  return (
    <Stack spacing={1.5}>
      <Alert severity={outcome.failed.length > 0 ? 'warning' : 'success'}>
        {outcome.message}
        {outcome.flagged_count > 0 &&
          ` ${outcome.flagged_count} need${outcome.flagged_count === 1 ? 's' : ''} a review before approval.`}
      </Alert>
      {outcome.skipped.length > 0 && (
        <div>
          <Typography variant="h3" sx={{ mb: 0.5 }}>
            Skipped ({outcome.skipped.length})
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {outcome.skipped.map((row) => (
              <li key={row.user_id}>
                <Typography variant="body2">
                  {row.user_name}: {row.reason}
                </Typography>
              </li>
            ))}
          </Box>
        </div>
      )}
      {outcome.failed.length > 0 && (
        <div>
          <Typography variant="h3" sx={{ mb: 0.5 }}>
            Not built ({outcome.failed.length})
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {outcome.failed.map((row) => (
              <li key={row.user_id}>
                <Typography variant="body2" color="error">
                  {row.user_name}: {row.message}
                </Typography>
              </li>
            ))}
          </Box>
        </div>
      )}
    </Stack>
  );
}
