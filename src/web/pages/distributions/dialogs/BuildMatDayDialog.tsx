import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { JobProgressBar } from '../../../components/JobProgress';
import { date } from '../../../format';
import { useTerms } from '../../../site/site-config';
import { BatchOutcome } from './BatchOutcome';
import { BuildMatDayForm } from './BuildMatDayForm';
import { type BuildMatDayState, useBuildMatDay } from './use-build-mat-day';

/**
 * "Build MAT Day distributions" (admin): pending distributions for every active missionary for one
 * date range and its uploads, in one action, after a confirmation step.
 */
export function BuildMatDayDialog(props: { onClose(): void; onBuilt(): void }) {
  const terms = useTerms();
  const state = useBuildMatDay();
  const { range, outcome, busy, confirming } = state;

  return (
    <Dialog open onClose={busy ? undefined : props.onClose} aria-labelledby="build-title" maxWidth="sm" fullWidth>
      <DialogTitle id="build-title">Build MAT Day distributions</DialogTitle>
      <DialogContent>
        {outcome ? (
          <BatchOutcome outcome={outcome} />
        ) : busy ? (
          <JobProgressBar progress={state.progress} label="Building MAT Day distributions" />
        ) : confirming ? (
          <DialogContentText component="div">
            Build a pending distribution for every active {terms.missionary.toLowerCase()} from {date(range.start)} to{' '}
            {date(range.end)}{' '}
            {range.uploads.length > 0
              ? `with the undistributed donations of ${range.uploads.map((name) => `“${name}”`).join(', ')}?`
              : 'without donations?'}{' '}
            Designated donations, recurring transactions and advances approved earlier are ticked; everything else waits
            for a review. Nothing is paid until the distributions are approved.
          </DialogContentText>
        ) : (
          <BuildMatDayForm state={state} />
        )}
      </DialogContent>
      <DialogActions>
        <BuildMatDayActions state={state} onClose={props.onClose} onBuilt={props.onBuilt} />
      </DialogActions>
    </Dialog>
  );
}

/** The buttons of each step: Cancel/Continue, Back/Build distributions, then Close/Review. */
function BuildMatDayActions({ state, ...props }: { state: BuildMatDayState; onClose(): void; onBuilt(): void }) {
  if (state.outcome) {
    return (
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
    );
  }
  if (state.confirming) {
    return (
      <>
        <Button onClick={() => state.setConfirming(false)} disabled={state.busy}>
          Back
        </Button>
        <Button variant="contained" onClick={state.build} disabled={state.busy}>
          {state.busy ? 'Building…' : 'Build distributions'}
        </Button>
      </>
    );
  }
  return (
    <>
      <Button onClick={props.onClose}>Cancel</Button>
      <Button variant="contained" disabled={!state.ready} onClick={() => state.setConfirming(true)}>
        Continue
      </Button>
    </>
  );
}
