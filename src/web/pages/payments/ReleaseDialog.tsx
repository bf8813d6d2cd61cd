import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { paymentsContract, type TPaymentBatch } from '../../../domain/payments/contract';
import { secondFactorVerifyContract } from '../../../domain/second-factor/verify-contract';
import { ApiError, call } from '../../api/call';
import { money } from '../../format';
import { useMessages } from '../../shell/messages';
import { releaseSummary } from './batch-summary';

/**
 * Releasing a draft (docs/payments.md "Release"): the dialog says in money what it pays and which files
 * it makes. When the server answers that the admin's second factor is stale (403), its message shows
 * and a code field appears; the code is proven first, then the release sent again.
 */
export function ReleaseDialog(props: {
  batch: TPaymentBatch;
  onReleased(batch: TPaymentBatch): void;
  onClose(): void;
}) {
  const messages = useMessages();
  const { batch } = props;
  const [needsCode, setNeedsCode] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<{ code?: string; form?: string }>({});
  const release = useMutation({
    mutationFn: async () => {
      if (needsCode !== null) await call(secondFactorVerifyContract.verifySecondFactor, { body: { code } });
      return call(paymentsContract.releaseBatch, { params: { id: batch.id } });
    },
    onSuccess: (released) => {
      messages.success(`Released batch #${batch.id}: download its files and upload them to your bank.`);
      props.onReleased(released);
    },
    onError: (failure) => {
      if (!(failure instanceof ApiError)) return setError({ form: 'Something went wrong.' });
      if (failure.status === 403 && /second factor/i.test(failure.message)) {
        setNeedsCode(failure.message);
        return setError({});
      }
      setError({ code: failure.errors.code?.[0], form: failure.message });
    },
  });
  const submit = () => {
    if (needsCode !== null && code.trim() === '') return setError({ code: 'Code is required.' });
    release.mutate();
  };
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="sm" aria-labelledby="release-title">
      <DialogTitle id="release-title">Release batch #{batch.id}?</DialogTitle>
      <DialogContent>
        <Stack spacing={1.5}>
          {releaseSummary(batch).map((sentence, index) => (
            <Typography key={sentence} sx={index === 0 ? { fontWeight: 'bold' } : undefined}>
              {sentence}
            </Typography>
          ))}
          {needsCode !== null && (
            <>
              <Alert severity="warning">{needsCode}</Alert>
              <TextField
                id="release-code"
                label="Code from your authenticator app"
                value={code}
                onChange={(event) => {
                  setCode(event.target.value);
                  setError({});
                }}
                required
                fullWidth
                autoComplete="one-time-code"
                error={error.code !== undefined}
                helperText={error.code}
              />
            </>
          )}
          {error.form && !error.code && <Alert severity="error">{error.form}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button variant="contained" onClick={submit} disabled={release.isPending}>
          Release {money(batch.total)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
